import type { ComponentType, ReactNode } from 'react';
import { formatGbp } from '../../../domain/format.ts';
import { BOOKING_CARD, STAY_REQUIREMENTS } from '../../content/booking.ts';
import { useEnquiriesEmail, useSiteContent } from '../../lib/site-content.ts';

/**
 * The parts of the booking card that need no JavaScript: shown by the pre-rendered placeholder and by the card
 * itself, so both read the same and take the same room.
 */

/** The card's title, the all-in total once dates are chosen (the most prominent price), both rates and the fees. */
export type CardRates = {
  weekdayPence: number;
  weekendPence: number;
  cleaningFeePence: number;
  serviceFeePercent: number;
};

export function BookingRates({
  total,
  rates: planRates,
}: {
  total?: { amount: number; nights: number } | undefined;
  /** The base rates of the owner's plan (docs/decisions/013-rate-plan.md). */
  rates?: CardRates | undefined;
}) {
  // Until the card has the plan (and in the pre-rendered placeholder): the rates the page was rendered with.
  const { prices } = useSiteContent();
  const rates = planRates ?? {
    weekdayPence: Math.round(prices.weekdayGbp * 100),
    weekendPence: Math.round(prices.weekendGbp * 100),
    cleaningFeePence: Math.round(prices.cleaningFeeGbp * 100),
    serviceFeePercent: prices.serviceFeePercent,
  };
  return (
    <div>
      <h3 className="font-serif text-xl">{BOOKING_CARD.title}</h3>
      {total ? (
        <p className="mt-2">
          <span className="font-bold text-3xl text-stone-950">
            {formatGbp(Math.round(total.amount * 100))}
          </span>{' '}
          <span className="text-sm text-stone-700">
            total for {total.nights} nights, cleaning and service fees included
          </span>
        </p>
      ) : null}
      <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
        {(
          [
            ['Weekday rate', rates.weekdayPence, BOOKING_CARD.weekdayLabel],
            ['Weekend rate', rates.weekendPence, BOOKING_CARD.weekendLabel],
          ] as const
        ).map(([term, pence, label]) => (
          <div key={term}>
            <dt className="sr-only">{term}</dt>
            <dd>
              <span className="font-semibold text-lg">{formatGbp(pence)}</span>{' '}
              <span className="text-stone-600">{label}</span>
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-1 text-stone-600 text-xs">
        Plus a {formatGbp(rates.cleaningFeePence)} cleaning fee and a {rates.serviceFeePercent} % service fee
        per stay.
      </p>
    </div>
  );
}

/**
 * Minimum and maximum stay, and whom to ask for anything else (below the calendar). `minimum`: the season of the
 * chosen check-in asks more nights than the spec's 2 (docs/decisions/013), and the notice says so.
 */
export function StayRequirements({ minimum }: { minimum?: { nights: number; season: string } | undefined }) {
  const email = useEnquiriesEmail();
  return (
    <div className="rounded-md border border-amber-200 bg-amber-50 p-3 text-amber-950 text-sm">
      <p>
        <strong>{STAY_REQUIREMENTS.title}</strong>{' '}
        {minimum ? STAY_REQUIREMENTS.seasonText(minimum.nights, minimum.season) : STAY_REQUIREMENTS.text}
      </p>
      <p className="mt-1">
        {STAY_REQUIREMENTS.ask}{' '}
        <a
          className="underline"
          href={`mailto:${email}?subject=${encodeURIComponent(STAY_REQUIREMENTS.subject)}`}
        >
          {email}
        </a>
        , or{' '}
        <a className="underline" href="/contact?kind=stay#enquiry">
          send us the enquiry form
        </a>
        .
      </p>
    </div>
  );
}

/** A link to a page of this site: React Router's `Link` on the page, `CardLink` in the card's own root. */
export type SiteLink = ComponentType<{ to: string; className?: string; children: ReactNode }>;

/**
 * `link`: the caller's, since the card's own root (booking-island.tsx) has no router and its build leaves React
 * Router out (docs/decisions/035-the-book-now-card-on-preact.md); the placeholder is the page's.
 */
export function TermsNote({ link: LinkTo }: { link: SiteLink }) {
  return (
    <p className="text-stone-600 text-xs">
      {BOOKING_CARD.termsLead}{' '}
      <LinkTo to="/terms-and-conditions" className="underline">
        {BOOKING_CARD.termsLink}
      </LinkTo>
    </p>
  );
}
