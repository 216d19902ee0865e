import { useEffect, useState } from 'react';
import type { AdminBooking } from '../../../domain/api.ts';
import { todayOnPropertyClock } from '../../../domain/dates.ts';
import { formatGbp } from '../../../domain/pricing.ts';
import { ApiRequestError } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import {
  downloadBookingsCsv,
  useBookings,
  useCancelBooking,
  useConfirmBooking,
  useImportedEvents,
  useProperties,
} from './admin-api.ts';
import { useAdminSession } from './admin-gate.tsx';
import {
  canCancel,
  canConfirm,
  canRetryRefund,
  filterBookings,
  formatDay,
  formatPounds,
  holdText,
  STATUS_FILTER_LABELS,
  STATUS_FILTERS,
  type StatusFilter,
} from './booking-list.ts';
import { CancelDialog, toastCancellation } from './cancel-dialog.tsx';
import { MonthView } from './month-view.tsx';
import { OwnerBookingDialog } from './owner-booking-dialog.tsx';
import { RecentActivity } from './recent-activity.tsx';
import { StatusBadge } from './status-badge.tsx';
import { buttonClass, cardClass, inputClass, labelClass } from './styles.ts';

const cell = 'px-3 py-3 align-top max-md:flex max-md:justify-between max-md:gap-4 max-md:px-0 max-md:py-1';
const mobileLabel = 'font-medium text-stone-600 md:hidden';

/** The Bookings tab (spec section 2): search, status filter, the table of stays and the owner's actions. */
export function BookingsTab() {
  const session = useAdminSession();
  const bookings = useBookings();
  const properties = useProperties();
  const imported = useImportedEvents();
  const confirm = useConfirmBooking();
  const cancel = useCancelBooking();
  const [query, setQuery] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [cancelling, setCancelling] = useState<AdminBooking | null>(null);
  const [downloading, setDownloading] = useState(false);

  // A lapsed session shows the login form again.
  useEffect(() => {
    if (bookings.error instanceof ApiRequestError && bookings.error.status === 401) session.expire();
  }, [bookings.error, session]);

  const now = new Date();
  const today = todayOnPropertyClock(now);
  const propertyName = (id: number) => properties.data?.find((p) => p.id === id)?.name ?? `Property ${id}`;
  const rows = filterBookings(bookings.data ?? [], { query, status });

  async function onConfirm(booking: AdminBooking) {
    try {
      await confirm.mutateAsync(booking.id);
      toast({ title: 'Booking Confirmed', description: `${booking.contactName}'s booking is confirmed.` });
    } catch (error) {
      toast({
        title: 'Error',
        description: `Failed to confirm booking: ${(error as Error).message}`,
        variant: 'destructive',
      });
    }
  }

  /** Unblock (an owner block) and Retry refund need no preview: they act at once. */
  async function onCancelNow(booking: AdminBooking) {
    await toastCancellation(booking, cancel.mutateAsync({ id: booking.id }));
  }

  async function onDownload() {
    setDownloading(true);
    try {
      await downloadBookingsCsv();
    } catch (error) {
      toast({
        title: 'Error',
        description: `Failed to download bookings: ${(error as Error).message}`,
        variant: 'destructive',
      });
    } finally {
      setDownloading(false);
    }
  }

  const busy = confirm.isPending || cancel.isPending;

  return (
    <div className="space-y-6">
      <section className={cardClass} aria-labelledby="bookings-heading">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="bookings-heading" className="font-serif text-xl">
            Bookings
          </h2>
          <div className="flex flex-wrap gap-2">
            <OwnerBookingDialog />
            <button
              type="button"
              className={buttonClass.secondary}
              onClick={onDownload}
              disabled={downloading}
            >
              {downloading ? 'Downloading...' : 'Download CSV'}
            </button>
          </div>
        </div>
        <div className="mt-4 grid gap-3 sm:grid-cols-[1fr_auto]">
          <div>
            <label htmlFor="booking-search" className={labelClass}>
              Search
            </label>
            <input
              id="booking-search"
              type="search"
              placeholder="Name, email, reference, date or status"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              className={inputClass}
            />
          </div>
          <div>
            <label htmlFor="booking-status" className={labelClass}>
              Status
            </label>
            <select
              id="booking-status"
              value={status}
              onChange={(e) => setStatus(e.target.value as StatusFilter)}
              className={inputClass}
            >
              {STATUS_FILTERS.map((value) => (
                <option key={value} value={value}>
                  {STATUS_FILTER_LABELS[value]}
                </option>
              ))}
            </select>
          </div>
        </div>

        {bookings.isPending ? (
          <p className="mt-6 text-stone-600" role="status">
            Loading bookings…
          </p>
        ) : bookings.isError ? (
          <p className="mt-6 text-red-800" role="alert">
            Could not load the bookings: {bookings.error.message}
          </p>
        ) : rows.length === 0 ? (
          <p className="mt-6 text-stone-600">
            {bookings.data.length === 0 ? 'No bookings yet.' : 'No bookings match your search.'}
          </p>
        ) : (
          <table className="mt-6 w-full text-left text-sm max-md:block">
            <caption className="sr-only">Bookings, upcoming stays first</caption>
            <thead className="border-stone-200 border-b text-stone-600 max-md:hidden">
              <tr>
                {['Guest', 'Property', 'Check-in', 'Check-out', 'Guests', 'Total', 'Status', 'Actions'].map(
                  (name) => (
                    <th key={name} scope="col" className="px-3 py-2 font-medium">
                      {name}
                    </th>
                  ),
                )}
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100 max-md:block max-md:space-y-3 max-md:divide-y-0">
              {rows.map((b) => {
                const hold = holdText(b, now);
                const hasActions = canConfirm(b) || canCancel(b) || canRetryRefund(b);
                return (
                  <tr
                    key={b.id}
                    className={`max-md:block max-md:rounded-lg max-md:border max-md:border-stone-200 max-md:p-3 ${b.flag ? 'bg-amber-50' : ''}`}
                  >
                    <td className="px-3 py-3 align-top max-md:block max-md:px-0 max-md:pt-0 max-md:pb-2">
                      <div className="font-medium text-stone-900">{b.contactName}</div>
                      {b.kind === 'block' ? (
                        <div className="text-stone-600">{b.reason || 'No reason given'}</div>
                      ) : (
                        <div className="break-all text-stone-600">{b.contactEmail}</div>
                      )}
                      <div className="text-stone-500 text-xs">
                        Ref {b.id.slice(0, 8)}
                        {b.source === 'owner' && b.kind === 'guest' ? ' · taken by phone/e-mail' : ''}
                      </div>
                      {b.flag ? (
                        <p className="mt-1 rounded bg-amber-100 px-2 py-1 text-amber-950 text-xs" role="note">
                          <span aria-hidden="true">⚠ </span>
                          {b.flag}
                        </p>
                      ) : null}
                    </td>
                    <td className={cell}>
                      <span className={mobileLabel}>Property</span>
                      {propertyName(b.propertyId)}
                    </td>
                    <td className={cell}>
                      <span className={mobileLabel}>Check-in</span>
                      <span className="whitespace-nowrap">{formatDay(b.checkInDate)}</span>
                    </td>
                    <td className={cell}>
                      <span className={mobileLabel}>Check-out</span>
                      <span className="whitespace-nowrap">{formatDay(b.checkOutDate)}</span>
                    </td>
                    <td className={cell}>
                      <span className={mobileLabel}>Guests</span>
                      {b.kind === 'block' ? '—' : b.guestCount}
                    </td>
                    <td className={cell}>
                      <span className={mobileLabel}>Total</span>
                      <span>
                        {b.kind === 'block' ? '—' : formatPounds(b.totalPrice)}
                        {b.refundedPence > 0 ? (
                          <span className="block text-stone-500 text-xs">
                            refunded {formatGbp(b.refundedPence)}
                          </span>
                        ) : null}
                      </span>
                    </td>
                    <td className={cell}>
                      <span className={mobileLabel}>Status</span>
                      <span>
                        <StatusBadge booking={b} />
                        {hold ? <span className="mt-1 block text-stone-600 text-xs">{hold}</span> : null}
                      </span>
                    </td>
                    {/* On a phone a card without actions (canceled, completed) ends with its status. */}
                    <td
                      className={`${cell} max-md:mt-2 max-md:justify-end ${hasActions ? '' : 'max-md:hidden'}`}
                    >
                      <span className="flex flex-wrap gap-2">
                        {canConfirm(b) ? (
                          <button
                            type="button"
                            className={buttonClass.smallPrimary}
                            disabled={busy}
                            onClick={() => onConfirm(b)}
                          >
                            Confirm
                          </button>
                        ) : null}
                        {canCancel(b) ? (
                          <button
                            type="button"
                            className={buttonClass.smallDanger}
                            disabled={busy}
                            onClick={() => (b.kind === 'block' ? onCancelNow(b) : setCancelling(b))}
                          >
                            {b.kind === 'block' ? 'Unblock' : 'Cancel'}
                          </button>
                        ) : null}
                        {canRetryRefund(b) ? (
                          <button
                            type="button"
                            className={buttonClass.small}
                            disabled={busy}
                            onClick={() => onCancelNow(b)}
                          >
                            Retry refund
                          </button>
                        ) : null}
                      </span>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </section>

      <MonthView bookings={bookings.data ?? []} imported={imported.data ?? []} today={today} />
      <RecentActivity />
      <CancelDialog booking={cancelling} onClose={() => setCancelling(null)} />
    </div>
  );
}
