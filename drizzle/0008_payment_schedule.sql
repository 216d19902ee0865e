CREATE TABLE "demo_payment_methods" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"card_number" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "demo_payment_intents" ADD COLUMN "customer_id" text;--> statement-breakpoint
ALTER TABLE "demo_payment_intents" ADD COLUMN "setup_future_usage" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "demo_payment_intents" ADD COLUMN "payment_method_id" text;--> statement-breakpoint
ALTER TABLE "demo_payment_intents" ADD COLUMN "last_error_code" text;--> statement-breakpoint
ALTER TABLE "stays" ADD COLUMN "schedule_kind" text DEFAULT 'full' NOT NULL;--> statement-breakpoint
ALTER TABLE "stays" ADD COLUMN "deposit_pence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stays" ADD COLUMN "balance_pence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stays" ADD COLUMN "balance_due_on" date;--> statement-breakpoint
ALTER TABLE "stays" ADD COLUMN "balance_status" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "stays" ADD COLUMN "balance_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stays" ADD COLUMN "balance_payment_intent_id" text;--> statement-breakpoint
ALTER TABLE "stays" ADD COLUMN "balance_failure_code" text;--> statement-breakpoint
ALTER TABLE "stays" ADD COLUMN "balance_last_error" text;--> statement-breakpoint
ALTER TABLE "stays" ADD COLUMN "balance_last_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stays" ADD COLUMN "balance_failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stays" ADD COLUMN "balance_reminders_sent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stays" ADD COLUMN "balance_owner_notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stays" ADD COLUMN "balance_paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stays" ADD COLUMN "customer_id" text;--> statement-breakpoint
ALTER TABLE "stays" ADD COLUMN "payment_method_id" text;--> statement-breakpoint
CREATE INDEX "stays_balance_due_idx" ON "stays" USING btree ("balance_status","balance_due_on");