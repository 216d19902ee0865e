import type { AdminBooking } from '../../../../domain/api/admin-bookings.ts';
import { ARRIVAL_STEP_LABELS } from '../../../../domain/api/arrival.ts';

/**
 * A stay's online check-in in the owner's words (docs/decisions/025-online-check-in.md), for a confirmed guest stay
 * not yet over; null otherwise.
 */
export function checkInWords(booking: AdminBooking, today: string): string | null {
  if (!booking.checkInMissing || booking.checkOutDate < today) return null;
  return booking.checkInMissing.length === 0
    ? 'Checked in online'
    : `Not checked in: ${booking.checkInMissing.map((step) => ARRIVAL_STEP_LABELS[step]).join(', ')} missing`;
}

/** True for a stay to come whose access code waits for a check-in step. */
export const notCheckedIn = (booking: AdminBooking, today: string): boolean =>
  (booking.checkInMissing?.length ?? 0) > 0 && booking.checkOutDate >= today;
