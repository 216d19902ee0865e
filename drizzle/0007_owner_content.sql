CREATE TABLE "owner_texts" (
	"property_id" integer PRIMARY KEY NOT NULL,
	"experience" jsonb NOT NULL,
	"about" jsonb NOT NULL,
	"features" jsonb NOT NULL,
	"unique_points" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "property_facts" (
	"property_id" integer PRIMARY KEY NOT NULL,
	"licence_number" text,
	"epc_rating" text,
	"max_occupancy" integer,
	"street_address" text,
	"postcode" text,
	"address_public" boolean DEFAULT true NOT NULL,
	"facebook_url" text,
	"instagram_url" text,
	"tiktok_url" text,
	"hashtags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"enquiries_email" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "property_facts_epc_rating" CHECK ("property_facts"."epc_rating" in ('A', 'B', 'C', 'D', 'E', 'F', 'G')),
	CONSTRAINT "property_facts_max_occupancy" CHECK ("property_facts"."max_occupancy" between 1 and 100)
);
--> statement-breakpoint
ALTER TABLE "owner_texts" ADD CONSTRAINT "owner_texts_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_facts" ADD CONSTRAINT "property_facts_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE no action ON UPDATE no action;