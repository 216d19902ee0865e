import * as Dialog from '@radix-ui/react-dialog';
import type { AdminBooking } from '../../../domain/api.ts';
import { toast } from '../../lib/toast.ts';
import { useConfirmBooking } from './admin-api.ts';
import { formatDay, formatPounds } from './booking-list.ts';
import { buttonClass } from './styles.ts';

/**
 * Confirming a booking the owner took by phone or e-mail before its checkout link was paid: a deliberate step
 * that says no payment has come in, so a stray click cannot confirm a stay nobody paid for.
 */
export function ConfirmDialog({ booking, onClose }: { booking: AdminBooking | null; onClose(): void }) {
  const confirm = useConfirmBooking();

  async function onConfirm() {
    if (!booking) return;
    try {
      await confirm.mutateAsync(booking.id);
      toast({ title: 'Booking Confirmed', description: `${booking.contactName}'s booking is confirmed.` });
      onClose();
    } catch (error) {
      toast({
        title: 'Error',
        description: `Failed to confirm booking: ${(error as Error).message}`,
        variant: 'destructive',
      });
    }
  }

  return (
    <Dialog.Root open={booking !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl">
          <Dialog.Title className="font-serif text-xl">Confirm this booking?</Dialog.Title>
          {booking ? (
            <>
              <Dialog.Description className="mt-1 text-sm text-stone-700">
                {booking.contactName}, {formatDay(booking.checkInDate)} – {formatDay(booking.checkOutDate)},{' '}
                {formatPounds(booking.totalPrice)} (ref {booking.reference}).
              </Dialog.Description>
              <div className="mt-4 rounded-lg bg-amber-50 p-4 text-amber-950 text-sm">
                <p className="font-semibold">No payment has been received for this booking.</p>
                <p className="mt-1">
                  Confirm it only if the guest has paid you another way, for example by bank transfer. The
                  guest is sent a confirmation e-mail, and the checkout link no longer takes a payment.
                </p>
              </div>
            </>
          ) : null}
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Dialog.Close className={buttonClass.secondary}>Keep Pending</Dialog.Close>
            <button
              type="button"
              className={buttonClass.primary}
              disabled={confirm.isPending}
              onClick={onConfirm}
            >
              {confirm.isPending ? 'Confirming...' : 'Confirm Booking'}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
