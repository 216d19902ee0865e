import type { AdminBooking, CancelBooking } from '../../../../domain/api/admin-bookings.ts';
import { formatGbp } from '../../../../domain/format.ts';
import { apiRequest } from '../../../lib/api.ts';
import { useChange } from '../../../lib/mutation.ts';
import { toastOutcome } from '../../../lib/toast.ts';
import { BOOKINGS_AND_ACTIVITY } from './queries.ts';

/*
 * What the Bookings and Dates tabs and the dashboard's Today both say and do about a stay: which rows are the
 * owner's live blocks, and cancelling (Unblock for a block, spec section 2), with its notification.
 */

/** An owner block that holds its nights (a cancelled one no longer does). */
export const isLiveBlock = (b: AdminBooking) => b.kind === 'block' && b.status === 'confirmed';

/** Cancel, or Unblock: the list is fetched again afterwards (spec section 7), with the activity log. */
export const useCancelBooking = () =>
  useChange({
    mutationFn: ({ id, ...body }: CancelBooking & { id: string }) =>
      apiRequest<{ booking: AdminBooking; refundPence: number }>(
        'POST',
        `/api/bookings/${encodeURIComponent(id)}/cancel`,
        body.byOwner === undefined ? undefined : body,
      ),
    stale: BOOKINGS_AND_ACTIVITY,
  });

/** Tells the owner how a cancellation went: what was refunded, or why it failed. True when it went through. */
export async function toastCancellation(
  booking: AdminBooking,
  cancelling: Promise<{ refundPence: number }>,
): Promise<boolean> {
  const cancelled = await toastOutcome(
    cancelling,
    (result) => ({
      title: 'Booking Cancelled',
      description:
        result.refundPence > 0
          ? `${formatGbp(result.refundPence)} refunded to ${booking.contactName}.`
          : 'The dates are free again.',
    }),
    { prefix: 'Failed to cancel booking: ' },
  );
  return cancelled !== undefined;
}
