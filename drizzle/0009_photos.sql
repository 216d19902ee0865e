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
--> statement-breakpoint
CREATE INDEX "photos_position_idx" ON "photos" USING btree ("position");--> statement-breakpoint
CREATE UNIQUE INDEX "photos_one_social_idx" ON "photos" USING btree ("social") WHERE "photos"."social";--> statement-breakpoint
CREATE UNIQUE INDEX "photos_feature_idx" ON "photos" USING btree ("feature_id");