import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useId, useMemo, useRef, useState } from 'react';
import { priceStay } from '../../../domain/pricing.ts';
import { MAX_GUESTS, MIN_NIGHTS, PROPERTY_ID } from '../../../domain/property.ts';
import { BOOKING_CARD, BOOKING_TOASTS } from '../../content/booking.ts';
import { ApiRequestError } from '../../lib/api.ts';
import { hasOpenToastFrom, toast } from '../../lib/toast.ts';
import { availabilityQuery, promoQuoteQuery, ratePlanQuery, unavailableDatesQuery } from './booking-api.ts';
import { BookingRates, TermsNote } from './booking-card-parts.tsx';
import { BookingDetailsPending } from './booking-form-fields.tsx';
import { CardLink, navigateFromCard } from './card-root.tsx';
import { DateRangePicker, type DateSelection } from './date-range-picker.tsx';

/*
 * The card's first view is this module: the calendar, the rates and the price (docs/decisions/037-the-book-now-
 * cards-first-view.md). What serves once dates are chosen (the guest's form with React Hook Form and the domain's
 * zod schema, the payment panel, the dialogs on Radix) is booking-details.tsx, imported here once the calendar is
 * on screen; the page asks for its chunk once the first view's are in (src/server/web/defer-hydration.ts), so it
 * is on its way by then and not on the first view's path. The build checks that the first view's chunks hold none of
 * those libraries (vite.card.config.ts).
 */
const loadDetails = () => import('./booking-details.tsx');
const BookingDetails = lazy(() => loadDetails().then((module) => ({ default: module.BookingDetails })));
const MinimumStayDialog = lazy(() => loadDetails().then((module) => ({ default: module.MinimumStayDialog })));

type Availability = 'idle' | 'checking' | 'available' | 'unavailable' | 'failed';

/**
 * The stay the page's address asks for (`/?checkIn=…&checkOut=…&guests=…#booking`, the link of a follow-up
 * e-mail, docs/decisions/032-checkout-follow-ups.md). The calendar checks the dates; the guests only fill the form.
 */
function askedStay(): { dates: { checkIn: string; checkOut: string } | null; guestCount: number | null } {
  const query = new URLSearchParams(window.location.search);
  const checkIn = query.get('checkIn');
  const checkOut = query.get('checkOut');
  const guests = Number(query.get('guests'));
  return {
    dates: checkIn && checkOut ? { checkIn, checkOut } : null,
    guestCount: Number.isInteger(guests) && guests >= 1 && guests <= MAX_GUESTS ? guests : null,
  };
}

/**
 * The booking card of the Book Now section: the date-range picker, the availability check, the guest form, the
 * price breakdown and the payment buttons (spec sections 2 and 4). Rendered by a root of its own
 * (booking-island.tsx), loaded on demand. `onReady`: called once the calendar's days are on screen.
 */
export function BookingCard({ onReady }: { onReady?: () => void }) {
  const ids = useId();
  const queryClient = useQueryClient();
  /**
   * The calendar's days are on screen. Only then are the details rendered, and their module (on its way: the
   * page asks for it once the first view's are in) evaluated: zod building its schemas would otherwise be a
   * long task between the card's first render and its days (docs/decisions/037-the-book-now-cards-first-view.md).
   * No date can be chosen before.
   */
  const [calendarShown, setCalendarShown] = useState(false);
  const onCalendarReady = useCallback(() => {
    onReady?.();
    setCalendarShown(true);
  }, [onReady]);
  const [selection, setSelection] = useState<DateSelection | null>(null);
  const [asked] = useState(askedStay);
  const [availability, setAvailability] = useState<Availability>('idle');
  const [minimumStayOpen, setMinimumStayOpen] = useState(false);
  /** The check-in of the stay that was too short: its season's minimum is the one the dialog names. */
  const [tooShortCheckIn, setTooShortCheckIn] = useState<string | null>(null);
  const planQuery = useQuery(ratePlanQuery());
  const plan = planQuery.data ?? null;
  /** The promo code the guest applied (the field's text when they pressed Apply). */
  const [appliedCode, setAppliedCode] = useState('');
  const [resetKey, setResetKey] = useState(0);
  const lastCheck = useRef(0);
  const mountedAt = useRef(performance.now());
  /** The card's '✓ Available!', withdrawn once the dates it spoke for are gone (cleared, or a 1-night choice). */
  const availableToast = useRef<{ dismiss: () => void } | null>(null);
  const withdrawAvailable = useCallback(() => {
    availableToast.current?.dismiss();
    availableToast.current = null;
  }, []);

  const onSelect = useCallback(
    async (next: DateSelection | null) => {
      const check = ++lastCheck.current;
      setSelection(next);
      if (!next) {
        withdrawAvailable();
        setAvailability('idle');
        return;
      }
      setAvailability('checking');
      // The toasts answer the guest's own choice. The calendar's automatic choice (on load, on a month change)
      // only shows its answer in the card: the guest has not asked anything yet.
      const announce = !next.automatic;
      try {
        const answer = await queryClient.fetchQuery(
          availabilityQuery({ propertyId: PROPERTY_ID, checkInDate: next.from, checkOutDate: next.to }),
        );
        if (check !== lastCheck.current) return; // a newer selection has taken over
        if (answer.available) {
          setAvailability('available');
          // A message from before the card appeared (the checkout page's 'Invalid Booking' that sent the guest
          // here) stays until it is read: the card's checks do not push it away while it is on screen.
          if (announce && !hasOpenToastFrom(mountedAt.current))
            availableToast.current = toast(BOOKING_TOASTS.available);
        } else {
          setAvailability('unavailable');
          if (announce) toast(BOOKING_TOASTS.notAvailable);
          // The calendar on screen was out of date: load the taken nights again.
          void queryClient.invalidateQueries({ queryKey: unavailableDatesQuery(PROPERTY_ID).queryKey });
        }
      } catch {
        if (check !== lastCheck.current) return;
        setAvailability('failed');
        if (announce) toast(BOOKING_TOASTS.checkFailed);
      }
    },
    [queryClient, withdrawAvailable],
  );

  const onTooShort = useCallback(
    (tooShort: DateSelection) => {
      setTooShortCheckIn(tooShort.from);
      lastCheck.current++;
      withdrawAvailable();
      setSelection(null);
      setAvailability('idle');
      setMinimumStayOpen(true);
    },
    [withdrawAvailable],
  );

  // The price by the owner's plan, worked out here with the server's own function; with a promo code, the
  // server's quote (codes are not public). A code that does not apply leaves the plan's price, and says why.
  const planQuote = useMemo(
    () => (selection && plan ? priceStay({ checkIn: selection.from, checkOut: selection.to }, plan) : null),
    [selection, plan],
  );
  const promoQuery = useQuery({
    ...promoQuoteQuery(
      {
        propertyId: PROPERTY_ID,
        checkInDate: selection?.from ?? '',
        checkOutDate: selection?.to ?? '',
      },
      appliedCode,
    ),
    enabled: appliedCode !== '' && selection !== null && availability === 'available',
  });
  const promoError =
    appliedCode && promoQuery.error
      ? promoQuery.error instanceof ApiRequestError
        ? String(promoQuery.error.body?.message ?? promoQuery.error.message)
        : 'The promo code could not be checked. Please try again.'
      : null;
  const promoPending = appliedCode !== '' && promoQuery.isFetching;
  const quote = appliedCode && promoQuery.data && !promoError ? promoQuery.data : planQuote;

  function onPaid(bookingId: string) {
    // Spec section 4, step 7: the dates clear, the form hides, the total returns to 0 (the details have reset the
    // form itself).
    setAppliedCode('');
    lastCheck.current++;
    setSelection(null);
    setAvailability('idle');
    setResetKey((key) => key + 1);
    // The nights just paid for are taken now: the calendar must not show them free when the guest comes back.
    void queryClient.invalidateQueries({ queryKey: unavailableDatesQuery(PROPERTY_ID).queryKey });
    navigateFromCard(`/booking-success?bookingId=${encodeURIComponent(bookingId)}`);
  }

  const shown = availability === 'available' && selection && quote ? { selection, quote } : null;

  return (
    <aside aria-label="Booking">
      <div className="space-y-5 rounded-xl border border-stone-200 bg-white p-5 shadow-sm">
        <BookingRates
          total={
            quote && availability === 'available' ? { amount: quote.total, nights: quote.nights } : undefined
          }
          rates={plan ?? undefined}
        />

        <DateRangePicker
          propertyId={PROPERTY_ID}
          plan={plan}
          minNights={MIN_NIGHTS}
          onSelect={onSelect}
          onTooShort={onTooShort}
          resetKey={resetKey}
          asked={asked.dates}
          status={<AvailabilityNote availability={availability} />}
          onReady={onCalendarReady}
        />

        {/* Rendered from the calendar's first showing on, so that what the guest typed outlives a change of
            dates; until its module is in, the same markup with its fields disabled. */}
        {calendarShown ? (
          <Suspense fallback={shown ? <BookingDetailsPending ids={ids} quote={shown.quote} /> : null}>
            <BookingDetails
              shown={shown}
              available={availability === 'available'}
              guestCount={asked.guestCount}
              promo={{
                error: promoError,
                pending: promoPending,
                applied: (appliedCode && promoQuery.data?.promoCode) || undefined,
              }}
              onApplyPromo={setAppliedCode}
              onPaid={onPaid}
            />
          </Suspense>
        ) : null}

        <TermsNote link={CardLink} />
      </div>

      {calendarShown ? (
        <Suspense fallback={null}>
          <MinimumStayDialog
            open={minimumStayOpen}
            onOpenChange={setMinimumStayOpen}
            plan={plan}
            checkIn={tooShortCheckIn}
          />
        </Suspense>
      ) : null}
    </aside>
  );
}

/**
 * The answer for the dates on screen, under their summary. Only the check in progress is a live region: a
 * guest's own choice is announced by its toast, and the calendar's automatic choice is nothing they asked about.
 */
function AvailabilityNote({ availability }: { availability: Availability }) {
  if (availability === 'checking')
    return (
      <div role="status" className="flex items-center gap-2 text-sm text-stone-700">
        <span
          aria-hidden="true"
          className="size-4 animate-spin rounded-full border-2 border-stone-300 border-t-amber-600"
        />
        {BOOKING_CARD.checking}
      </div>
    );
  if (availability === 'available')
    return (
      <p
        data-testid="availability-note"
        className="flex items-center gap-2 font-medium text-emerald-800 text-sm"
      >
        <span aria-hidden="true">✓</span>
        {BOOKING_CARD.available}
      </p>
    );
  if (availability === 'unavailable' || availability === 'failed')
    return (
      <p data-testid="availability-note" className="text-red-700 text-sm">
        {availability === 'unavailable'
          ? BOOKING_TOASTS.notAvailable.description
          : BOOKING_TOASTS.checkFailed.description}
      </p>
    );
  return null;
}
