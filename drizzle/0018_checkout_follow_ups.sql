CREATE TABLE "checkout_follow_ups" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"stay_id" text NOT NULL,
	"email" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "follow_up_opt_outs" (
	"email" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checkout_follow_ups" ADD CONSTRAINT "checkout_follow_ups_stay_id_stays_id_fk" FOREIGN KEY ("stay_id") REFERENCES "public"."stays"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "checkout_follow_ups_stay_idx" ON "checkout_follow_ups" USING btree ("stay_id");--> statement-breakpoint
CREATE INDEX "checkout_follow_ups_email_idx" ON "checkout_follow_ups" USING btree ("email","sent_at");