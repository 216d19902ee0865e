import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useNavigationType } from 'react-router';
import { formatGbp } from '../../../domain/format.ts';
import { MAX_GUESTS, PROPERTY_ID } from '../../../domain/property.ts';
import { REFUND_PROCESSING_FEE_PENCE } from '../../../domain/refunds.ts';
import { BOOKING_ASIDE, BOOKING_CARD, BOOKING_DETAILS, CANCELLATION_ROWS } from '../../content/booking.ts';
import { useEnquiriesEmail, useSiteContent } from '../../lib/site-content.ts';
import { whenIdle } from '../../lib/when-idle.ts';
import { RATE_PLAN_URL, ratePlanQuery, unavailableDatesQuery, unavailableDatesUrl } from './booking-api.ts';
import { BookingRates, StayRequirements, TermsNote } from './booking-card-parts.tsx';
import {
  CARD_CONTENT_ID,
  CARD_ROOT_ATTRIBUTE,
  CARD_STATE_ATTRIBUTE,
  cardContentJson,
  cardQueryClient,
  provideNavigation,
} from './card-root.tsx';

/** How old the taken nights read in the background after the load event may be when the card opens. */
const TAKEN_NIGHTS_FRESH_MS = 60_000;

type CardModule = typeof import('./booking-island.tsx');
let cardModule: Promise<CardModule> | undefined;

/**
 * The card's code (its own root, booking-island.tsx), fetched once: in the built site, the card's own build on
 * Preact, by the URL that build gave its root (vite.config.ts; docs/decisions/035-the-book-now-card-on-preact.md);
 * in development, the card's source under React.
 */
function loadBookingCard(): Promise<CardModule> {
  cardModule ??= import.meta.env.DEV
    ? import('./booking-island.tsx')
    : import(/* @vite-ignore */ import.meta.env.VITE_BOOK_NOW_MODULE);
  // A failed download (the connection dropped) may be tried again later.
  cardModule.catch(() => {
    cardModule = undefined;
  });
  return cardModule;
}

/** How far below the screen the section may still be when its card starts loading. */
const LOAD_MARGIN = '1200px 0px';

/** The id of the home page's Book Now section: the Book Now links lead to `#booking`. */
export const BOOKING_SECTION_ID = 'booking';

/**
 * What the page's head asks for at once, before the page is interactive, when the guest heads for the card
 * (src/server/web/defer-hydration.ts, docs/decisions/021-book-now-on-a-phone.md): the card's first reads, which
 * its queries then find on their way, when the address leads to the section or the slot nears the screen.
 */
const HEAD_START = {
  'data-head-start': [unavailableDatesUrl(PROPERTY_ID), RATE_PLAN_URL].join(' '),
  'data-head-start-hash': `#${BOOKING_SECTION_ID}`,
  'data-head-start-margin': LOAD_MARGIN,
  'data-head-start-state': CARD_STATE_ATTRIBUTE,
};

/** The card's root element's content is the card's own root's: the page's hydration and renders leave it be. */
const CARD_ROOT_CONTENT = { __html: '' };

/**
 * The Book Now section of the home page (#booking): property details, the booking card with the date-range
 * picker, the guest form, the price breakdown and the payment buttons (spec sections 2 and 4).
 *
 * The card comes straight after the heading: on a phone the Book Now links land on the calendar, with the
 * introduction and the details below it; from the large breakpoint the card stands on the right beside the
 * heading, and the details (with the highlights, arrival times and the cancellation summary, which fill the
 * column beside the tall card) on the left.
 *
 * The section is below the fold, and the card's code (calendar, form validation, payments) is most of the home
 * page's JavaScript, so it never competes with the page's first paint: the card shows when the section comes
 * near the screen (or the page opens at #booking), or at once when the guest reached the home page by a link
 * within the site. Its first view's code and first reads are asked for before the page's own once the page has
 * loaded, and at once when the guest heads for it before the page is interactive (the page's head module,
 * docs/decisions/021-book-now-on-a-phone.md and 037-the-book-now-cards-first-view.md), so it is ready by the time
 * the guest scrolls down. Until then, and in the pre-rendered HTML, a placeholder with the same
 * title, rates, fees, stay requirements and terms holds its place.
 */
export function BookNowSection() {
  return (
    <div className="mx-auto grid max-w-6xl gap-x-12 gap-y-6 px-4 pt-8 pb-16 sm:pt-16 lg:grid-cols-[1fr_26rem] lg:grid-rows-[auto_1fr]">
      <h2 id="booking-heading" className="font-serif text-3xl lg:col-start-1 lg:row-start-1">
        {BOOKING_DETAILS.heading}
      </h2>
      <BookingCardSlot />
      <PropertyDetails />
    </div>
  );
}

function PropertyDetails() {
  const { property, texts, prices } = useSiteContent();
  return (
    <div className="space-y-10 max-lg:mt-4 lg:col-start-1 lg:row-start-2">
      <p className="max-w-2xl text-stone-700">{BOOKING_DETAILS.intro}</p>
      <div className="grid gap-8 sm:grid-cols-2">
        <div>
          <h3 className="font-serif text-xl">{BOOKING_DETAILS.location.title}</h3>
          <p className="mt-2 text-stone-700">{BOOKING_DETAILS.location.text}</p>
        </div>
        <div>
          <h3 className="font-serif text-xl">{BOOKING_DETAILS.details.title}</h3>
          <ul className="mt-2 space-y-1 text-stone-700">
            <li>{BOOKING_DETAILS.details.bedrooms}</li>
            <li>{BOOKING_DETAILS.details.bathrooms}</li>
            <li>{BOOKING_DETAILS.details.size}</li>
            <li>{BOOKING_DETAILS.details.guests}</li>
          </ul>
        </div>
      </div>
      <div>
        <h3 className="font-serif text-xl">{BOOKING_DETAILS.about.title}</h3>
        {BOOKING_DETAILS.about.paragraphs.map((paragraph) => (
          <p key={paragraph} className="mt-2 text-stone-700">
            {paragraph}
          </p>
        ))}
      </div>
      <div>
        <h3 className="font-serif text-xl">{BOOKING_ASIDE.highlightsTitle}</h3>
        <ul className="mt-4 grid gap-x-8 gap-y-5 sm:grid-cols-2">
          {texts.features.map((feature) => (
            <li key={feature.id} className="border-amber-600 border-l-2 pl-4">
              <p className="font-semibold text-stone-900">{feature.title}</p>
              <p className="mt-1 text-sm text-stone-700">{feature.text}</p>
            </li>
          ))}
        </ul>
      </div>
      <div className="grid gap-8 sm:grid-cols-2">
        <div>
          <h3 className="font-serif text-xl">{BOOKING_ASIDE.stayTitle}</h3>
          <dl className="mt-3 space-y-2 text-stone-700">
            <Fact term="Check-in" value={`From ${property.stayTimes.checkIn}`} />
            <Fact term="Check-out" value={`By ${property.stayTimes.checkOut}`} />
            <Fact term="Length of stay" value={`${prices.minNights} to ${prices.maxNights} nights`} />
            <Fact term="Guests" value={`Up to ${MAX_GUESTS}`} />
          </dl>
        </div>
        <div>
          <h3 className="font-serif text-xl">{BOOKING_ASIDE.cancellationTitle}</h3>
          <p className="mt-3 text-stone-700">{BOOKING_ASIDE.cancellationLead}</p>
          <dl className="mt-2 space-y-1 text-sm text-stone-700">
            {CANCELLATION_ROWS.map((row) => (
              <div key={row.days} className="flex justify-between gap-4 border-stone-200 border-b pb-1">
                <dt>{row.when}</dt>
                <dd className="shrink-0 font-semibold text-stone-900">{row.rule.percent}%</dd>
              </div>
            ))}
          </dl>
          <p className="mt-2 text-sm text-stone-700">
            A {formatGbp(REFUND_PROCESSING_FEE_PENCE)} processing fee comes off every refund, and the{' '}
            {formatGbp(Math.round(prices.cleaningFeeGbp * 100))} cleaning fee is refunded only when you cancel
            more than 30 days before check-in.{' '}
            <Link to="/terms-and-conditions#cancellation-policy" className="underline underline-offset-2">
              {BOOKING_ASIDE.termsLink}
            </Link>
          </p>
        </div>
      </div>
    </div>
  );
}

function Fact({ term, value }: { term: string; value: string }) {
  return (
    <div className="flex justify-between gap-4 border-stone-200 border-b pb-1">
      <dt>{term}</dt>
      <dd className="font-semibold text-stone-900">{value}</dd>
    </div>
  );
}

/**
 * The booking card once the section is near the screen, rendered by its own root into the element kept for it
 * (docs/decisions/034-the-book-now-card-on-its-own.md); the placeholder beside it until then (app.css hides the
 * placeholder once the card's root has content).
 */
function BookingCardSlot() {
  const slot = useRef<HTMLDivElement>(null);
  const cardRoot = useRef<HTMLDivElement>(null);
  const [wanted, setWanted] = useState(false);
  const [failed, setFailed] = useState(false);
  const navigationType = useNavigationType();
  const navigate = useNavigate();
  const content = useSiteContent();

  // The card moves to another page through the page's router once the page is interactive.
  useEffect(() => provideNavigation((to) => navigate(to)), [navigate]);

  useEffect(() => {
    if (wanted) return;
    const queryClient = cardQueryClient();
    const want = () => {
      // The taken nights are asked for while the card's code loads, not after it; asked again when those read
      // after the load event (below) are over a minute old, the card showing them meanwhile.
      void queryClient.prefetchQuery({
        ...unavailableDatesQuery(PROPERTY_ID),
        staleTime: TAKEN_NIGHTS_FRESH_MS,
      });
      void queryClient.prefetchQuery(ratePlanQuery());
      setWanted(true);
    };
    const element = slot.current;
    // 'POP' is the page's first load (or the browser's back and forward buttons); after a link within the site
    // the page has long finished loading and nothing competes with the card.
    if (navigationType !== 'POP' || !element || typeof IntersectionObserver === 'undefined') {
      want();
      return;
    }
    // After the load event, the card's code and its two first reads (1 kB) are fetched in the background, so a
    // guest who reads the page before tapping Book Now finds the card ready (docs/decisions/021-book-now-on-a-phone.md).
    const cancelPrefetch = whenIdle(() => {
      void loadBookingCard().catch(() => {});
      void queryClient.prefetchQuery(unavailableDatesQuery(PROPERTY_ID));
      void queryClient.prefetchQuery(ratePlanQuery());
    });
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) want();
      },
      { rootMargin: LOAD_MARGIN },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      cancelPrefetch();
    };
  }, [wanted, navigationType]);

  useEffect(() => {
    const container = cardRoot.current;
    if (!wanted || !container) return;
    let left = false;
    loadBookingCard().then(
      (module) => {
        if (!left) module.mountBookingCard(container);
      },
      () => {
        if (!left) setFailed(true);
      },
    );
    return () => {
      left = true;
      void cardModule?.then((module) => module.unmountBookingCard(container));
    };
  }, [wanted]);

  return (
    <div
      ref={slot}
      {...HEAD_START}
      className="lg:sticky lg:top-20 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:self-start"
    >
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: empty; its content is the card's own root's */}
      <div ref={cardRoot} {...{ [CARD_ROOT_ATTRIBUTE]: '' }} dangerouslySetInnerHTML={CARD_ROOT_CONTENT} />
      <BookingCardPlaceholder failed={failed} />
      <script
        type="application/json"
        id={CARD_CONTENT_ID}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: a JSON data block, `<` escaped
        dangerouslySetInnerHTML={{ __html: cardContentJson(content) }}
      />
    </div>
  );
}

/** The card as it reads before its code has loaded: rates and fees, the calendar's room, requirements, terms. */
function BookingCardPlaceholder({ failed = false }: { failed?: boolean }) {
  const email = useEnquiriesEmail();
  return (
    <aside aria-label="Booking" aria-busy={failed ? undefined : true}>
      <div className="space-y-5 rounded-xl border border-stone-200 bg-white p-5 shadow-sm">
        <BookingRates />
        <div className="space-y-4">
          {/* The room of the Check-in and Check-out inputs, the calendar and the date summary. */}
          <div aria-hidden="true" className="h-[3.625rem]" />
          <div
            role="status"
            className="flex h-[20.25rem] items-center justify-center gap-2 rounded-lg border border-stone-200 bg-white p-3 text-sm text-stone-600"
          >
            {failed ? (
              BOOKING_CARD.calendarFailed
            ) : (
              <>
                <span
                  aria-hidden="true"
                  className="size-4 animate-spin rounded-full border-2 border-stone-300 border-t-amber-600"
                />
                {BOOKING_CARD.loadingCalendar}
              </>
            )}
          </div>
          <noscript>
            <p className="text-sm text-stone-700">
              {`${BOOKING_CARD.noScript} `}
              <a className="underline" href={`mailto:${email}`}>
                {email}
              </a>
            </p>
          </noscript>
          {/* The date summary and, under it, the answer for the dates the calendar chooses by itself. */}
          <div aria-hidden="true" className="h-8" />
          <div aria-hidden="true" className="h-5" />
          <StayRequirements />
        </div>
        <TermsNote link={Link} />
      </div>
    </aside>
  );
}
