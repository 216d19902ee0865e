CREATE TABLE "agreement_acceptances" (
	"stay_id" text PRIMARY KEY NOT NULL,
	"version" integer NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"accepted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guest_register" (
	"stay_id" text NOT NULL,
	"position" integer NOT NULL,
	"under_16" boolean DEFAULT false NOT NULL,
	"full_name" text DEFAULT '' NOT NULL,
	"nationality" text DEFAULT '' NOT NULL,
	"passport_number" text DEFAULT '' NOT NULL,
	"passport_place_of_issue" text DEFAULT '' NOT NULL,
	"next_destination" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guest_register_stay_id_position_pk" PRIMARY KEY("stay_id","position")
);
--> statement-breakpoint
CREATE TABLE "house_agreements" (
	"version" serial PRIMARY KEY NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agreement_acceptances" ADD CONSTRAINT "agreement_acceptances_stay_id_stays_id_fk" FOREIGN KEY ("stay_id") REFERENCES "public"."stays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreement_acceptances" ADD CONSTRAINT "agreement_acceptances_version_house_agreements_version_fk" FOREIGN KEY ("version") REFERENCES "public"."house_agreements"("version") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_register" ADD CONSTRAINT "guest_register_stay_id_stays_id_fk" FOREIGN KEY ("stay_id") REFERENCES "public"."stays"("id") ON DELETE cascade ON UPDATE no action;