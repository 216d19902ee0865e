import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { AdminBooking } from '../../../../domain/api/admin-bookings.ts';
import { bookingReference, isBookingId } from '../../../../domain/booking-reference.ts';
import { todayOnPropertyClock } from '../../../../domain/dates.ts';
import { formatGbp, formatPounds, formatShortDate } from '../../../../domain/format.ts';
import { Button, type ButtonVariant } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input, Select } from '../../../components/ui/input.tsx';
import { ApiRequestError } from '../../../lib/api.ts';
import { toastIfFailed, toastOutcome } from '../../../lib/toast.ts';
import { AdminCard } from '../shared/card.tsx';
import { useBookings } from '../shared/queries.ts';
import { useAdminSession } from '../shared/session.ts';
import { toastCancellation, useCancelBooking } from '../shared/stays.ts';
import { WhenRead } from '../shared/when-read.tsx';
import { canChargeBalance, paymentLines } from './balance-summary.ts';
import {
  canCancel,
  canConfirm,
  canRetryRefund,
  checkoutState,
  countLapsedCheckouts,
  filterBookings,
  holdText,
  STATUS_FILTER_LABELS,
  STATUS_FILTERS,
  type StatusFilter,
} from './booking-list.ts';
import {
  downloadBookingsCsv,
  useChargeBalance,
  useImportedEvents,
  useProperties,
  useSendPaymentLink,
} from './bookings-api.ts';
import { CancelDialog } from './cancel-dialog.tsx';
import { checkInWords, notCheckedIn } from './check-in-words.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { DocumentsCard } from './documents-card.tsx';
import { EmailAddress } from './email-address.tsx';
import { conflictChannels, flagSentence } from './flag-sentence.ts';
import { GuestDataCard } from './guest-data-card.tsx';
import { MonthView } from './month-view.tsx';
import { OwnerBookingDialog } from './owner-booking-dialog.tsx';
import { RecentActivity } from './recent-activity.tsx';
import { StatusBadge } from './status-badge.tsx';
import { StayJourneyDialog } from './stay-journey-dialog.tsx';

const cell = 'px-3 py-3 align-top max-md:flex max-md:justify-between max-md:gap-4 max-md:px-0 max-md:py-1';
const mobileLabel = 'font-medium text-stone-600 md:hidden';

/** `/admin?booking={id}` (the owner's e-mails link to it) opens the list searched for that booking's reference. */
function useInitialQuery(): string {
  const [params] = useSearchParams();
  const id = params.get('booking');
  return id && isBookingId(id) ? bookingReference(id) : '';
}

/**
 * The Bookings tab (spec section 2): search, status filter, guests' checkouts in progress apart from the table of
 * stays, and the owner's actions. Lapsed checkouts are hidden unless the owner asks for them.
 */
export function BookingsTab() {
  const session = useAdminSession();
  const bookings = useBookings();
  const properties = useProperties();
  const imported = useImportedEvents();
  const cancel = useCancelBooking();
  const chargeBalance = useChargeBalance();
  const sendLink = useSendPaymentLink();
  const initialQuery = useInitialQuery();
  const [query, setQuery] = useState(initialQuery);
  const [status, setStatus] = useState<StatusFilter>('all');
  const [showLapsed, setShowLapsed] = useState(false);
  const [confirming, setConfirming] = useState<AdminBooking | null>(null);
  const [cancelling, setCancelling] = useState<AdminBooking | null>(null);
  const [journey, setJourney] = useState<AdminBooking | null>(null);
  const [downloading, setDownloading] = useState(false);

  // A lapsed session shows the login form again.
  useEffect(() => {
    if (bookings.error instanceof ApiRequestError && bookings.error.status === 401) session.expire();
  }, [bookings.error, session]);

  const now = new Date();
  const today = todayOnPropertyClock(now);
  // The Property column earns its place only once there is more than one property (spec section 2 lists it).
  const manyProperties = (properties.data?.length ?? 0) > 1;
  const propertyName = (id: number) => properties.data?.find((p) => p.id === id)?.name ?? `Property ${id}`;
  const filters = { query, status, showLapsed };
  const shown = filterBookings(bookings.data ?? [], filters, now);
  const checkouts = shown.filter((b) => checkoutState(b, now) === 'live');
  const rows = shown.filter((b) => checkoutState(b, now) !== 'live');
  const lapsedCount = countLapsedCheckouts(bookings.data ?? [], filters, now);
  const columns = [
    'Guest',
    ...(manyProperties ? ['Property'] : []),
    'Check-in',
    'Check-out',
    'Guests',
    'Total',
    'Status',
    'Actions',
  ];

  /** Unblock (an owner block) and Retry refund need no preview: they act at once. */
  async function onCancelNow(booking: AdminBooking) {
    await toastCancellation(booking, cancel.mutateAsync({ id: booking.id }));
  }

  async function onDownload() {
    setDownloading(true);
    await toastIfFailed(downloadBookingsCsv(), { prefix: 'Failed to download bookings: ' });
    setDownloading(false);
  }

  const busy = cancel.isPending || chargeBalance.isPending || sendLink.isPending;
  // A row's action: every row's are held while one of them is under way.
  const rowAction = (label: string, variant: ButtonVariant, onClick: () => void) => (
    <Button variant={variant} size="sm" disabled={busy} onClick={onClick}>
      {label}
    </Button>
  );

  /** 'Charge balance now': the saved card at once; the answer says what became of it. */
  async function onChargeBalance(booking: AdminBooking) {
    await toastOutcome(
      chargeBalance.mutateAsync(booking.id),
      (charged) =>
        charged.balanceStatus === 'succeeded'
          ? { title: 'Balance Charged', description: `${booking.contactName}'s booking is paid in full.` }
          : {
              title: 'Balance Not Charged',
              description:
                charged.balanceFailureCode === 'authentication_required'
                  ? "The guest's bank asked for authentication. The guest has been sent the payment link."
                  : `The card was declined${charged.balanceLastError ? `: ${charged.balanceLastError}` : ''}. The guest has been sent the payment link.`,
              variant: 'destructive',
            },
      { prefix: 'Failed to charge the balance: ' },
    );
  }

  async function onSendLink(booking: AdminBooking) {
    await toastOutcome(
      sendLink.mutateAsync(booking.id),
      { title: 'Payment Link Sent', description: `Sent to ${booking.contactEmail}.` },
      { prefix: 'Failed to send the payment link: ' },
    );
  }

  return (
    <>
      <AdminCard
        headingId="bookings-heading"
        title="Bookings"
        aside={
          <div className="flex flex-wrap gap-2">
            <OwnerBookingDialog />
            <Button variant="secondary" onClick={onDownload} disabled={downloading}>
              {downloading ? 'Downloading...' : 'Download CSV'}
            </Button>
          </div>
        }
      >
        <div className="mt-4 grid gap-3 sm:grid-cols-[1fr_auto]">
          <Field label="Search" id="booking-search">
            <Input
              type="search"
              placeholder="Name, email, reference, date or status"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
            />
          </Field>
          <Field label="Status" id="booking-status">
            <Select
              value={status}
              onChange={(e) => setStatus(e.target.value as StatusFilter)}
              options={STATUS_FILTERS}
              labels={STATUS_FILTER_LABELS}
            />
          </Field>
        </div>
        <label className="mt-3 inline-flex items-center gap-2 text-sm text-stone-700">
          <input
            type="checkbox"
            checked={showLapsed}
            onChange={(e) => setShowLapsed(e.target.checked)}
            className="size-4"
          />
          Show lapsed checkouts{lapsedCount > 0 ? ` (${lapsedCount})` : ''}
        </label>

        <WhenRead query={bookings} what="the bookings" className="mt-6">
          {() => (
            <>
              {checkouts.length > 0 ? <CheckoutsInProgress checkouts={checkouts} now={now} /> : null}
              {rows.length === 0 ? (
                checkouts.length > 0 ? null : (
                  <p className="mt-6 text-stone-600">
                    {/* Lapsed checkouts alone are no bookings: the checkbox above counts them. */}
                    {query.trim() || status !== 'all' ? 'No bookings match your search.' : 'No bookings yet.'}
                  </p>
                )
              ) : (
                <table className="mt-6 w-full text-left text-sm max-md:block">
                  <caption className="sr-only">Bookings, upcoming stays first</caption>
                  <thead className="border-stone-200 border-b text-stone-600 max-md:hidden">
                    <tr>
                      {columns.map((name) => (
                        <th key={name} scope="col" className="px-3 py-2 font-medium">
                          {name}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-stone-100 max-md:block max-md:space-y-3 max-md:divide-y-0">
                    {rows.map((b) => {
                      const hold = holdText(b, now);
                      const flag = flagSentence(b, conflictChannels(b, imported.data ?? []));
                      const hasActions =
                        canConfirm(b) || canCancel(b) || canRetryRefund(b) || canChargeBalance(b);
                      const money = paymentLines(b);
                      return (
                        <tr
                          key={b.id}
                          className={`max-md:block max-md:rounded-lg max-md:border max-md:border-stone-200 max-md:p-3 ${flag ? 'bg-amber-50' : ''}`}
                        >
                          <td className="px-3 py-3 align-top max-md:block max-md:px-0 max-md:pt-0 max-md:pb-2">
                            <div className="font-medium text-stone-900">{b.contactName}</div>
                            {b.kind === 'block' ? (
                              <div className="text-stone-600">{b.reason || 'No reason given'}</div>
                            ) : (
                              <div className="text-stone-600">
                                <EmailAddress address={b.contactEmail} />
                              </div>
                            )}
                            <div className="text-stone-500 text-xs">
                              Ref <span className="whitespace-nowrap">{b.reference}</span>
                              {b.source === 'owner' && b.kind === 'guest' ? ' · taken by phone/e-mail' : ''}
                            </div>
                            {b.kind === 'guest' && (b.status === 'confirmed' || b.status === 'canceled') ? (
                              <button
                                type="button"
                                className="mt-1 text-amber-800 text-xs underline underline-offset-2"
                                onClick={() => setJourney(b)}
                              >
                                Guest link and messages
                              </button>
                            ) : null}
                            {flag ? (
                              <p
                                className="mt-1 rounded bg-amber-100 px-2 py-1 text-amber-950 text-xs"
                                role="note"
                              >
                                <span aria-hidden="true">⚠ </span>
                                {flag}
                              </p>
                            ) : null}
                          </td>
                          {manyProperties ? (
                            <td className={cell}>
                              <span className={mobileLabel}>Property</span>
                              {propertyName(b.propertyId)}
                            </td>
                          ) : null}
                          <td className={cell}>
                            <span className={mobileLabel}>Check-in</span>
                            <span className="whitespace-nowrap">{formatShortDate(b.checkInDate)}</span>
                          </td>
                          <td className={cell}>
                            <span className={mobileLabel}>Check-out</span>
                            {b.dayHireHours ? (
                              <span className="whitespace-nowrap">
                                Day hire {b.dayHireHours}
                                {b.holdsNight ? '' : ' (night bookable)'}
                              </span>
                            ) : (
                              <span className="whitespace-nowrap">{formatShortDate(b.checkOutDate)}</span>
                            )}
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
                              {money.map((line) => (
                                <span
                                  key={line}
                                  className={`block text-xs ${b.duePence > 0 ? 'text-orange-900' : 'text-stone-600'}`}
                                >
                                  {line}
                                </span>
                              ))}
                            </span>
                          </td>
                          <td className={cell}>
                            <span className={mobileLabel}>Status</span>
                            <span>
                              <StatusBadge booking={b} />
                              {hold ? (
                                <span className="mt-1 block text-stone-600 text-xs">{hold}</span>
                              ) : null}
                              {checkInWords(b, today) ? (
                                <span
                                  className={`mt-1 block text-xs ${notCheckedIn(b, today) ? 'text-amber-900' : 'text-stone-600'}`}
                                >
                                  {checkInWords(b, today)}
                                </span>
                              ) : null}
                            </span>
                          </td>
                          {/* On a phone a card without actions (canceled, completed) ends with its status. */}
                          <td
                            className={`${cell} max-md:mt-2 max-md:justify-end ${hasActions ? '' : 'max-md:hidden'}`}
                          >
                            <span className="flex flex-wrap gap-2">
                              {canConfirm(b) ? rowAction('Confirm', 'confirm', () => setConfirming(b)) : null}
                              {canCancel(b)
                                ? rowAction(
                                    b.kind === 'block' ? 'Unblock' : 'Cancel',
                                    'danger-outline',
                                    () => (b.kind === 'block' ? onCancelNow(b) : setCancelling(b)),
                                  )
                                : null}
                              {canChargeBalance(b) ? (
                                <>
                                  {rowAction('Charge balance now', 'secondary', () => onChargeBalance(b))}
                                  {rowAction('Send payment link', 'secondary', () => onSendLink(b))}
                                </>
                              ) : null}
                              {canRetryRefund(b)
                                ? rowAction('Retry refund', 'secondary', () => onCancelNow(b))
                                : null}
                            </span>
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              )}
            </>
          )}
        </WhenRead>
      </AdminCard>

      <MonthView
        bookings={bookings.data ?? []}
        imported={imported.data ?? []}
        today={today}
        onGuestLink={setJourney}
      />
      <RecentActivity />
      <GuestDataCard />
      <DocumentsCard />
      <StayJourneyDialog booking={journey} onClose={() => setJourney(null)} />
      <ConfirmDialog booking={confirming} onClose={() => setConfirming(null)} />
      <CancelDialog booking={cancelling} onClose={() => setCancelling(null)} />
    </>
  );
}

/**
 * Guests paying online right now, apart from the bookings: nothing to confirm (a payment that goes through
 * confirms the stay by itself), and each hold lapses on its own.
 */
function CheckoutsInProgress({ checkouts, now }: { checkouts: AdminBooking[]; now: Date }) {
  return (
    <section
      aria-labelledby="checkouts-heading"
      className="mt-6 rounded-lg border border-sky-200 bg-sky-50 p-4 text-sm"
    >
      <h3 id="checkouts-heading" className="font-semibold text-base text-stone-900">
        Checkouts in progress
      </h3>
      <p className="mt-1 text-stone-700">
        Guests paying online now. Their nights are held until the hold lapses; a payment that goes through
        confirms the booking by itself.
      </p>
      <ul className="mt-3 divide-y divide-sky-200">
        {checkouts.map((b) => (
          <li key={b.id} className="flex flex-wrap items-baseline gap-x-4 gap-y-1 py-2">
            <span className="font-medium text-stone-900">{b.contactName}</span>
            <span className="min-w-0 text-stone-700">
              <EmailAddress address={b.contactEmail} />
            </span>
            <span className="whitespace-nowrap">
              {formatShortDate(b.checkInDate)} – {formatShortDate(b.checkOutDate)}
            </span>
            <span>{formatPounds(b.totalPrice)}</span>
            <span className="text-stone-600 text-xs">Ref {b.reference}</span>
            <span className="font-medium text-sky-950">{holdText(b, now)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
