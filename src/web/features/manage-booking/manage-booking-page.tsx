import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import type { RefundPreview } from '../../../domain/api/admin-bookings.ts';
import type { ManageCancelResponse, ManagedBooking } from '../../../domain/api/guest-journey.ts';
import { ChangeRequestSchema } from '../../../domain/api/guest-journey.ts';
import { formatGbp, formatLongDate } from '../../../domain/format.ts';
import { refundRule } from '../../../domain/refunds.ts';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { ConfirmationDialog } from '../../components/ui/dialog.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Input, Textarea } from '../../components/ui/input.tsx';
import { PageLoading } from '../../components/ui/page-loading.tsx';
import { Panel } from '../../components/ui/panel.tsx';
import { ApiRequestError } from '../../lib/api.ts';
import { siteEmail } from '../../lib/runtime-config.ts';
import { toast, toastIfFailed } from '../../lib/toast.ts';
import { CheckInSection } from '../check-in/index.ts';
import { DocumentsSection } from './documents-section.tsx';
import {
  calendarFileUrl,
  cancelManagedBooking,
  managedBookingQuery,
  requestChange,
} from './manage-booking-api.ts';
import { ReviewSection } from './review-section.tsx';

function Rows({ rows }: { rows: [string, string, boolean?][] }) {
  return (
    <dl className="space-y-2">
      {rows.map(([term, value, strong]) => (
        <div
          key={term}
          className={`flex justify-between gap-4 ${strong ? 'border-stone-200 border-t pt-2 font-semibold' : ''}`}
        >
          <dt className={`whitespace-nowrap ${strong ? '' : 'text-stone-600'}`}>{term}</dt>
          <dd className="text-right">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The guest's booking, by the reference and key of their link; a missing or wrong key reads as no booking. */
export function ManageBookingPage({ reference, bookingKey }: { reference: string; bookingKey: string }) {
  const booking = useQuery({ ...managedBookingQuery(reference, bookingKey), enabled: bookingKey !== '' });

  if (bookingKey === '' || booking.isError) {
    const notFound =
      bookingKey === '' || (booking.error instanceof ApiRequestError && booking.error.status === 404);
    return (
      <div className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="font-serif text-3xl">{notFound ? 'Booking Not Found' : 'Something Went Wrong'}</h1>
        <p className="mt-3 text-stone-700">
          {notFound
            ? 'We could not find a booking for this link. Please open the link in your confirmation e-mail again, or write to us.'
            : booking.error?.message}
        </p>
        <p className="mt-3">
          <a className="underline" href={`mailto:${siteEmail()}`}>
            {siteEmail()}
          </a>
        </p>
        <Link to="/" className={buttonClass({ className: 'mt-6' })}>
          Return Home
        </Link>
      </div>
    );
  }
  if (booking.isPending) {
    return <PageLoading>Loading your booking…</PageLoading>;
  }
  return <BookingDetails booking={booking.data} reference={reference} bookingKey={bookingKey} />;
}

/** The booking shown, and the reference and key of its link, which every request about it sends. */
type BookingProps = { booking: ManagedBooking; reference: string; bookingKey: string };

function BookingDetails({ booking, reference, bookingKey }: BookingProps) {
  const canceled = booking.status === 'canceled';
  const { money } = booking;
  return (
    <div className="mx-auto max-w-4xl px-4 py-12">
      <p className="text-stone-600">Booking reference</p>
      <p className="font-mono text-lg">{booking.reference}</p>
      <h1 className="mt-2 font-serif text-4xl">
        {canceled ? 'Your booking is cancelled' : `Your stay at The Tower, ${booking.contactName}`}
      </h1>
      {canceled ? (
        <p role="status" className="mt-3 rounded-md bg-stone-100 p-3 text-stone-800">
          This booking was cancelled.{' '}
          {money.refundedPence > 0
            ? `${formatGbp(money.refundedPence)} is refunded to the card you paid with; refunds take 5–10 working days to arrive.`
            : ''}
        </p>
      ) : null}
      <div className="mt-8 grid gap-6 md:grid-cols-2">
        <Panel headingId="stay-heading" title="Your stay" headingClassName="mb-4">
          <Rows
            rows={[
              ['Check-in', `${formatLongDate(booking.checkInDate)}, from ${booking.checkInTime}`],
              ['Check-out', `${formatLongDate(booking.checkOutDate)}, by ${booking.checkOutTime}`],
              ['Nights', String(booking.nights)],
              ['Guests', String(booking.guestCount)],
            ]}
          />
          {/* A cancelled stay has no arrival: nothing here promises its e-mail or its access code. */}
          {canceled ? null : booking.address ? (
            <address className="mt-4 text-stone-800 not-italic">The Tower, {booking.address}</address>
          ) : (
            <p className="mt-4 text-sm text-stone-600">
              The address and how to get in come in your arrival e-mail, 24 hours before check-in.
            </p>
          )}
          {canceled ? null : (
            <a
              href={calendarFileUrl(reference, bookingKey)}
              download
              className={buttonClass({ variant: 'secondary', className: 'mt-4' })}
            >
              Add to calendar
            </a>
          )}
        </Panel>
        <Panel headingId="price-heading" title="Price" headingClassName="mb-4">
          <Rows
            rows={[
              [`Accommodation (${booking.nights} nights)`, formatGbp(booking.accommodationPence)],
              ['Cleaning fee', formatGbp(booking.cleaningFeePence)],
              ['Service fee', formatGbp(booking.serviceFeePence)],
              ['Total', formatGbp(money.totalPence), true],
            ]}
          />
          <section aria-label="Payments" className="mt-4">
            <Rows
              rows={[
                ['Paid', formatGbp(money.paidPence)],
                ...(money.refundedPence > 0
                  ? ([['Refunded', formatGbp(money.refundedPence)]] as [string, string][])
                  : []),
                ['Still to pay', formatGbp(money.duePence), true],
              ]}
            />
            {money.balanceDueOn ? (
              <p className="mt-3 text-sm text-stone-700">
                The balance of {formatGbp(money.duePence)} is charged to the card you paid with on{' '}
                {formatLongDate(money.balanceDueOn)}.
              </p>
            ) : null}
            {money.payBalancePath ? (
              <>
                <p className="mt-3 text-sm text-stone-700">
                  We could not charge the balance to your card. Your booking is still confirmed: please pay it
                  here.
                </p>
                <Link to={money.payBalancePath} className={buttonClass({ className: 'mt-3' })}>
                  Pay the balance of {formatGbp(money.duePence)}
                </Link>
              </>
            ) : null}
          </section>
        </Panel>
      </div>
      {/* Shown once the stay has ended: first, as the thank-you e-mail's link leads here for it. */}
      {canceled ? null : <ReviewSection reference={reference} bookingKey={bookingKey} />}
      {canceled ? null : <CheckInSection reference={reference} bookingKey={bookingKey} />}
      <DocumentsSection reference={reference} bookingKey={bookingKey} />
      {canceled ? null : (
        <div className="mt-6 grid gap-6 md:grid-cols-2">
          <ChangeRequestForm booking={booking} reference={reference} bookingKey={bookingKey} />
          <CancelSection booking={booking} reference={reference} bookingKey={bookingKey} />
        </div>
      )}
    </div>
  );
}

function CancelSection({ booking, reference, bookingKey }: BookingProps) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();
  const refund = booking.refund;

  async function onConfirm() {
    setBusy(true);
    let result: ManageCancelResponse;
    try {
      result = await cancelManagedBooking(reference, bookingKey);
    } catch (error) {
      toast({
        title: 'Error',
        description: `Failed to cancel booking: ${(error as Error).message}`,
        variant: 'destructive',
      });
      setBusy(false);
      return;
    }
    queryClient.setQueryData(managedBookingQuery(reference, bookingKey).queryKey, result.booking);
    toast({
      title: 'Booking Cancelled',
      description: result.refundPending
        ? `Your refund of ${formatGbp(result.refundPence)} is on its way; we will be in touch.`
        : result.refundPence > 0
          ? `${formatGbp(result.refundPence)} is being refunded to your card.`
          : 'Your booking is cancelled.',
    });
    setBusy(false);
    setOpen(false);
  }

  return (
    <Panel headingId="cancel-heading" title="Cancel">
      {refund ? (
        <>
          {refund.paidPence > 0 ? (
            <RefundWords booking={booking} refund={refund} />
          ) : (
            <p className="mt-2 text-stone-700">
              Nothing was paid online for this booking: we will settle any refund with you directly.
            </p>
          )}
          <Button variant="danger-outline" className="mt-4" onClick={() => setOpen(true)}>
            Cancel booking
          </Button>
        </>
      ) : (
        <p className="mt-2 text-stone-700">
          Your stay has begun; to change anything please write to us at {siteEmail()}.
        </p>
      )}
      <ConfirmationDialog
        open={open}
        onOpenChange={(next) => !busy && setOpen(next)}
        title="Cancel your booking?"
        description={
          <>
            {formatLongDate(booking.checkInDate)} – {formatLongDate(booking.checkOutDate)}. This cannot be
            undone.
          </>
        }
        keepLabel="Keep Booking"
        confirmLabel="Cancel Booking"
        pendingLabel="Cancelling..."
        pending={busy}
        locked={busy}
        onConfirm={onConfirm}
      >
        {refund ? (
          <section aria-label="Refund" className="mt-4 rounded-lg bg-stone-100 p-4 text-sm">
            <p className="font-semibold text-base">Refund: {formatGbp(refund.amountPence)}</p>
            <p className="mt-1">Rule: {refund.rule}</p>
            <p className="mt-1 text-stone-600">
              {refund.daysBeforeCheckIn} days before check-in; paid {formatGbp(refund.paidPence)}
              {refund.feePence > 0 ? `; ${formatGbp(refund.feePence)} processing fee deducted` : ''}.
            </p>
          </section>
        ) : null}
      </ConfirmationDialog>
    </Panel>
  );
}

/**
 * What cancelling today gives back, in words that add up: what was paid, what the terms give back of it (the
 * row of the terms and which parts of the price it covers, from the refund rule in src/domain/refunds.ts) and
 * the processing fee that comes off it.
 */
function RefundWords({ booking, refund }: { booking: ManagedBooking; refund: RefundPreview }) {
  const paid = formatGbp(refund.paidPence);
  // The preview's amount is what the terms give back less the fee: together they are the terms' refund.
  const beforeFee = refund.amountPence + refund.feePence;
  const covers = refundRule(refund.daysBeforeCheckIn).cleaningFeeRefunded
    ? 'the whole price, cleaning fee included'
    : `${refund.percent}% of the accommodation and service fee; the ${formatGbp(booking.cleaningFeePence)} cleaning fee is not refunded`;
  const partlyPaid = booking.money.paidPence < booking.money.totalPence;
  return (
    <div className="mt-2 space-y-2 text-stone-700">
      <p>
        {refund.amountPence > 0 ? (
          <>
            If you cancel today you get <strong>{formatGbp(refund.amountPence)}</strong> back of the {paid}{' '}
            you paid.
          </>
        ) : (
          <>If you cancel today nothing is refunded of the {paid} you paid.</>
        )}
      </p>
      <p className="text-sm">
        Cancellation terms: {refund.rule}.
        {beforeFee > 0
          ? ` That is ${formatGbp(beforeFee)} of what you paid (${covers}${partlyPaid ? ', in the share of the price paid so far' : ''})${
              refund.feePence > 0 ? `, less the ${formatGbp(refund.feePence)} processing fee` : ''
            }.`
          : ''}
      </p>
    </div>
  );
}

function ChangeRequestForm({ booking, reference, bookingKey }: BookingProps) {
  const [checkInDate, setCheckIn] = useState(booking.checkInDate);
  const [checkOutDate, setCheckOut] = useState(booking.checkOutDate);
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = ChangeRequestSchema.safeParse({ checkInDate, checkOutDate, message });
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])),
      );
      return;
    }
    setErrors({});
    setBusy(true);
    if (await toastIfFailed(requestChange(reference, bookingKey, parsed.data))) setSent(true);
    setBusy(false);
  }

  return (
    <Panel headingId="change-heading" title="Ask for a change">
      {sent ? (
        <p role="status" className="mt-2 text-stone-700">
          Thank you: we have your request and will reply by e-mail. Your booking stays as it is until we agree
          a change.
        </p>
      ) : (
        <form onSubmit={onSubmit} noValidate className="mt-2 space-y-3">
          <p className="text-sm text-stone-700">Tell us the dates you would like; we will reply by e-mail.</p>
          <div className="grid grid-cols-2 gap-3">
            <Field label="Check-in wanted" error={errors.checkInDate}>
              <Input type="date" value={checkInDate} onChange={(e) => setCheckIn(e.target.value)} />
            </Field>
            <Field label="Check-out wanted" error={errors.checkOutDate}>
              <Input type="date" value={checkOutDate} onChange={(e) => setCheckOut(e.target.value)} />
            </Field>
          </div>
          <Field label="Message (optional)" error={errors.message}>
            <Textarea rows={3} value={message} onChange={(e) => setMessage(e.target.value)} />
          </Field>
          <Button type="submit" variant="secondary" disabled={busy}>
            {busy ? 'Sending...' : 'Send request'}
          </Button>
        </form>
      )}
    </Panel>
  );
}
