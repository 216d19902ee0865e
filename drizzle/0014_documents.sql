CREATE TABLE "document_counters" (
	"kind" text NOT NULL,
	"year" integer NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "document_counters_kind_year_pk" PRIMARY KEY("kind","year")
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"year" integer NOT NULL,
	"seq" integer NOT NULL,
	"stay_id" text NOT NULL,
	"payment" text NOT NULL,
	"source_ref" text NOT NULL,
	"issued_on" date NOT NULL,
	"amount_pence" integer NOT NULL,
	"content" jsonb NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	CONSTRAINT "documents_number_unique" UNIQUE("number")
);
--> statement-breakpoint
CREATE TABLE "invoice_details" (
	"stay_id" text PRIMARY KEY NOT NULL,
	"company_name" text NOT NULL,
	"company_address" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "documents_series_idx" ON "documents" USING btree ("kind","year","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "documents_source_idx" ON "documents" USING btree ("kind","source_ref");--> statement-breakpoint
CREATE INDEX "documents_stay_idx" ON "documents" USING btree ("stay_id");--> statement-breakpoint
CREATE INDEX "documents_issued_idx" ON "documents" USING btree ("issued_on");