import { useState } from 'react';
import type { AdminBooking } from '../../../../domain/api/admin-bookings.ts';
import { formatGbp } from '../../../../domain/format.ts';
import { ConfirmationDialog } from '../../../components/ui/dialog.tsx';
import { toastCancellation, useCancelBooking } from '../shared/stays.ts';
import { guestAndDates } from './booking-list.ts';
import { useRefundPreview } from './bookings-api.ts';

/**
 * Cancelling a guest's booking: the refund the terms give (amount and rule, from the server's one refund
 * function) is shown before the owner confirms, then issued through the payment provider.
 */
export function CancelDialog({ booking, onClose }: { booking: AdminBooking | null; onClose(): void }) {
  const [byOwner, setByOwner] = useState(false);
  const preview = useRefundPreview(booking?.id ?? null, byOwner);
  const cancel = useCancelBooking();

  function close() {
    setByOwner(false);
    onClose();
  }

  async function onConfirm() {
    if (!booking) return;
    if (await toastCancellation(booking, cancel.mutateAsync({ id: booking.id, byOwner }))) close();
  }

  return (
    <ConfirmationDialog
      open={booking !== null}
      onOpenChange={(open) => !open && close()}
      title="Cancel this booking?"
      description={booking ? <>{guestAndDates(booking)}. The nights become free at once.</> : null}
      keepLabel="Keep Booking"
      confirmLabel="Cancel Booking"
      pendingLabel="Cancelling..."
      pending={cancel.isPending}
      confirmDisabled={!preview.isSuccess}
      onConfirm={onConfirm}
    >
      {booking ? (
        <>
          <fieldset className="mt-4 space-y-2 text-sm">
            <legend className="font-medium">Who is cancelling?</legend>
            <label className="flex items-start gap-2">
              <input
                type="radio"
                name="cancelled-by"
                checked={!byOwner}
                onChange={() => setByOwner(false)}
                className="mt-1"
              />
              <span>The guest asked to cancel: the cancellation terms apply</span>
            </label>
            <label className="flex items-start gap-2">
              <input
                type="radio"
                name="cancelled-by"
                checked={byOwner}
                onChange={() => setByOwner(true)}
                className="mt-1"
              />
              <span>We are cancelling: the guest gets everything back</span>
            </label>
          </fieldset>
          <section
            aria-label="Refund"
            aria-live="polite"
            className="mt-4 rounded-lg bg-stone-100 p-4 text-sm"
          >
            {preview.isPending ? (
              <p>Working out the refund…</p>
            ) : preview.isError ? (
              <p className="text-red-800">Could not work out the refund: {preview.error.message}</p>
            ) : (
              <>
                <p className="font-semibold text-base">Refund: {formatGbp(preview.data.amountPence)}</p>
                <p className="mt-1">Rule: {preview.data.rule}</p>
                <p className="mt-1 text-stone-600">
                  {preview.data.paidPence === 0
                    ? 'Nothing has been paid online for this booking, so there is nothing to refund.'
                    : `${preview.data.daysBeforeCheckIn} days before check-in; paid ${formatGbp(preview.data.paidPence)}${
                        preview.data.feePence > 0
                          ? `; ${formatGbp(preview.data.feePence)} processing fee deducted`
                          : ''
                      }.`}
                </p>
              </>
            )}
          </section>
        </>
      ) : null}
    </ConfirmationDialog>
  );
}
