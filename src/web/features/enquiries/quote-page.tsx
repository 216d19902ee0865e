import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { PublicQuote } from '../../../domain/api/enquiries.ts';
import { daysBetween } from '../../../domain/dates.ts';
import { formatGbp, formatLongDate } from '../../../domain/format.ts';
import { buttonClass } from '../../components/ui/button.tsx';
import { Panel } from '../../components/ui/panel.tsx';
import { acceptQuote, readQuote } from './enquiries-api.ts';

type State =
  | { kind: 'loading' }
  | { kind: 'missing'; message: string }
  | { kind: 'ready'; quote: PublicQuote; error: string | null; accepting: boolean };

const moment = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', {
    timeZone: 'Europe/London',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });

/** What the quote offers, as the e-mail says it. */
function offer(quote: PublicQuote): { term: string; value: string }[] {
  if (quote.kind === 'day_hire') {
    return [
      { term: 'Day hire', value: `${formatLongDate(quote.checkInDate)}, ${quote.dayHireHours ?? ''}` },
      { term: 'People', value: String(quote.guestCount) },
      {
        term: 'The night after',
        value: quote.nightBookable ? 'Not included' : 'Yours alone: no guests stay over',
      },
    ];
  }
  const nights = daysBetween(quote.checkInDate, quote.checkOutDate);
  return [
    { term: 'Check-in', value: formatLongDate(quote.checkInDate) },
    { term: 'Check-out', value: formatLongDate(quote.checkOutDate) },
    { term: 'Nights', value: String(nights) },
    { term: 'Guests', value: String(quote.guestCount) },
  ];
}

/**
 * The guest's quote page, `/quote/{id}?key=…` (docs/decisions/028-enquiries-and-quotes.md): the owner's offer,
 * its terms and Accept and pay, which opens the checkout page of the quote's booking (the owner's payment
 * schedule, either provider). A quote paid, withdrawn or expired says why it cannot be paid.
 */
export function QuotePage({ id, keyParam }: { id: string; keyParam: string }) {
  const navigate = useNavigate();
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    let active = true;
    readQuote(id, keyParam).then(
      (quote) => active && setState({ kind: 'ready', quote, error: null, accepting: false }),
      (error: Error) =>
        active &&
        setState({
          kind: 'missing',
          message: error.message.replace(/^\d+: /, '') || 'We could not load this quote.',
        }),
    );
    return () => {
      active = false;
    };
  }, [id, keyParam]);

  if (state.kind === 'loading') {
    return (
      <p role="status" className="mx-auto max-w-xl px-4 py-16 text-stone-600">
        Loading your quote…
      </p>
    );
  }
  if (state.kind === 'missing') {
    return (
      <div className="mx-auto max-w-xl px-4 py-16">
        <h1 className="font-serif text-3xl">Quote not found</h1>
        <p className="mt-3 text-stone-700">{state.message}</p>
        <Link to="/contact" className={buttonClass({ className: 'mt-6' })}>
          Contact us
        </Link>
      </div>
    );
  }

  const { quote } = state;
  const accept = async () => {
    setState({ ...state, accepting: true, error: null });
    try {
      const { checkoutPath } = await acceptQuote(id, keyParam);
      navigate(checkoutPath);
    } catch (error) {
      setState({
        ...state,
        accepting: false,
        error: error instanceof Error ? error.message.replace(/^\d+: /, '') : 'Please try again.',
      });
    }
  };

  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      <h1 className="font-serif text-3xl sm:text-4xl">Your quote for The Tower</h1>
      <p className="mt-2 text-stone-700">For {quote.contactName}</p>
      <Panel headingId="offer-heading" title="The offer" className="mt-8">
        <dl className="mt-4 space-y-3">
          {offer(quote).map(({ term, value }) => (
            <div key={term} className="flex justify-between gap-4">
              <dt className="text-stone-600">{term}</dt>
              <dd className="text-right font-medium">{value}</dd>
            </div>
          ))}
          <div className="flex justify-between gap-4 border-stone-200 border-t pt-3 text-lg">
            <dt className="font-semibold">Price for the whole</dt>
            <dd className="font-semibold" data-testid="quote-total">
              {formatGbp(Math.round(quote.totalPrice * 100))}
            </dd>
          </div>
        </dl>
        {quote.included ? (
          <>
            <h3 className="mt-6 font-semibold">Included</h3>
            <p className="mt-1 whitespace-pre-line text-stone-700">{quote.included}</p>
          </>
        ) : null}
      </Panel>
      <section aria-labelledby="terms-heading" className="mt-6 text-stone-700">
        <h2 id="terms-heading" className="font-serif text-2xl text-stone-900">
          Terms
        </h2>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          <li>Open until {moment(quote.expiresAt)}.</li>
          <li>
            {quote.holdDates
              ? 'The dates are held for you until then.'
              : 'The dates are not held: they are yours once you have paid.'}
          </li>
          <li>
            Paid by card on the next page, as a deposit now and the balance later when the booking is far
            ahead.
          </li>
          <li>
            Booking and cancellation follow our{' '}
            <Link to="/terms-and-conditions" className="underline">
              terms and conditions
            </Link>
            .
          </li>
        </ul>
      </section>
      {quote.closedReason ? (
        <p role="alert" className="mt-6 rounded-md bg-amber-50 p-4 text-amber-950">
          {quote.closedReason}
        </p>
      ) : (
        <div className="mt-8">
          <button
            type="button"
            className={buttonClass({ size: 'xl' })}
            disabled={state.accepting}
            onClick={accept}
          >
            {state.accepting ? 'Opening the payment…' : 'Accept and pay'}
          </button>
          {state.error ? (
            <p role="alert" className="mt-3 text-red-800">
              {state.error}
            </p>
          ) : null}
        </div>
      )}
    </div>
  );
}
