CREATE TABLE "enquiries" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"date_from" date,
	"date_to" date,
	"people" integer,
	"message" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"client_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "enquiry_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"enquiry_id" text NOT NULL,
	"kind" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" text PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"enquiry_id" text,
	"kind" text NOT NULL,
	"check_in" date NOT NULL,
	"check_out" date NOT NULL,
	"day_hire_hours" text,
	"night_bookable" boolean DEFAULT false NOT NULL,
	"guest_count" integer NOT NULL,
	"contact_name" text NOT NULL,
	"contact_email" text NOT NULL,
	"contact_phone" text DEFAULT '' NOT NULL,
	"total_pence" integer NOT NULL,
	"included" text DEFAULT '' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"hold_dates" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"stay_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotes_dates_order" CHECK ("quotes"."check_out" > "quotes"."check_in")
);
--> statement-breakpoint
ALTER TABLE "stays" ADD COLUMN "day_hire_hours" text;--> statement-breakpoint
ALTER TABLE "stays" ADD COLUMN "holds_night" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "stays" ADD COLUMN "payable_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "enquiry_events" ADD CONSTRAINT "enquiry_events_enquiry_id_enquiries_id_fk" FOREIGN KEY ("enquiry_id") REFERENCES "public"."enquiries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_enquiry_id_enquiries_id_fk" FOREIGN KEY ("enquiry_id") REFERENCES "public"."enquiries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_stay_id_stays_id_fk" FOREIGN KEY ("stay_id") REFERENCES "public"."stays"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "enquiries_created_idx" ON "enquiries" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "enquiries_client_idx" ON "enquiries" USING btree ("client_key","created_at");--> statement-breakpoint
CREATE INDEX "enquiry_events_enquiry_idx" ON "enquiry_events" USING btree ("enquiry_id");--> statement-breakpoint
CREATE INDEX "quotes_status_expiry_idx" ON "quotes" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "quotes_enquiry_idx" ON "quotes" USING btree ("enquiry_id");--> statement-breakpoint
-- A day hire whose night stays bookable takes no night: the no-overlap constraint (0001) leaves it out.
ALTER TABLE "stays" DROP CONSTRAINT "stays_no_overlap";
--> statement-breakpoint
ALTER TABLE "stays" ADD CONSTRAINT "stays_no_overlap"
  EXCLUDE USING gist ("property_id" WITH =, daterange("check_in", "check_out", '[)') WITH &&)
  WHERE ("status" IN ('pending', 'confirmed') AND "holds_night");
