import { lazy, Suspense, startTransition, useEffect, useRef, useState } from 'react';
import { useNavigationType } from 'react-router';
import { BOOKING_CARD, BOOKING_DETAILS } from '../../content/booking.ts';
import { siteEmail } from '../../lib/runtime-config.ts';
import { whenIdle } from '../../lib/when-idle.ts';
import { BookingRates, StayRequirements, TermsNote } from './booking-card-parts.tsx';

/** Lets the browser handle input and paint before the next piece of work. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

type CardModule = { BookingCard: () => React.JSX.Element };
let cardModule: Promise<CardModule> | undefined;

/**
 * The card's code, fetched once, in two steps each evaluated in its own task so that loading it blocks the page
 * as little as possible: zod with the form's schema, then the card (form, calendar, payments).
 */
function loadBookingCard(): Promise<CardModule> {
  cardModule ??= (async () => {
    await import('../../../domain/booking-form.ts');
    await nextTask();
    return import('./booking-card.tsx');
  })();
  // A failed download (the connection dropped) may be tried again later.
  cardModule.catch(() => {
    cardModule = undefined;
  });
  return cardModule;
}

const BookingCard = lazy(() =>
  loadBookingCard().then(
    (module) => ({ default: module.BookingCard }),
    () => ({ default: BookingCardUnavailable }),
  ),
);

/** How far below the screen the section may still be when its card starts loading. */
const LOAD_MARGIN = '1200px 0px';

/**
 * The Book Now section of the home page (#booking): property details, the booking card with the date-range
 * picker, the guest form, the price breakdown and the payment buttons (spec sections 2 and 4).
 *
 * The section is below the fold, and the card's code (calendar, form validation, payments) is most of the home
 * page's JavaScript, so it never competes with the page's first paint: the card shows when the section comes
 * near the screen (or the page opens at #booking), or at once when the guest reached the home page by a link
 * within the site. Its code is fetched in the background once the page has loaded and settled, so it is ready
 * by the time the guest scrolls down. Until then, and in the pre-rendered HTML, a placeholder with the same
 * title, rates, fees, stay requirements and terms holds its place.
 */
export function BookNowSection() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-16">
      <h2 id="booking-heading" className="font-serif text-3xl">
        {BOOKING_DETAILS.heading}
      </h2>
      <p className="mt-2 max-w-2xl text-stone-700">{BOOKING_DETAILS.intro}</p>
      <div className="mt-8 grid gap-10 lg:grid-cols-[1fr_26rem]">
        <PropertyDetails />
        <BookingCardSlot />
      </div>
    </div>
  );
}

function PropertyDetails() {
  return (
    <div className="space-y-8">
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
      <div>
        <h3 className="font-serif text-xl">{BOOKING_DETAILS.about.title}</h3>
        {BOOKING_DETAILS.about.paragraphs.map((paragraph) => (
          <p key={paragraph} className="mt-2 text-stone-700">
            {paragraph}
          </p>
        ))}
      </div>
    </div>
  );
}

/** The booking card once the section is near the screen; the placeholder until then. */
function BookingCardSlot() {
  const slot = useRef<HTMLDivElement>(null);
  const [wanted, setWanted] = useState(false);
  const navigationType = useNavigationType();

  useEffect(() => {
    if (wanted) return;
    // A transition: React renders the card in small slices, so input and paint are not held up.
    const want = () => startTransition(() => setWanted(true));
    const element = slot.current;
    // 'POP' is the page's first load (or the browser's back and forward buttons); after a link within the site
    // the page has long finished loading and nothing competes with the card.
    if (navigationType !== 'POP' || !element || typeof IntersectionObserver === 'undefined') {
      want();
      return;
    }
    const cancelPrefetch = whenIdle(() => {
      void loadBookingCard().catch(() => {});
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

  return (
    <div ref={slot} className="lg:sticky lg:top-20 lg:self-start">
      {wanted ? (
        <Suspense fallback={<BookingCardPlaceholder />}>
          <BookingCard />
        </Suspense>
      ) : (
        <BookingCardPlaceholder />
      )}
    </div>
  );
}

/** The card as it reads before its code has loaded: rates and fees, the calendar's room, requirements, terms. */
function BookingCardPlaceholder({ failed = false }: { failed?: boolean }) {
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
              <a className="underline" href={`mailto:${siteEmail()}`}>
                {siteEmail()}
              </a>
            </p>
          </noscript>
          <div aria-hidden="true" className="h-8" />
          <StayRequirements />
        </div>
        <TermsNote />
      </div>
    </aside>
  );
}

/** The card's code could not be downloaded (the connection dropped): the placeholder says so. */
function BookingCardUnavailable() {
  return <BookingCardPlaceholder failed />;
}
