import { Link } from 'react-router';
import {
  CLEANING_FEE_GBP,
  SERVICE_FEE_PERCENT,
  WEEKDAY_RATE_GBP,
  WEEKEND_RATE_GBP,
} from '../../../domain/property.ts';
import { BOOKING_CARD, STAY_REQUIREMENTS } from '../../content/booking.ts';
import { useEnquiriesEmail } from '../../lib/site-content.ts';
import { pounds } from './price-breakdown.tsx';

/**
 * The parts of the booking card that need no JavaScript: shown by the pre-rendered placeholder and by the card
 * itself, so both read the same and take the same room.
 */

/** The card's title, the all-in total once dates are chosen (the most prominent price), both rates and the fees. */
export function BookingRates({ total }: { total?: { amount: number; nights: number } | undefined }) {
  return (
    <div>
      <h3 className="font-serif text-xl">{BOOKING_CARD.title}</h3>
      {total ? (
        <p className="mt-2">
          <span className="font-bold text-3xl text-stone-950">{pounds(total.amount)}</span>{' '}
          <span className="text-sm text-stone-700">
            total for {total.nights} nights, cleaning and service fees included
          </span>
        </p>
      ) : null}
      <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="sr-only">Weekday rate</dt>
          <dd>
            <span className="font-semibold text-lg">{pounds(WEEKDAY_RATE_GBP)}</span>{' '}
            <span className="text-stone-600">{BOOKING_CARD.weekdayLabel}</span>
          </dd>
        </div>
        <div>
          <dt className="sr-only">Weekend rate</dt>
          <dd>
            <span className="font-semibold text-lg">{pounds(WEEKEND_RATE_GBP)}</span>{' '}
            <span className="text-stone-600">{BOOKING_CARD.weekendLabel}</span>
          </dd>
        </div>
      </dl>
      <p className="mt-1 text-stone-600 text-xs">
        Plus a {pounds(CLEANING_FEE_GBP)} cleaning fee and a {SERVICE_FEE_PERCENT} % service fee per stay.
      </p>
    </div>
  );
}

/** Minimum and maximum stay, and whom to ask for anything else (below the calendar). */
export function StayRequirements() {
  const email = useEnquiriesEmail();
  return (
    <div className="rounded-md border border-amber-200 bg-amber-50 p-3 text-amber-950 text-sm">
      <p>
        <strong>{STAY_REQUIREMENTS.title}</strong> {STAY_REQUIREMENTS.text}
      </p>
      <p className="mt-1">
        {STAY_REQUIREMENTS.ask}{' '}
        <a
          className="underline"
          href={`mailto:${email}?subject=${encodeURIComponent(STAY_REQUIREMENTS.subject)}`}
        >
          {email}
        </a>
        .
      </p>
    </div>
  );
}

export function TermsNote() {
  return (
    <p className="text-stone-600 text-xs">
      {BOOKING_CARD.termsLead}{' '}
      <Link to="/terms-and-conditions" className="underline">
        {BOOKING_CARD.termsLink}
      </Link>
    </p>
  );
}
