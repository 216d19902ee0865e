CREATE TABLE "job_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"last_run_at" timestamp with time zone NOT NULL,
	"last_finished_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
ALTER TABLE "imported_events" ADD COLUMN "echo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "stays" ADD COLUMN "hold_client_key" text;--> statement-breakpoint
CREATE INDEX "stays_hold_client_idx" ON "stays" USING btree ("hold_client_key");