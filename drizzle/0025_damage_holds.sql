CREATE TABLE "damage_holds" (
	"id" text PRIMARY KEY NOT NULL,
	"stay_id" text NOT NULL,
	"sequence" integer NOT NULL,
	"method" text NOT NULL,
	"amount_pence" integer NOT NULL,
	"status" text NOT NULL,
	"payment_intent_id" text,
	"idempotency_key" text NOT NULL,
	"authorisations" integer DEFAULT 0 NOT NULL,
	"place_at" timestamp with time zone NOT NULL,
	"release_at" timestamp with time zone NOT NULL,
	"placed_at" timestamp with time zone,
	"released_at" timestamp with time zone,
	"last_call_at" timestamp with time zone,
	"failure_code" text,
	"last_error" text,
	"claimed_pence" integer,
	"claim_reason" text,
	"claimed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "damage_holds_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "demo_payment_intents" ADD COLUMN "capture_method" text DEFAULT 'automatic' NOT NULL;--> statement-breakpoint
ALTER TABLE "damage_holds" ADD CONSTRAINT "damage_holds_stay_id_stays_id_fk" FOREIGN KEY ("stay_id") REFERENCES "public"."stays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "damage_holds_stay_sequence_idx" ON "damage_holds" USING btree ("stay_id","sequence");--> statement-breakpoint
CREATE INDEX "damage_holds_status_idx" ON "damage_holds" USING btree ("status","release_at");