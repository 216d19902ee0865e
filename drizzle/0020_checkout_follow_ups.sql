CREATE TABLE "checkout_follow_ups" (
	"stay_id" text PRIMARY KEY NOT NULL,
	"address_hash" text NOT NULL,
	"outcome" text NOT NULL,
	"decided_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "follow_up_opt_outs" (
	"address_hash" text PRIMARY KEY NOT NULL,
	"opted_out_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "headers" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "checkout_follow_ups" ADD CONSTRAINT "checkout_follow_ups_stay_id_stays_id_fk" FOREIGN KEY ("stay_id") REFERENCES "public"."stays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checkout_follow_ups_address_idx" ON "checkout_follow_ups" USING btree ("address_hash","decided_at");