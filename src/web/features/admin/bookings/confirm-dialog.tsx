import type { AdminBooking } from '../../../../domain/api/admin-bookings.ts';
import { formatPounds } from '../../../../domain/format.ts';
import { ConfirmationDialog } from '../../../components/ui/dialog.tsx';
import { toastOutcome } from '../../../lib/toast.ts';
import { guestAndDates } from './booking-list.ts';
import { useConfirmBooking } from './bookings-api.ts';

/**
 * Confirming a booking the owner took by phone or e-mail before its checkout link was paid: a deliberate step
 * that says no payment has come in, so a stray click cannot confirm a stay nobody paid for.
 */
export function ConfirmDialog({ booking, onClose }: { booking: AdminBooking | null; onClose(): void }) {
  const confirm = useConfirmBooking();

  async function onConfirm() {
    if (!booking) return;
    const confirmed = await toastOutcome(
      confirm.mutateAsync(booking.id),
      { title: 'Booking Confirmed', description: `${booking.contactName}'s booking is confirmed.` },
      { prefix: 'Failed to confirm booking: ' },
    );
    if (confirmed) onClose();
  }

  return (
    <ConfirmationDialog
      open={booking !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Confirm this booking?"
      description={
        booking ? (
          <>
            {guestAndDates(booking)}, {formatPounds(booking.totalPrice)} (ref {booking.reference}).
          </>
        ) : null
      }
      keepLabel="Keep Pending"
      confirmLabel="Confirm Booking"
      pendingLabel="Confirming..."
      pending={confirm.isPending}
      variant="primary"
      onConfirm={onConfirm}
    >
      {booking ? (
        <div className="mt-4 rounded-lg bg-amber-50 p-4 text-amber-950 text-sm">
          <p className="font-semibold">No payment has been received for this booking.</p>
          <p className="mt-1">
            Confirm it only if the guest has paid you another way, for example by bank transfer. The guest is
            sent a confirmation e-mail, and the checkout link no longer takes a payment.
          </p>
        </div>
      ) : null}
    </ConfirmationDialog>
  );
}
