-- The Tower 0.1.0: schema and rows of a site in use, made by scripts/make-upgrade-fixture.ts.
-- The next release's migrations are tested on it (src/server/db/upgrade.test.ts). Do not edit by hand.

-- The released migrations, as drizzle's migrator ran them.
CREATE TABLE "admin_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
CREATE TABLE "admin_users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_users_username_unique" UNIQUE("username")
);
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor" text NOT NULL,
	"action" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
CREATE TABLE "calendar_sources" (
	"id" text PRIMARY KEY NOT NULL,
	"property_id" integer NOT NULL,
	"url" text NOT NULL,
	"last_attempt_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"last_error" text,
	"last_event_count" integer,
	"stale_notified_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
CREATE TABLE "demo_payment_intents" (
	"id" text PRIMARY KEY NOT NULL,
	"client_secret" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"idempotency_key" text,
	"last_error" text,
	"amount_refunded" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
CREATE TABLE "demo_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_intent_id" text NOT NULL,
	"amount" integer NOT NULL,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "demo_refunds_idempotency_key_unique" UNIQUE("idempotency_key")
);
CREATE TABLE "imported_events" (
	"source_id" text NOT NULL,
	"property_id" integer NOT NULL,
	"uid" text NOT NULL,
	"check_in" date NOT NULL,
	"check_out" date NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"conflict" boolean DEFAULT false NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "imported_events_source_id_uid_check_in_pk" PRIMARY KEY("source_id","uid","check_in")
);
CREATE TABLE "outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"dedupe_key" text NOT NULL,
	"kind" text NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outbox_dedupe_key_unique" UNIQUE("dedupe_key")
);
CREATE TABLE "properties" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"price_per_night_gbp" integer NOT NULL,
	"weekend_price_gbp" integer NOT NULL,
	"cleaning_fee_gbp" integer NOT NULL,
	"bedrooms" integer NOT NULL,
	"bathrooms" integer NOT NULL,
	"max_guests" integer NOT NULL,
	"size_m2" integer NOT NULL,
	"description" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
CREATE TABLE "stays" (
	"id" text PRIMARY KEY NOT NULL,
	"property_id" integer NOT NULL,
	"kind" text NOT NULL,
	"source" text DEFAULT 'web' NOT NULL,
	"status" text NOT NULL,
	"check_in" date NOT NULL,
	"check_out" date NOT NULL,
	"guest_count" integer DEFAULT 1 NOT NULL,
	"contact_name" text NOT NULL,
	"contact_email" text DEFAULT '' NOT NULL,
	"contact_phone" text DEFAULT '' NOT NULL,
	"special_requests" text DEFAULT '' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"accommodation_pence" integer DEFAULT 0 NOT NULL,
	"cleaning_fee_pence" integer DEFAULT 0 NOT NULL,
	"service_fee_pence" integer DEFAULT 0 NOT NULL,
	"total_pence" integer DEFAULT 0 NOT NULL,
	"hold_expires_at" timestamp with time zone,
	"hold_token" text,
	"payment_intent_id" text,
	"paid_pence" integer DEFAULT 0 NOT NULL,
	"refunded_pence" integer DEFAULT 0 NOT NULL,
	"flag" text,
	"confirmed_at" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stays_dates_order" CHECK ("stays"."check_out" > "stays"."check_in")
);
ALTER TABLE "admin_sessions" ADD CONSTRAINT "admin_sessions_user_id_admin_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."admin_users"("id") ON DELETE cascade ON UPDATE no action;
ALTER TABLE "calendar_sources" ADD CONSTRAINT "calendar_sources_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE no action ON UPDATE no action;
ALTER TABLE "demo_refunds" ADD CONSTRAINT "demo_refunds_payment_intent_id_demo_payment_intents_id_fk" FOREIGN KEY ("payment_intent_id") REFERENCES "public"."demo_payment_intents"("id") ON DELETE no action ON UPDATE no action;
ALTER TABLE "imported_events" ADD CONSTRAINT "imported_events_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE no action ON UPDATE no action;
ALTER TABLE "stays" ADD CONSTRAINT "stays_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE no action ON UPDATE no action;
CREATE INDEX "admin_sessions_user_idx" ON "admin_sessions" USING btree ("user_id");
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at");
CREATE UNIQUE INDEX "demo_payment_intents_idempotency_idx" ON "demo_payment_intents" USING btree ("idempotency_key");
CREATE INDEX "imported_events_property_dates_idx" ON "imported_events" USING btree ("property_id","check_in","check_out");
CREATE INDEX "outbox_due_idx" ON "outbox" USING btree ("status","next_attempt_at");
CREATE INDEX "stays_property_dates_idx" ON "stays" USING btree ("property_id","check_in","check_out");
CREATE INDEX "stays_status_idx" ON "stays" USING btree ("status");
CREATE UNIQUE INDEX "stays_payment_intent_idx" ON "stays" USING btree ("payment_intent_id");
-- Live stays (pending holds, confirmed bookings, owner blocks) may never share a night: the database itself
-- refuses a double booking, whatever the application does. A stay occupies the nights [check_in, check_out).
CREATE EXTENSION IF NOT EXISTS btree_gist;
ALTER TABLE "stays" ADD CONSTRAINT "stays_no_overlap"
  EXCLUDE USING gist ("property_id" WITH =, daterange("check_in", "check_out", '[)') WITH &&)
  WHERE ("status" IN ('pending', 'confirmed'));
CREATE TABLE "job_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"last_run_at" timestamp with time zone NOT NULL,
	"last_finished_at" timestamp with time zone,
	"last_error" text
);
ALTER TABLE "imported_events" ADD COLUMN "echo" boolean DEFAULT false NOT NULL;
ALTER TABLE "stays" ADD COLUMN "hold_client_key" text;
CREATE INDEX "stays_hold_client_idx" ON "stays" USING btree ("hold_client_key");
ALTER TABLE "stays" ADD COLUMN "attention" text;
ALTER TABLE "stays" ADD COLUMN "attention_detail" text;
ALTER TABLE "stays" ADD COLUMN "refund_due_pence" integer DEFAULT 0 NOT NULL;
-- Existing rows: the free-text flag becomes a code (and the provider's reason), and the refund still owed, so far
-- rebuilt from the cancellation's audit row, becomes a column.
UPDATE "stays" SET "attention" = "flag"
  WHERE "flag" IN ('calendar_conflict', 'paid_after_nights_taken', 'paid_after_cancellation');
UPDATE "stays" SET "attention" = 'refund_pending' WHERE "flag" LIKE 'Refund of % pending.';
UPDATE "stays" SET "attention" = 'refund_failed',
  "attention_detail" = substring("flag" from 'failed: (.*)\. Press Retry refund to try again\.$')
  WHERE "flag" LIKE 'Refund of % failed: %';
UPDATE "stays" s SET "refund_due_pence" = greatest(0, t.target - s."refunded_pence")
  FROM (
    SELECT "details"->>'stayId' AS stay_id, max(("details"->>'refundTargetPence')::integer) AS target
    FROM "audit_log"
    WHERE "action" = 'booking.canceled' AND ("details"->>'refundTargetPence') IS NOT NULL
    GROUP BY 1
  ) t
  WHERE s."id" = t.stay_id;
ALTER TABLE "stays" DROP COLUMN "flag";
ALTER TABLE "outbox" ADD COLUMN "stay_id" text;
ALTER TABLE "stays" ADD COLUMN "manage_key" text DEFAULT replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '') NOT NULL;
ALTER TABLE "stays" ADD COLUMN "access_code" text;
ALTER TABLE "stays" ADD COLUMN "erased_at" timestamp with time zone;
CREATE INDEX "outbox_stay_idx" ON "outbox" USING btree ("stay_id");
-- hand-written below
-- Messages queued before this migration name their stay in their dedupe key ('booking-confirmed:{id}:guest').
UPDATE "outbox" SET "stay_id" = split_part("dedupe_key", ':', 2)
  WHERE "stay_id" IS NULL
    AND split_part("dedupe_key", ':', 1) IN ('booking-confirmed', 'booking-canceled', 'payment-refunded-nights-taken');
CREATE TABLE "promo_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"percent_bp" integer,
	"amount_pence" integer,
	"book_from" date,
	"book_to" date,
	"stay_from" date,
	"stay_to" date,
	"max_uses" integer,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
CREATE TABLE "rate_plans" (
	"property_id" integer PRIMARY KEY NOT NULL,
	"plan" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
ALTER TABLE "stays" ADD COLUMN "discount_pence" integer DEFAULT 0 NOT NULL;
ALTER TABLE "stays" ADD COLUMN "levy_pence" integer DEFAULT 0 NOT NULL;
ALTER TABLE "stays" ADD COLUMN "promo_code_id" integer;
ALTER TABLE "stays" ADD COLUMN "quote" jsonb;
ALTER TABLE "rate_plans" ADD CONSTRAINT "rate_plans_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE no action ON UPDATE no action;
CREATE UNIQUE INDEX "promo_codes_code_idx" ON "promo_codes" USING btree (upper("code"));
ALTER TABLE "stays" ADD CONSTRAINT "stays_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE no action ON UPDATE no action;
CREATE INDEX "stays_promo_code_idx" ON "stays" USING btree ("promo_code_id");
CREATE TABLE "owner_texts" (
	"property_id" integer PRIMARY KEY NOT NULL,
	"experience" jsonb NOT NULL,
	"about" jsonb NOT NULL,
	"features" jsonb NOT NULL,
	"unique_points" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
CREATE TABLE "property_facts" (
	"property_id" integer PRIMARY KEY NOT NULL,
	"licence_number" text,
	"epc_rating" text,
	"max_occupancy" integer,
	"street_address" text,
	"postcode" text,
	"address_public" boolean DEFAULT true NOT NULL,
	"facebook_url" text,
	"instagram_url" text,
	"tiktok_url" text,
	"hashtags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"enquiries_email" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "property_facts_epc_rating" CHECK ("property_facts"."epc_rating" in ('A', 'B', 'C', 'D', 'E', 'F', 'G')),
	CONSTRAINT "property_facts_max_occupancy" CHECK ("property_facts"."max_occupancy" between 1 and 100)
);
ALTER TABLE "owner_texts" ADD CONSTRAINT "owner_texts_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE no action ON UPDATE no action;
ALTER TABLE "property_facts" ADD CONSTRAINT "property_facts_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE no action ON UPDATE no action;
CREATE TABLE "demo_payment_methods" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"card_number" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
ALTER TABLE "demo_payment_intents" ADD COLUMN "customer_id" text;
ALTER TABLE "demo_payment_intents" ADD COLUMN "setup_future_usage" boolean DEFAULT false NOT NULL;
ALTER TABLE "demo_payment_intents" ADD COLUMN "payment_method_id" text;
ALTER TABLE "demo_payment_intents" ADD COLUMN "last_error_code" text;
ALTER TABLE "stays" ADD COLUMN "schedule_kind" text DEFAULT 'full' NOT NULL;
ALTER TABLE "stays" ADD COLUMN "deposit_pence" integer DEFAULT 0 NOT NULL;
ALTER TABLE "stays" ADD COLUMN "balance_pence" integer DEFAULT 0 NOT NULL;
ALTER TABLE "stays" ADD COLUMN "balance_due_on" date;
ALTER TABLE "stays" ADD COLUMN "balance_status" text DEFAULT 'none' NOT NULL;
ALTER TABLE "stays" ADD COLUMN "balance_attempts" integer DEFAULT 0 NOT NULL;
ALTER TABLE "stays" ADD COLUMN "balance_payment_intent_id" text;
ALTER TABLE "stays" ADD COLUMN "balance_failure_code" text;
ALTER TABLE "stays" ADD COLUMN "balance_last_error" text;
ALTER TABLE "stays" ADD COLUMN "balance_last_attempt_at" timestamp with time zone;
ALTER TABLE "stays" ADD COLUMN "balance_failed_at" timestamp with time zone;
ALTER TABLE "stays" ADD COLUMN "balance_reminders_sent" integer DEFAULT 0 NOT NULL;
ALTER TABLE "stays" ADD COLUMN "balance_owner_notified_at" timestamp with time zone;
ALTER TABLE "stays" ADD COLUMN "balance_paid_at" timestamp with time zone;
ALTER TABLE "stays" ADD COLUMN "customer_id" text;
ALTER TABLE "stays" ADD COLUMN "payment_method_id" text;
CREATE INDEX "stays_balance_due_idx" ON "stays" USING btree ("balance_status","balance_due_on");
CREATE TABLE "photos" (
	"id" text PRIMARY KEY NOT NULL,
	"position" integer NOT NULL,
	"alt" text DEFAULT '' NOT NULL,
	"original" text NOT NULL,
	"format" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" integer NOT NULL,
	"status" text NOT NULL,
	"public_key" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_until" timestamp with time zone,
	"last_error" text,
	"social" boolean DEFAULT false NOT NULL,
	"feature_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
CREATE INDEX "photos_position_idx" ON "photos" USING btree ("position");
CREATE UNIQUE INDEX "photos_one_social_idx" ON "photos" USING btree ("social") WHERE "photos"."social";
CREATE UNIQUE INDEX "photos_feature_idx" ON "photos" USING btree ("feature_id");

-- The migrator's own record of what it ran.
create schema if not exists "drizzle";
create table if not exists "drizzle"."__drizzle_migrations" (id serial primary key, hash text not null, created_at bigint);
insert into "drizzle"."__drizzle_migrations" (hash, created_at) values ('ce2a9743b7f205c9f2c7277cf214e0fd589d53a989793eb1484c5805186bc8cd', 1795382693228);
insert into "drizzle"."__drizzle_migrations" (hash, created_at) values ('f9bc4cabad7f447c8dd4ee6bd7600edf60a41f3ee51f8ad2df475af6d4a13e74', 1795382694669);
insert into "drizzle"."__drizzle_migrations" (hash, created_at) values ('3517e5ec6dc238ff88f53d61cd4f48aac50c5cad3f37a821049a5133a26df54c', 1795587181184);
insert into "drizzle"."__drizzle_migrations" (hash, created_at) values ('e02bbba60419b8216652ebe741de75beeeb07419380b184ed7c89af4d1893895', 1795588881762);
insert into "drizzle"."__drizzle_migrations" (hash, created_at) values ('65b8e2f587869668498808921bb5dc33e0d87623873516a287a5e39822ea9649', 1795588884172);
insert into "drizzle"."__drizzle_migrations" (hash, created_at) values ('cb3897174790f3696919cdfea845c832e10b5e979ffc0a525db7083b6f36d5c4', 1795595673177);
insert into "drizzle"."__drizzle_migrations" (hash, created_at) values ('9e29f00edcb9171764bdf7ed9a9d4c4fa5718a83d04938c7fc4d2fb44bdd49fe', 1795598180033);
insert into "drizzle"."__drizzle_migrations" (hash, created_at) values ('94619f365b570bddec198f84ff49660e3e35b6f326463e2080a2e055bf5cb995', 1795598273967);
insert into "drizzle"."__drizzle_migrations" (hash, created_at) values ('4ca0ae030f460cb81a6e243e1dfae61ddaa70696b0251d6bfe496b1e2aee04b6', 1795598875906);
insert into "drizzle"."__drizzle_migrations" (hash, created_at) values ('82ff7cd4eedc72e6c9dcbb5a106a6464ce6d80913c787c92e486ce6cedd5ba7c', 1795599124090);

-- Every table's rows.
insert into "admin_users" select * from json_populate_recordset(null::"admin_users", $rows$[{"id":1,"username":"owner","password_hash":"scrypt$32768$8$1$gPcHr6dDOH/2ngZYrdac4Q==$ApzDQJiMrNlMVSfdbbX/EU3s/TEu9xwog74WTEg142o=","created_at":"2026-09-01T09:00:00+00:00","updated_at":"2026-09-01T09:00:00+00:00"}]$rows$);
insert into "admin_sessions" select * from json_populate_recordset(null::"admin_sessions", $rows$[{"token_hash":"1111111111111111111111111111111111111111111111111111111111111111","user_id":1,"created_at":"2026-11-20T09:00:00+00:00","last_seen_at":"2026-11-20T10:00:00+00:00","expires_at":"2026-11-27T09:00:00+00:00","revoked_at":null}, 
 {"token_hash":"2222222222222222222222222222222222222222222222222222222222222222","user_id":1,"created_at":"2026-11-10T09:00:00+00:00","last_seen_at":"2026-11-10T10:00:00+00:00","expires_at":"2026-11-17T09:00:00+00:00","revoked_at":"2026-11-10T10:00:00+00:00"}]$rows$);
insert into "audit_log" select * from json_populate_recordset(null::"audit_log", $rows$[{"id":1,"actor":"owner","action":"admin.login","details":{"ip": "203.0.113.7"},"created_at":"2026-11-20T09:00:00+00:00"}, 
 {"id":2,"actor":"owner","action":"booking.cancel","details":{"stayId": "e25b8f3d-7c1a-4e09-a6d4-9f0e2c3b4a06", "refundPence": 65000},"created_at":"2026-10-20T10:00:00+00:00"}]$rows$);
insert into "properties" select * from json_populate_recordset(null::"properties", $rows$[{"id":1,"name":"The Tower","price_per_night_gbp":225,"weekend_price_gbp":275,"cleaning_fee_gbp":100,"bedrooms":3,"bathrooms":3,"max_guests":4,"size_m2":250,"description":"A converted church penthouse over five floors in the centre of Aberdeen: three bedrooms, three bathrooms, a private sauna, a roof terrace and a tower viewing room.","created_at":"2026-11-26T00:32:44.068+00:00"}]$rows$);
insert into "calendar_sources" select * from json_populate_recordset(null::"calendar_sources", $rows$[{"id":"airbnb","property_id":1,"url":"https://www.airbnb.example/calendar/ical/123.ics?s=abc","last_attempt_at":"2026-11-23T09:00:00+00:00","last_success_at":"2026-11-23T09:00:00+00:00","last_error":null,"last_event_count":2,"stale_notified_at":null,"updated_at":"2026-11-23T09:00:00+00:00"}, 
 {"id":"booking","property_id":1,"url":"https://admin.booking.example/hotel/ical.html?t=def","last_attempt_at":"2026-11-23T09:00:00+00:00","last_success_at":"2026-11-22T09:00:00+00:00","last_error":"The feed answered 503.","last_event_count":1,"stale_notified_at":"2026-11-23T09:00:00+00:00","updated_at":"2026-11-23T09:00:00+00:00"}]$rows$);
insert into "demo_payment_intents" select * from json_populate_recordset(null::"demo_payment_intents", $rows$[{"id":"pi_demo_balance_failed","client_secret":"pi_demo_balance_failed_secret_c3","amount":70000,"currency":"gbp","status":"requires_payment_method","metadata":{"bookingId": "b18e4c70-5a39-4d2e-8f61-0c7b3a9d4e03"},"idempotency_key":"balance-b18e4c70-5a39-4d2e-8f61-0c7b3a9d4e03-1","last_error":"Your card was declined.","amount_refunded":0,"created_at":"2026-10-04T10:00:00+00:00","updated_at":"2026-10-04T10:01:00+00:00","customer_id":"cus_demo_2","setup_future_usage":false,"payment_method_id":"pm_demo_2","last_error_code":"card_declined"}, 
 {"id":"pi_demo_deposit","client_secret":"pi_demo_deposit_secret_b2","amount":30000,"currency":"gbp","status":"succeeded","metadata":{"bookingId": "7a2d9e14-c3b5-4f68-a017-2b9c8d7e6f02"},"idempotency_key":"hold-7a2d9e14-c3b5-4f68-a017-2b9c8d7e6f02","last_error":null,"amount_refunded":0,"created_at":"2026-10-03T10:00:00+00:00","updated_at":"2026-10-03T10:01:00+00:00","customer_id":"cus_demo_1","setup_future_usage":true,"payment_method_id":"pm_demo_1","last_error_code":null}, 
 {"id":"pi_demo_full","client_secret":"pi_demo_full_secret_a1","amount":104000,"currency":"gbp","status":"succeeded","metadata":{"bookingId": "3f6c1a52-8d0e-4b7a-9c21-5e4f0a1b2c01"},"idempotency_key":"hold-3f6c1a52-8d0e-4b7a-9c21-5e4f0a1b2c01","last_error":null,"amount_refunded":0,"created_at":"2026-10-02T10:00:00+00:00","updated_at":"2026-10-02T10:01:00+00:00","customer_id":null,"setup_future_usage":false,"payment_method_id":null,"last_error_code":null}, 
 {"id":"pi_demo_pending","client_secret":"pi_demo_pending_secret_e5","amount":80000,"currency":"gbp","status":"requires_payment_method","metadata":{"bookingId": "c4f0b2a8-1e6d-4a93-b5c7-8d2e9f0a1b04"},"idempotency_key":"hold-c4f0b2a8-1e6d-4a93-b5c7-8d2e9f0a1b04","last_error":null,"amount_refunded":0,"created_at":"2026-11-22T10:00:00+00:00","updated_at":"2026-11-22T10:00:00+00:00","customer_id":null,"setup_future_usage":false,"payment_method_id":null,"last_error_code":null}, 
 {"id":"pi_demo_refunded","client_secret":"pi_demo_refunded_secret_d4","amount":90000,"currency":"gbp","status":"succeeded","metadata":{"bookingId": "e25b8f3d-7c1a-4e09-a6d4-9f0e2c3b4a06"},"idempotency_key":"hold-e25b8f3d-7c1a-4e09-a6d4-9f0e2c3b4a06","last_error":null,"amount_refunded":65000,"created_at":"2026-10-05T10:00:00+00:00","updated_at":"2026-10-20T10:00:00+00:00","customer_id":null,"setup_future_usage":false,"payment_method_id":null,"last_error_code":null}]$rows$);
insert into "demo_payment_methods" select * from json_populate_recordset(null::"demo_payment_methods", $rows$[{"id":"pm_demo_1","customer_id":"cus_demo_1","card_number":"4242424242424242","exp_month":12,"exp_year":2030,"created_at":"2026-10-03T10:01:00+00:00"}, 
 {"id":"pm_demo_2","customer_id":"cus_demo_2","card_number":"4000000000000002","exp_month":1,"exp_year":2031,"created_at":"2026-10-04T10:01:00+00:00"}]$rows$);
insert into "demo_refunds" select * from json_populate_recordset(null::"demo_refunds", $rows$[{"id":"re_demo_1","payment_intent_id":"pi_demo_refunded","amount":65000,"idempotency_key":"refund-e25b8f3d-7c1a-4e09-a6d4-9f0e2c3b4a06","created_at":"2026-10-20T10:00:00+00:00"}]$rows$);
insert into "imported_events" select * from json_populate_recordset(null::"imported_events", $rows$[{"source_id":"airbnb","property_id":1,"uid":"airbnb-1@example","check_in":"2027-06-01","check_out":"2027-06-05","summary":"Reserved","conflict":false,"imported_at":"2026-11-23T09:00:00+00:00","echo":false}, 
 {"source_id":"airbnb","property_id":1,"uid":"airbnb-2@example","check_in":"2027-01-08","check_out":"2027-01-12","summary":"Reserved","conflict":false,"imported_at":"2026-11-23T09:00:00+00:00","echo":true}, 
 {"source_id":"booking","property_id":1,"uid":"booking-1@example","check_in":"2027-01-10","check_out":"2027-01-11","summary":"CLOSED - Not available","conflict":true,"imported_at":"2026-11-22T09:00:00+00:00","echo":false}]$rows$);
insert into "job_runs" select * from json_populate_recordset(null::"job_runs", $rows$[{"name":"balance-charges","last_run_at":"2026-11-23T07:00:00+00:00","last_finished_at":"2026-11-23T07:00:03+00:00","last_error":"Your card was declined."}, 
 {"name":"calendar-sync","last_run_at":"2026-11-23T09:00:00+00:00","last_finished_at":"2026-11-23T09:00:02+00:00","last_error":null}, 
 {"name":"hold-sweep","last_run_at":"2026-11-23T09:59:00+00:00","last_finished_at":"2026-11-23T09:59:00+00:00","last_error":null}]$rows$);
insert into "outbox" select * from json_populate_recordset(null::"outbox", $rows$[{"id":1,"dedupe_key":"confirmation:3f6c1a52-8d0e-4b7a-9c21-5e4f0a1b2c01","kind":"booking_confirmation","to":"morag@example.test","subject":"Your stay at The Tower is confirmed","html":"<p>See you on 8 January.</p>","text":"See you on 8 January.","attachments":[{"content": "QkVHSU46VkNBTEVOREFS", "filename": "stay.ics", "contentType": "text/calendar"}],"status":"sent","attempts":1,"next_attempt_at":"2026-10-02T10:01:00+00:00","last_error":null,"sent_at":"2026-10-02T10:01:05+00:00","created_at":"2026-10-02T10:01:00+00:00","stay_id":"3f6c1a52-8d0e-4b7a-9c21-5e4f0a1b2c01"}, 
 {"id":2,"dedupe_key":"owner-new-booking:7a2d9e14-c3b5-4f68-a017-2b9c8d7e6f02","kind":"owner_new_booking","to":"owner@example.test","subject":"New booking: Callum Fraser","html":"<p>12 to 16 July 2027.</p>","text":"12 to 16 July 2027.","attachments":[],"status":"queued","attempts":0,"next_attempt_at":"2026-11-23T10:00:00+00:00","last_error":null,"sent_at":null,"created_at":"2026-10-03T10:01:00+00:00","stay_id":"7a2d9e14-c3b5-4f68-a017-2b9c8d7e6f02"}, 
 {"id":3,"dedupe_key":"balance-failed:b18e4c70-5a39-4d2e-8f61-0c7b3a9d4e03:1","kind":"balance_failed","to":"ailsa@example.test","subject":"Your balance could not be charged","html":"<p>Please pay through the link.</p>","text":"Please pay through the link.","attachments":[],"status":"failed","attempts":8,"next_attempt_at":"2026-11-05T07:00:00+00:00","last_error":"550 Mailbox unavailable","sent_at":null,"created_at":"2026-11-04T07:00:01+00:00","stay_id":"b18e4c70-5a39-4d2e-8f61-0c7b3a9d4e03"}]$rows$);
insert into "owner_texts" select * from json_populate_recordset(null::"owner_texts", $rows$[{"property_id":1,"experience":["A church, a tower, a view of the sea."],"about":["The Tower is a family-run holiday let: we converted the church ourselves over eighteen months and look after every stay personally.", "Please note that The Tower is spread over five floors with stairs throughout and no lift, so it is not suitable for wheelchair users or guests who find stairs difficult."],"features":[{"id": "feature-sauna", "text": "Your own cedar sauna, tucked inside the tower: the best end to a day on the links or the hills.", "title": "Private Sauna"}, {"id": "feature-tower-room", "text": "Climb to the top of the tower for a room with windows on every side and the whole city at your feet.", "title": "Tower Viewing Room"}, {"id": "feature-roof-terrace", "text": "Morning coffee or an evening glass above the granite rooftops, in one of the city’s most private spots.", "title": "Roof Terrace"}, {"id": "feature-cast-iron-bath", "text": "A deep freestanding roll-top bath beneath an arched church window. Bring a good book.", "title": "Cast Iron Bath"}, {"id": "feature-kitchen", "text": "Everything a keen cook needs, from a proper range to a coffee machine, around a table for four.", "title": "Modern Kitchen"}, {"id": "feature-master-bedroom", "text": "A king size bed under the original roof timbers, with blackout blinds for long northern summer days.", "title": "Master Bedroom"}],"unique_points":[{"text": "Sleep inside a landmark: a former city-centre church, carefully converted into a home.", "title": "A Real Church Tower"}, {"text": "From the entrance hall to the tower room, every floor has its own character and its own view.", "title": "Five Floors of Living"}, {"text": "A room at the very top with windows all round: sunrise over the North Sea, sunset over the hills.", "title": "Tower Viewing Room"}, {"text": "Warm up after a round of golf, a day on the river or a wet walk along the beach.", "title": "Private Sauna"}, {"text": "Fresh air and open sky in the middle of the city, yours alone for the length of your stay.", "title": "Roof Terrace"}, {"text": "A freestanding roll-top bath in a bathroom lit by a gothic arched window.", "title": "Cast Iron Bath"}, {"text": "A king size, a double and a twin, each with its own bathroom close by, for up to 4 guests.", "title": "Three Bedrooms, Three Bathrooms"}, {"text": "Restaurants, galleries, the harbour and the beach are all within a walk of the front door.", "title": "In the Heart of Aberdeen"}],"updated_at":"2026-09-06T09:00:00+00:00"}]$rows$);
insert into "photos" select * from json_populate_recordset(null::"photos", $rows$[{"id":"photo-failed","position":3,"alt":"Broken upload","original":"photo-failed-1.heif","format":"heif","width":4000,"height":3000,"bytes":2400000,"status":"failed","public_key":null,"attempts":3,"lease_until":"2026-11-23T09:40:00+00:00","last_error":"The image could not be read.","social":false,"feature_id":null,"created_at":"2026-11-23T09:30:00+00:00","updated_at":"2026-11-23T09:40:00+00:00"}, 
 {"id":"photo-hero","position":0,"alt":"The tower at dusk","original":"photo-hero-1.jpg","format":"jpeg","width":2400,"height":1600,"bytes":812345,"status":"ready","public_key":"k7f3a9c1e5d2b8a4","attempts":1,"lease_until":null,"last_error":null,"social":true,"feature_id":null,"created_at":"2026-09-10T09:00:00+00:00","updated_at":"2026-09-10T09:00:10+00:00"}, 
 {"id":"photo-queued","position":2,"alt":"","original":"photo-queued-1.webp","format":"webp","width":1200,"height":800,"bytes":120000,"status":"queued","public_key":null,"attempts":0,"lease_until":null,"last_error":null,"social":false,"feature_id":null,"created_at":"2026-11-23T09:55:00+00:00","updated_at":"2026-11-23T09:55:00+00:00"}, 
 {"id":"photo-sauna","position":1,"alt":"The sauna under the bell","original":"photo-sauna-1.png","format":"png","width":1600,"height":1200,"bytes":402112,"status":"ready","public_key":"a1b2c3d4e5f60718","attempts":1,"lease_until":null,"last_error":null,"social":false,"feature_id":"feature-sauna","created_at":"2026-09-10T09:01:00+00:00","updated_at":"2026-09-10T09:01:10+00:00"}]$rows$);
insert into "promo_codes" select * from json_populate_recordset(null::"promo_codes", $rows$[{"id":1,"code":"WELCOME10","kind":"percent","percent_bp":1000,"amount_pence":null,"book_from":null,"book_to":null,"stay_from":null,"stay_to":null,"max_uses":50,"active":true,"created_at":"2026-09-01T09:00:00+00:00","updated_at":"2026-09-01T09:00:00+00:00"}, 
 {"id":2,"code":"golf-50","kind":"fixed","percent_bp":null,"amount_pence":5000,"book_from":"2026-09-01","book_to":"2027-03-31","stay_from":"2027-04-01","stay_to":"2027-10-31","max_uses":null,"active":false,"created_at":"2026-09-02T09:00:00+00:00","updated_at":"2026-10-02T09:00:00+00:00"}]$rows$);
insert into "property_facts" select * from json_populate_recordset(null::"property_facts", $rows$[{"property_id":1,"licence_number":"AC-12345-F","epc_rating":"C","max_occupancy":4,"street_address":"1 Church Lane, Aberdeen","postcode":"AB10 1AA","address_public":false,"facebook_url":"https://facebook.example/thetower","instagram_url":null,"tiktok_url":null,"hashtags":["thetower", "aberdeen"],"enquiries_email":"stay@example.test","updated_at":"2026-09-05T09:00:00+00:00"}]$rows$);
insert into "rate_plans" select * from json_populate_recordset(null::"rate_plans", $rows$[{"property_id":1,"plan":{"levy": {"percent": 5, "startDate": "2027-04-01"}, "seasons": [{"id": "season-open", "name": "Open week", "lastNight": "2027-07-20", "minNights": 4, "firstNight": "2027-07-10", "weekdayPence": 45000, "weekendPence": 50000}], "discounts": [{"id": "discount-week", "percent": 10, "minNights": 7}], "overrides": [{"id": "override-hogmanay", "note": "Hogmanay", "lastNight": "2026-12-31", "firstNight": "2026-12-31", "pricePence": 60000, "closedToArrival": false, "closedToDeparture": true}], "weekdayPence": 23500, "weekendPence": 28500, "weekendNights": [5, 6], "cleaningFeePence": 10000, "serviceFeePercent": 5},"updated_at":"2026-10-01T09:00:00+00:00"}]$rows$);
insert into "settings" select * from json_populate_recordset(null::"settings", $rows$[{"key":"guest_messages","value":{"reviewUrl": "https://example.test/review", "showAddress": true, "defaultAccessCode": "1996", "checkInInstructions": "The key safe is by the red door."},"updated_at":"2026-09-01T09:00:00+00:00"}, 
 {"key":"ical_export_key","value":{"key": "export-key-fixture-0123456789abcdef"},"updated_at":"2026-09-01T09:00:00+00:00"}, 
 {"key":"payment_schedule","value":{"mode": "deposit", "depositPercent": 15, "balanceDaysBefore": 30},"updated_at":"2026-09-01T09:00:00+00:00"}, 
 {"key":"smtp_password","value":{"v": 1, "iv": "AAAAAAAAAAAAAAAA", "alg": "aes-256-gcm", "tag": "AAAAAAAAAAAAAAAAAAAAAA==", "data": "AAAA"},"updated_at":"2026-09-01T09:00:00+00:00"}]$rows$);
insert into "stays" select * from json_populate_recordset(null::"stays", $rows$[{"id":"0a8f5d1e-3c2b-4967-9d0f-6e1a4b3c2d08","property_id":1,"kind":"block","source":"owner","status":"confirmed","check_in":"2027-05-01","check_out":"2027-05-08","guest_count":1,"contact_name":"Owner Block","contact_email":"","contact_phone":"","special_requests":"","reason":"Roof repairs","accommodation_pence":0,"cleaning_fee_pence":0,"service_fee_pence":0,"total_pence":0,"hold_expires_at":null,"hold_token":null,"payment_intent_id":null,"paid_pence":0,"refunded_pence":0,"confirmed_at":"2026-10-10T09:00:00+00:00","canceled_at":null,"created_at":"2026-10-10T09:00:00+00:00","updated_at":"2026-10-10T09:00:00+00:00","hold_client_key":null,"attention":null,"attention_detail":null,"refund_due_pence":0,"manage_key":"b8b8b8b8b8b8b8b8b8b8b8b8b8b8b8b8b8b8b8b8b8b8b8b8b8b8b8b8b8b8b8b8","access_code":null,"erased_at":null,"discount_pence":0,"levy_pence":0,"promo_code_id":null,"quote":null,"schedule_kind":"full","deposit_pence":0,"balance_pence":0,"balance_due_on":null,"balance_status":"none","balance_attempts":0,"balance_payment_intent_id":null,"balance_failure_code":null,"balance_last_error":null,"balance_last_attempt_at":null,"balance_failed_at":null,"balance_reminders_sent":0,"balance_owner_notified_at":null,"balance_paid_at":null,"customer_id":null,"payment_method_id":null}, 
 {"id":"1b9a6e2f-4d3c-4a78-8e10-7f2b5c4d3e09","property_id":1,"kind":"block","source":"owner","status":"canceled","check_in":"2027-05-20","check_out":"2027-05-22","guest_count":1,"contact_name":"Owner Block","contact_email":"","contact_phone":"","special_requests":"","reason":"Family visit","accommodation_pence":0,"cleaning_fee_pence":0,"service_fee_pence":0,"total_pence":0,"hold_expires_at":null,"hold_token":null,"payment_intent_id":null,"paid_pence":0,"refunded_pence":0,"confirmed_at":"2026-10-11T09:00:00+00:00","canceled_at":null,"created_at":"2026-10-11T09:00:00+00:00","updated_at":"2026-10-12T09:00:00+00:00","hold_client_key":null,"attention":null,"attention_detail":null,"refund_due_pence":0,"manage_key":"c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9","access_code":null,"erased_at":null,"discount_pence":0,"levy_pence":0,"promo_code_id":null,"quote":null,"schedule_kind":"full","deposit_pence":0,"balance_pence":0,"balance_due_on":null,"balance_status":"none","balance_attempts":0,"balance_payment_intent_id":null,"balance_failure_code":null,"balance_last_error":null,"balance_last_attempt_at":null,"balance_failed_at":null,"balance_reminders_sent":0,"balance_owner_notified_at":null,"balance_paid_at":null,"customer_id":null,"payment_method_id":null}, 
 {"id":"2c0b7f3a-5e4d-4b89-9f21-8a3c6d5e4f10","property_id":1,"kind":"guest","source":"web","status":"confirmed","check_in":"2019-06-01","check_out":"2019-06-04","guest_count":1,"contact_name":"","contact_email":"","contact_phone":"","special_requests":"","reason":"","accommodation_pence":0,"cleaning_fee_pence":0,"service_fee_pence":0,"total_pence":70000,"hold_expires_at":null,"hold_token":null,"payment_intent_id":null,"paid_pence":70000,"refunded_pence":0,"confirmed_at":"2019-05-01T09:00:00+00:00","canceled_at":null,"created_at":"2019-05-01T09:00:00+00:00","updated_at":"2026-07-01T02:00:00+00:00","hold_client_key":null,"attention":null,"attention_detail":null,"refund_due_pence":0,"manage_key":"d0d0d0d0d0d0d0d0d0d0d0d0d0d0d0d0d0d0d0d0d0d0d0d0d0d0d0d0d0d0d0d0","access_code":null,"erased_at":"2026-07-01T02:00:00+00:00","discount_pence":0,"levy_pence":0,"promo_code_id":null,"quote":null,"schedule_kind":"full","deposit_pence":0,"balance_pence":0,"balance_due_on":null,"balance_status":"none","balance_attempts":0,"balance_payment_intent_id":null,"balance_failure_code":null,"balance_last_error":null,"balance_last_attempt_at":null,"balance_failed_at":null,"balance_reminders_sent":0,"balance_owner_notified_at":null,"balance_paid_at":null,"customer_id":null,"payment_method_id":null}, 
 {"id":"3f6c1a52-8d0e-4b7a-9c21-5e4f0a1b2c01","property_id":1,"kind":"guest","source":"web","status":"confirmed","check_in":"2027-01-08","check_out":"2027-01-12","guest_count":2,"contact_name":"Morag Reid","contact_email":"morag@example.test","contact_phone":"+44 7700 900001","special_requests":"Late arrival, about 9 PM","reason":"","accommodation_pence":90000,"cleaning_fee_pence":10000,"service_fee_pence":4000,"total_pence":104000,"hold_expires_at":null,"hold_token":null,"payment_intent_id":"pi_demo_full","paid_pence":104000,"refunded_pence":0,"confirmed_at":"2026-10-02T10:01:00+00:00","canceled_at":null,"created_at":"2026-10-02T10:00:00+00:00","updated_at":"2026-10-02T10:01:00+00:00","hold_client_key":null,"attention":null,"attention_detail":null,"refund_due_pence":0,"manage_key":"a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1","access_code":null,"erased_at":null,"discount_pence":10000,"levy_pence":0,"promo_code_id":1,"quote":{"lines": [{"label": "4 nights", "pence": 104000}], "nights": 4, "totalPence": 104000},"schedule_kind":"full","deposit_pence":0,"balance_pence":0,"balance_due_on":null,"balance_status":"none","balance_attempts":0,"balance_payment_intent_id":null,"balance_failure_code":null,"balance_last_error":null,"balance_last_attempt_at":null,"balance_failed_at":null,"balance_reminders_sent":0,"balance_owner_notified_at":null,"balance_paid_at":null,"customer_id":null,"payment_method_id":null}, 
 {"id":"7a2d9e14-c3b5-4f68-a017-2b9c8d7e6f02","property_id":1,"kind":"guest","source":"web","status":"confirmed","check_in":"2027-07-12","check_out":"2027-07-16","guest_count":4,"contact_name":"Callum Fraser","contact_email":"callum@example.test","contact_phone":"","special_requests":"","reason":"","accommodation_pence":180000,"cleaning_fee_pence":10000,"service_fee_pence":9000,"total_pence":199000,"hold_expires_at":null,"hold_token":null,"payment_intent_id":"pi_demo_deposit","paid_pence":30000,"refunded_pence":0,"confirmed_at":"2026-10-03T10:01:00+00:00","canceled_at":null,"created_at":"2026-10-03T10:00:00+00:00","updated_at":"2026-10-03T10:01:00+00:00","hold_client_key":null,"attention":null,"attention_detail":null,"refund_due_pence":0,"manage_key":"b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2","access_code":"4821","erased_at":null,"discount_pence":0,"levy_pence":0,"promo_code_id":null,"quote":{"lines": [{"label": "4 nights", "pence": 199000}], "nights": 4, "totalPence": 199000},"schedule_kind":"deposit","deposit_pence":30000,"balance_pence":169000,"balance_due_on":"2027-06-12","balance_status":"scheduled","balance_attempts":0,"balance_payment_intent_id":null,"balance_failure_code":null,"balance_last_error":null,"balance_last_attempt_at":null,"balance_failed_at":null,"balance_reminders_sent":0,"balance_owner_notified_at":null,"balance_paid_at":null,"customer_id":"cus_demo_1","payment_method_id":"pm_demo_1"}, 
 {"id":"b18e4c70-5a39-4d2e-8f61-0c7b3a9d4e03","property_id":1,"kind":"guest","source":"web","status":"confirmed","check_in":"2026-12-04","check_out":"2026-12-07","guest_count":3,"contact_name":"Ailsa Grant","contact_email":"ailsa@example.test","contact_phone":"","special_requests":"","reason":"","accommodation_pence":67500,"cleaning_fee_pence":10000,"service_fee_pence":3400,"total_pence":80900,"hold_expires_at":null,"hold_token":null,"payment_intent_id":null,"paid_pence":20000,"refunded_pence":0,"confirmed_at":"2026-10-04T09:00:00+00:00","canceled_at":null,"created_at":"2026-10-04T09:00:00+00:00","updated_at":"2026-11-04T07:00:01+00:00","hold_client_key":null,"attention":null,"attention_detail":null,"refund_due_pence":0,"manage_key":"c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3","access_code":null,"erased_at":null,"discount_pence":0,"levy_pence":0,"promo_code_id":null,"quote":null,"schedule_kind":"deposit","deposit_pence":20000,"balance_pence":60900,"balance_due_on":"2026-11-04","balance_status":"failed","balance_attempts":1,"balance_payment_intent_id":"pi_demo_balance_failed","balance_failure_code":"declined","balance_last_error":"Your card was declined.","balance_last_attempt_at":"2026-11-04T07:00:00+00:00","balance_failed_at":"2026-11-04T07:00:01+00:00","balance_reminders_sent":2,"balance_owner_notified_at":"2026-11-27T09:00:00+00:00","balance_paid_at":null,"customer_id":"cus_demo_2","payment_method_id":"pm_demo_2"}, 
 {"id":"c4f0b2a8-1e6d-4a93-b5c7-8d2e9f0a1b04","property_id":1,"kind":"guest","source":"web","status":"pending","check_in":"2027-02-05","check_out":"2027-02-08","guest_count":2,"contact_name":"Iain Murray","contact_email":"iain@example.test","contact_phone":"","special_requests":"","reason":"","accommodation_pence":77500,"cleaning_fee_pence":10000,"service_fee_pence":3900,"total_pence":91400,"hold_expires_at":"2026-11-23T10:15:00+00:00","hold_token":"hold-token-e5","payment_intent_id":"pi_demo_pending","paid_pence":0,"refunded_pence":0,"confirmed_at":null,"canceled_at":null,"created_at":"2026-11-23T10:00:00+00:00","updated_at":"2026-11-23T10:00:00+00:00","hold_client_key":"client-key-hash-e5","attention":null,"attention_detail":null,"refund_due_pence":0,"manage_key":"d4d4d4d4d4d4d4d4d4d4d4d4d4d4d4d4d4d4d4d4d4d4d4d4d4d4d4d4d4d4d4d4","access_code":null,"erased_at":null,"discount_pence":0,"levy_pence":0,"promo_code_id":null,"quote":null,"schedule_kind":"full","deposit_pence":0,"balance_pence":0,"balance_due_on":null,"balance_status":"none","balance_attempts":0,"balance_payment_intent_id":null,"balance_failure_code":null,"balance_last_error":null,"balance_last_attempt_at":null,"balance_failed_at":null,"balance_reminders_sent":0,"balance_owner_notified_at":null,"balance_paid_at":null,"customer_id":null,"payment_method_id":null}, 
 {"id":"d9e3a7c1-6b04-4f2a-9e85-3c1d7b6a5f05","property_id":1,"kind":"guest","source":"web","status":"expired","check_in":"2027-02-05","check_out":"2027-02-08","guest_count":2,"contact_name":"Iain Murray","contact_email":"iain@example.test","contact_phone":"","special_requests":"","reason":"","accommodation_pence":77500,"cleaning_fee_pence":10000,"service_fee_pence":3900,"total_pence":91400,"hold_expires_at":"2026-11-20T10:15:00+00:00","hold_token":"hold-token-f6","payment_intent_id":null,"paid_pence":0,"refunded_pence":0,"confirmed_at":null,"canceled_at":null,"created_at":"2026-11-20T10:00:00+00:00","updated_at":"2026-11-20T10:16:00+00:00","hold_client_key":"client-key-hash-e5","attention":null,"attention_detail":null,"refund_due_pence":0,"manage_key":"e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5","access_code":null,"erased_at":null,"discount_pence":0,"levy_pence":0,"promo_code_id":null,"quote":null,"schedule_kind":"full","deposit_pence":0,"balance_pence":0,"balance_due_on":null,"balance_status":"none","balance_attempts":0,"balance_payment_intent_id":null,"balance_failure_code":null,"balance_last_error":null,"balance_last_attempt_at":null,"balance_failed_at":null,"balance_reminders_sent":0,"balance_owner_notified_at":null,"balance_paid_at":null,"customer_id":null,"payment_method_id":null}, 
 {"id":"e25b8f3d-7c1a-4e09-a6d4-9f0e2c3b4a06","property_id":1,"kind":"guest","source":"web","status":"canceled","check_in":"2027-03-01","check_out":"2027-03-05","guest_count":2,"contact_name":"Fiona Stewart","contact_email":"fiona@example.test","contact_phone":"","special_requests":"","reason":"","accommodation_pence":80000,"cleaning_fee_pence":10000,"service_fee_pence":4000,"total_pence":94000,"hold_expires_at":null,"hold_token":null,"payment_intent_id":"pi_demo_refunded","paid_pence":90000,"refunded_pence":65000,"confirmed_at":"2026-10-05T10:01:00+00:00","canceled_at":"2026-10-20T10:00:00+00:00","created_at":"2026-10-05T10:00:00+00:00","updated_at":"2026-10-20T10:00:00+00:00","hold_client_key":null,"attention":"refund_failed","attention_detail":"The card was closed.","refund_due_pence":2500,"manage_key":"f6f6f6f6f6f6f6f6f6f6f6f6f6f6f6f6f6f6f6f6f6f6f6f6f6f6f6f6f6f6f6f6","access_code":null,"erased_at":null,"discount_pence":0,"levy_pence":0,"promo_code_id":null,"quote":null,"schedule_kind":"full","deposit_pence":0,"balance_pence":0,"balance_due_on":null,"balance_status":"none","balance_attempts":0,"balance_payment_intent_id":null,"balance_failure_code":null,"balance_last_error":null,"balance_last_attempt_at":null,"balance_failed_at":null,"balance_reminders_sent":0,"balance_owner_notified_at":null,"balance_paid_at":null,"customer_id":null,"payment_method_id":null}, 
 {"id":"f0c7d4e9-2a8b-4d15-b3f6-6e5a1d2c3b07","property_id":1,"kind":"guest","source":"owner","status":"pending","check_in":"2027-04-10","check_out":"2027-04-14","guest_count":2,"contact_name":"Hamish Ross","contact_email":"hamish@example.test","contact_phone":"+44 7700 900002","special_requests":"","reason":"","accommodation_pence":0,"cleaning_fee_pence":0,"service_fee_pence":0,"total_pence":99000,"hold_expires_at":"2026-11-26T10:00:00+00:00","hold_token":null,"payment_intent_id":null,"paid_pence":0,"refunded_pence":0,"confirmed_at":null,"canceled_at":null,"created_at":"2026-11-23T09:00:00+00:00","updated_at":"2026-11-23T09:00:00+00:00","hold_client_key":null,"attention":null,"attention_detail":null,"refund_due_pence":0,"manage_key":"a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7","access_code":null,"erased_at":null,"discount_pence":0,"levy_pence":0,"promo_code_id":null,"quote":null,"schedule_kind":"full","deposit_pence":0,"balance_pence":0,"balance_due_on":null,"balance_status":"none","balance_attempts":0,"balance_payment_intent_id":null,"balance_failure_code":null,"balance_last_error":null,"balance_last_attempt_at":null,"balance_failed_at":null,"balance_reminders_sent":0,"balance_owner_notified_at":null,"balance_paid_at":null,"customer_id":null,"payment_method_id":null}]$rows$);

-- Serial columns continue after the rows above.
select setval(pg_get_serial_sequence('"admin_users"', 'id'), coalesce((select max("id") from "admin_users"), 0) + 1, false);
select setval(pg_get_serial_sequence('"audit_log"', 'id'), coalesce((select max("id") from "audit_log"), 0) + 1, false);
select setval(pg_get_serial_sequence('"outbox"', 'id'), coalesce((select max("id") from "outbox"), 0) + 1, false);
select setval(pg_get_serial_sequence('"promo_codes"', 'id'), coalesce((select max("id") from "promo_codes"), 0) + 1, false);
