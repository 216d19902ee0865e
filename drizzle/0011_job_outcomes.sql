ALTER TABLE "job_runs" ADD COLUMN "last_outcome" text;--> statement-breakpoint
ALTER TABLE "job_runs" ADD COLUMN "last_message" text;--> statement-breakpoint
ALTER TABLE "job_runs" ADD COLUMN "consecutive_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "job_runs" ADD COLUMN "next_run_at" timestamp with time zone;--> statement-breakpoint
-- Custom SQL: the runs recorded before outcomes were, in the new columns (a run with an error failed). The next
-- run is left null: each job runs once after the upgrade, then keeps its schedule.
UPDATE "job_runs" SET
  "last_outcome" = CASE WHEN "last_error" IS NULL THEN 'ok' ELSE 'failed' END,
  "last_message" = COALESCE("last_error", 'Finished (before this version recorded what each run did).'),
  "consecutive_failures" = CASE WHEN "last_error" IS NULL THEN 0 ELSE 1 END
WHERE "last_finished_at" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "job_runs" DROP COLUMN "last_error";
