CREATE TABLE "reviews" (
	"id" text PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"stay_id" text,
	"rating" integer NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"display_name" text NOT NULL,
	"written_at" timestamp with time zone NOT NULL,
	"publish_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"withheld_reason" text,
	"withheld_at" timestamp with time zone,
	"reply" text,
	"replied_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_rating" CHECK ("reviews"."rating" between 1 and 5),
	CONSTRAINT "reviews_withheld_reason" CHECK ("reviews"."withheld_reason" is null or "reviews"."withheld_reason" in ('offensive', 'personal_data', 'not_about_stay', 'spam'))
);
--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_stay_id_stays_id_fk" FOREIGN KEY ("stay_id") REFERENCES "public"."stays"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_one_per_stay_idx" ON "reviews" USING btree ("stay_id");--> statement-breakpoint
CREATE INDEX "reviews_publish_at_idx" ON "reviews" USING btree ("publish_at") WHERE "reviews"."published_at" is null;