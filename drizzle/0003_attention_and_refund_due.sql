ALTER TABLE "stays" ADD COLUMN "attention" text;--> statement-breakpoint
ALTER TABLE "stays" ADD COLUMN "attention_detail" text;--> statement-breakpoint
ALTER TABLE "stays" ADD COLUMN "refund_due_pence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Existing rows: the free-text flag becomes a code (and the provider's reason), and the refund still owed, so far
-- rebuilt from the cancellation's audit row, becomes a column.
UPDATE "stays" SET "attention" = "flag"
  WHERE "flag" IN ('calendar_conflict', 'paid_after_nights_taken', 'paid_after_cancellation');--> statement-breakpoint
UPDATE "stays" SET "attention" = 'refund_pending' WHERE "flag" LIKE 'Refund of % pending.';--> statement-breakpoint
UPDATE "stays" SET "attention" = 'refund_failed',
  "attention_detail" = substring("flag" from 'failed: (.*)\. Press Retry refund to try again\.$')
  WHERE "flag" LIKE 'Refund of % failed: %';--> statement-breakpoint
UPDATE "stays" s SET "refund_due_pence" = greatest(0, t.target - s."refunded_pence")
  FROM (
    SELECT "details"->>'stayId' AS stay_id, max(("details"->>'refundTargetPence')::integer) AS target
    FROM "audit_log"
    WHERE "action" = 'booking.canceled' AND ("details"->>'refundTargetPence') IS NOT NULL
    GROUP BY 1
  ) t
  WHERE s."id" = t.stay_id;
