CREATE TABLE "alerts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"summary" text NOT NULL,
	"detail" text NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_open_key_idx" ON "alerts" USING btree ("key") WHERE "alerts"."resolved_at" is null;