import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { bookingReference, isBookingId } from '../../../domain/booking-reference.ts';
import { buttonClass } from '../../components/ui/button.tsx';
import { notifyPaymentSuccess } from '../../features/payments/payment-api.ts';
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

/** /booking-success (spec section 2): the confirmation, what happens next, and the booking reference. */
export default function BookingSuccess() {
  // Read after hydration: the page is pre-rendered without a query string.
  const [bookingId, setBookingId] = useState<string | null>(null);
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const id = params.get('bookingId');
    setBookingId(id);
    // Back from a payment step that needed a redirect: tell the server (the webhook would too; both idempotent).
    const paymentIntentId = params.get('payment_intent');
    if (id && paymentIntentId) notifyPaymentSuccess({ paymentIntentId, bookingId: id }).catch(() => {});
  }, []);
  const email = useEnquiriesEmail();
  // The short reference every e-mail carries; the long id stays in the address bar.
  const reference = bookingId && isBookingId(bookingId) ? bookingReference(bookingId) : null;

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
        {reference ? (
          <p className="mt-4 inline-block rounded-md bg-stone-100 px-4 py-2 text-stone-800">
            Booking reference: <strong className="whitespace-nowrap font-mono">{reference}</strong>
          </p>
        ) : null}
      </div>

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
