ALTER TABLE "outbox" ADD COLUMN "stay_id" text;--> statement-breakpoint
ALTER TABLE "stays" ADD COLUMN "manage_key" text DEFAULT replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "stays" ADD COLUMN "access_code" text;--> statement-breakpoint
ALTER TABLE "stays" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "outbox_stay_idx" ON "outbox" USING btree ("stay_id");--> statement-breakpoint
-- hand-written below
-- Messages queued before this migration name their stay in their dedupe key ('booking-confirmed:{id}:guest').
UPDATE "outbox" SET "stay_id" = split_part("dedupe_key", ':', 2)
  WHERE "stay_id" IS NULL
    AND split_part("dedupe_key", ':', 1) IN ('booking-confirmed', 'booking-canceled', 'payment-refunded-nights-taken');
