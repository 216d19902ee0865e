ALTER TABLE "job_runs" ADD COLUMN "last_outcome" text;--> statement-breakpoint
ALTER TABLE "job_runs" ADD COLUMN "last_message" text;--> statement-breakpoint
ALTER TABLE "job_runs" ADD COLUMN "consecutive_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "job_runs" ADD COLUMN "next_run_at" timestamp with time zone;--> statement-breakpoint
-- Custom SQL: the runs recorded before outcomes were, in the new columns: the error becomes the message (a
-- run that finished with one failed; one without, ok). The next run is left null: each job runs once after the
-- upgrade, then keeps its schedule.
UPDATE "job_runs" SET
  "last_message" = "last_error",
  "last_outcome" = CASE WHEN "last_finished_at" IS NULL THEN NULL WHEN "last_error" IS NULL THEN 'ok' ELSE 'failed' END,
  "consecutive_failures" = CASE WHEN "last_finished_at" IS NOT NULL AND "last_error" IS NOT NULL THEN 1 ELSE 0 END;--> statement-breakpoint
ALTER TABLE "job_runs" DROP COLUMN "last_error";
