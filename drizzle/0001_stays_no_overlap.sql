-- Live stays (pending holds, confirmed bookings, owner blocks) may never share a night: the database itself
-- refuses a double booking, whatever the application does. A stay occupies the nights [check_in, check_out).
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE "stays" ADD CONSTRAINT "stays_no_overlap"
  EXCLUDE USING gist ("property_id" WITH =, daterange("check_in", "check_out", '[)') WITH &&)
  WHERE ("status" IN ('pending', 'confirmed'));
