import { type ReactNode, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { PublicBooking } from '../../../domain/api/payments.ts';
import { bookingReference, isBookingId } from '../../../domain/booking-reference.ts';
import { formatLongDate, formatPounds } from '../../../domain/format.ts';
import { CHECK_IN_TIME, CHECK_OUT_TIME } from '../../../domain/property.ts';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { Panel } from '../../components/ui/panel.tsx';
import { getBooking, notifyPaymentSuccess } from '../../features/payments/payment-api.ts';
import { ApiRequestError } from '../../lib/api.ts';
import { type ManageKeyState, recallManageKey } from '../../lib/manage-key.ts';
import { pageMeta } from '../../lib/meta.ts';
import { useEnquiriesEmail } from '../../lib/site-content.ts';

export const meta = () =>
  pageMeta({
    title: 'Booking Confirmed | The Tower, Aberdeen',
    description: 'Your stay at The Tower is confirmed.',
    path: '/booking-success',
    noindex: true,
  });

const HIGHLIGHTS = [
  {
    title: 'Five floors of a converted church',
    text: 'A penthouse in the heart of Aberdeen, renovated over 18 months.',
  },
  {
    title: 'Private sauna and roof terrace',
    text: 'Unwind in your own sauna, then take in the city from the terrace.',
  },
  {
    title: 'The tower viewing room',
    text: 'A room at the top of the tower with views across the Granite City.',
  },
];

/**
 * What the address names: nothing yet (the page is pre-rendered without its query string), no booking id, a
 * booking the server knows, or an id it does not.
 */
type Lookup =
  | { kind: 'reading' }
  | { kind: 'no-id' }
  | { kind: 'found'; booking: PublicBooking; manageKey: string | null }
  | { kind: 'not-found' }
  /** The look-up itself failed (offline): the reference from the address, as before there was a look-up. */
  | { kind: 'unread'; bookingId: string };

function useBookingLookup(): Lookup {
  const [lookup, setLookup] = useState<Lookup>({ kind: 'reading' });
  useEffect(() => {
    let active = true;
    const params = new URLSearchParams(window.location.search);
    const id = params.get('bookingId');
    if (!id) {
      setLookup({ kind: 'no-id' });
      return;
    }
    if (!isBookingId(id)) {
      setLookup({ kind: 'not-found' });
      return;
    }
    void (async () => {
      // Back from a payment step that needed a redirect: tell the server first (the webhook would too; both
      // idempotent), so that the booking read next is the confirmed one.
      const paymentIntentId = params.get('payment_intent');
      if (paymentIntentId) await notifyPaymentSuccess({ paymentIntentId, bookingId: id }).catch(() => {});
      try {
        const booking = await getBooking(id);
        if (active) setLookup({ kind: 'found', booking, manageKey: recallManageKey(id) });
      } catch (error) {
        if (!active) return;
        setLookup(
          error instanceof ApiRequestError && error.status === 404
            ? { kind: 'not-found' }
            : { kind: 'unread', bookingId: id },
        );
      }
    })();
    return () => {
      active = false;
    };
  }, []);
  return lookup;
}

/** /booking-success (spec section 2): the confirmation, what happens next, and the booking reference. */
export default function BookingSuccess() {
  const lookup = useBookingLookup();
  if (lookup.kind === 'reading') {
    return (
      <div className="flex min-h-[50vh] items-center justify-center" role="status">
        <span className="text-stone-600">Loading…</span>
      </div>
    );
  }
  if (lookup.kind === 'not-found') return <BookingNotFound />;
  if (lookup.kind === 'found' && lookup.booking.status !== 'confirmed')
    return <BookingNotConfirmed booking={lookup.booking} />;
  const bookingId =
    lookup.kind === 'found' ? lookup.booking.id : lookup.kind === 'unread' ? lookup.bookingId : null;
  return (
    <Confirmation
      reference={bookingId ? bookingReference(bookingId) : null}
      details={
        lookup.kind === 'found' ? (
          <BookingSummary booking={lookup.booking} manageKey={lookup.manageKey} />
        ) : null
      }
    />
  );
}

function Confirmation({ reference, details }: { reference: string | null; details: ReactNode }) {
  const email = useEnquiriesEmail();
  return (
    <div className="mx-auto max-w-3xl px-4 py-16">
      <div className="text-center">
        <p aria-hidden="true" className="text-5xl text-emerald-700">
          ✓
        </p>
        <h1 className="mt-4 font-serif text-4xl">Booking Confirmed!</h1>
        <p className="mt-3 text-lg text-stone-700">
          Thank you for booking The Tower. We look forward to welcoming you to Aberdeen.
        </p>
        {/* The short reference every e-mail carries; the long id stays in the address bar. */}
        {reference ? (
          <p className="mt-4 inline-block rounded-md bg-stone-100 px-4 py-2 text-stone-800">
            Booking reference: <strong className="whitespace-nowrap font-mono">{reference}</strong>
          </p>
        ) : null}
      </div>

      {details}

      <section aria-labelledby="highlights-heading" className="mt-12">
        <h2 id="highlights-heading" className="font-serif text-2xl">
          A Stay Like No Other
        </h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-3">
          {HIGHLIGHTS.map((item) => (
            <li key={item.title} className="rounded-lg border border-stone-200 bg-white p-4">
              <h3 className="font-semibold">{item.title}</h3>
              <p className="mt-1 text-sm text-stone-700">{item.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="next-heading" className="mt-12">
        <h2 id="next-heading" className="font-serif text-2xl">
          What's Next
        </h2>
        <ul className="mt-4 list-disc space-y-2 pl-6 text-stone-800">
          <li>
            A confirmation e-mail with your booking details, and a link to see, change or cancel your booking,
            is on its way to you.
          </li>
          <li>Check-in instructions and your key codes arrive 24 hours before your stay.</li>
          <li>
            Questions, or need to cancel? E-mail us at{' '}
            <a className="underline" href={`mailto:${email}`}>
              {email}
            </a>
            .
          </li>
        </ul>
      </section>

      <p className="mt-12 text-center font-serif text-lg">
        We can’t wait to welcome you.
        <br />— The owners of The Tower
      </p>
      <div className="mt-8 text-center">
        <Link to="/" className={buttonClass()}>
          Return Home
        </Link>
      </div>
    </div>
  );
}

/** The stay, what was paid, what is still due and when, and the way to the guest's own page. */
function BookingSummary({ booking, manageKey }: { booking: PublicBooking; manageKey: string | null }) {
  const navigate = useNavigate();
  const due = booking.balanceOutstanding && booking.balancePrice !== null ? booking.balancePrice : 0;
  const dueText =
    due === 0
      ? 'Nothing: paid in full'
      : booking.balanceDueOn
        ? `${formatPounds(due)} on ${formatLongDate(booking.balanceDueOn)}, charged to the card you paid with`
        : `${formatPounds(due)}: we will e-mail you a link to pay it`;
  const rows: [string, string][] = [
    ['Check-in', `${formatLongDate(booking.checkInDate)}, from ${CHECK_IN_TIME.label}`],
    ['Check-out', `${formatLongDate(booking.checkOutDate)}, by ${CHECK_OUT_TIME.label}`],
    ['Paid', formatPounds(booking.paidPrice)],
    ['Still to pay', dueText],
  ];
  return (
    <Panel headingId="your-booking-heading" title="Your booking" className="mx-auto mt-10 max-w-xl">
      <dl className="mt-4 space-y-2">
        {rows.map(([term, value]) => (
          <div key={term} className="flex flex-col gap-x-4 sm:flex-row sm:justify-between">
            <dt className="text-stone-600">{term}</dt>
            <dd className="sm:text-right">{value}</dd>
          </div>
        ))}
      </dl>
      {manageKey ? (
        <Button
          className="mt-5 w-full sm:w-auto"
          // The key goes in the history entry's state, never in the address (src/web/lib/manage-key.ts).
          onClick={() =>
            navigate(`/booking/${bookingReference(booking.id)}`, {
              state: { manageKey } satisfies ManageKeyState,
            })
          }
        >
          View your booking
        </Button>
      ) : (
        <p className="mt-5 text-sm text-stone-700">
          To see, change or cancel your booking, open the link in your confirmation e-mail.
        </p>
      )}
    </Panel>
  );
}

/** How to reach the owner, for a guest whose booking this page cannot show. */
function ReachUs() {
  const email = useEnquiriesEmail();
  return (
    <>
      <p className="mt-3 text-stone-700">
        If you have paid for a stay, please e-mail us at{' '}
        <a className="underline" href={`mailto:${email}`}>
          {email}
        </a>{' '}
        with your name and dates, or use our{' '}
        <Link className="underline" to="/contact">
          contact page
        </Link>
        , and we will find it for you.
      </p>
      <Link to="/" className={buttonClass({ className: 'mt-8' })}>
        Return Home
      </Link>
    </>
  );
}

function BookingNotFound() {
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="font-serif text-3xl">Booking Not Found</h1>
      <p className="mt-3 text-stone-700">We could not find the booking this page was opened for.</p>
      <ReachUs />
    </div>
  );
}

/** A hold still awaiting its payment, or a stay that lapsed or was cancelled: nothing to confirm. */
function BookingNotConfirmed({ booking }: { booking: PublicBooking }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="font-serif text-3xl">
        {booking.status === 'pending' ? 'Payment Not Yet Received' : 'Booking Not Confirmed'}
      </h1>
      <p className="mt-3 text-stone-700">
        {booking.status === 'pending'
          ? `Booking ${bookingReference(booking.id)} is waiting for its payment; we e-mail you as soon as it is confirmed.`
          : `Booking ${bookingReference(booking.id)} is not confirmed.`}
      </p>
      <ReachUs />
    </div>
  );
}
