import type { AdminBooking } from '../../../domain/api/admin-bookings.ts';
import { formatPounds, formatShortDate } from '../../../domain/format.ts';
import { Button } from '../../components/ui/button.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '../../components/ui/dialog.tsx';
import { toast } from '../../lib/toast.ts';
import { useConfirmBooking } from './admin-api.ts';

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
    <Dialog open={booking !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogTitle>Confirm this booking?</DialogTitle>
        {booking ? (
          <>
            <DialogDescription>
              {booking.contactName}, {formatShortDate(booking.checkInDate)} –{' '}
              {formatShortDate(booking.checkOutDate)}, {formatPounds(booking.totalPrice)} (ref{' '}
              {booking.reference}).
            </DialogDescription>
            <div className="mt-4 rounded-lg bg-amber-50 p-4 text-amber-950 text-sm">
              <p className="font-semibold">No payment has been received for this booking.</p>
              <p className="mt-1">
                Confirm it only if the guest has paid you another way, for example by bank transfer. The guest
                is sent a confirmation e-mail, and the checkout link no longer takes a payment.
              </p>
            </div>
          </>
        ) : null}
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="secondary">Keep Pending</Button>
          </DialogClose>
          <Button disabled={confirm.isPending} onClick={onConfirm}>
            {confirm.isPending ? 'Confirming...' : 'Confirm Booking'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
