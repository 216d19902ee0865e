import { zodResolver } from '@hookform/resolvers/zod';
import * as Dialog from '@radix-ui/react-dialog';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useCallback, useId, useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { type BookingForm, BookingFormSchema } from '../../../domain/booking-form.ts';
import { todayOnPropertyClock } from '../../../domain/dates.ts';
import { planPayments } from '../../../domain/payment-schedule.ts';
import { priceStay } from '../../../domain/pricing.ts';
import { MAX_GUESTS, MIN_NIGHTS, PROPERTY_ID } from '../../../domain/property.ts';
import { minimumStayMessage } from '../../../domain/rate-plan.ts';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Input, Select, Textarea } from '../../components/ui/input.tsx';
import { BOOKING_CARD, BOOKING_TOASTS, MINIMUM_STAY_DIALOG } from '../../content/booking.ts';
import { ApiRequestError } from '../../lib/api.ts';
import { useEnquiriesEmail } from '../../lib/site-content.ts';
import { hasOpenToastFrom, toast } from '../../lib/toast.ts';
import { usePaymentSchedule } from '../payment-schedule/index.ts';
import { DamageHoldNote, PaymentPanel, PaymentScheduleNote, useDamageHold } from '../payments/index.ts';
import { availabilityQuery, promoQuoteQuery, ratePlanQuery, unavailableDatesQuery } from './booking-api.ts';
import { BookingRates, TermsNote } from './booking-card-parts.tsx';
import { CardLink, navigateFromCard } from './card-root.tsx';
import { DateRangePicker, type DateSelection } from './date-range-picker.tsx';
import { PriceBreakdown } from './price-breakdown.tsx';

type Availability = 'idle' | 'checking' | 'available' | 'unavailable' | 'failed';

const EMPTY_FORM: BookingForm = {
  contactName: '',
  contactEmail: '',
  contactPhone: '',
  specialRequests: '',
  guestCount: 1,
};

/**
 * The stay the page's address asks for (`/?checkIn=…&checkOut=…&guests=…#booking`, the link of a follow-up
 * e-mail, docs/decisions/032-checkout-follow-ups.md). The calendar checks the dates; the guests only fill the form.
 */
function askedStay(): { dates: { checkIn: string; checkOut: string } | null; guestCount: number } {
  const query = new URLSearchParams(window.location.search);
  const checkIn = query.get('checkIn');
  const checkOut = query.get('checkOut');
  const guests = Number(query.get('guests'));
  return {
    dates: checkIn && checkOut ? { checkIn, checkOut } : null,
    guestCount:
      Number.isInteger(guests) && guests >= 1 && guests <= MAX_GUESTS ? guests : EMPTY_FORM.guestCount,
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
  const [selection, setSelection] = useState<DateSelection | null>(null);
  const [asked] = useState(askedStay);
  const [availability, setAvailability] = useState<Availability>('idle');
  const [minimumStayOpen, setMinimumStayOpen] = useState(false);
  /** The check-in of the stay that was too short: its season's minimum is the one the dialog names. */
  const [tooShortCheckIn, setTooShortCheckIn] = useState<string | null>(null);
  const planQuery = useQuery(ratePlanQuery());
  const plan = planQuery.data ?? null;
  /** The promo code the guest applied (the field's text when they pressed Apply), and what they are typing. */
  const [promoText, setPromoText] = useState('');
  const [appliedCode, setAppliedCode] = useState('');
  const [resetKey, setResetKey] = useState(0);
  const schedule = usePaymentSchedule();
  const [saveCardConsent, setSaveCardConsent] = useState(false);
  /** The guest's refusal of a reminder if they leave before paying (docs/decisions/032-checkout-follow-ups.md). */
  const [noFollowUp, setNoFollowUp] = useState(false);
  /** Payment buttons pressed before the card-saving agreement was ticked (the box then says it is needed). */
  const [consentAsked, setConsentAsked] = useState(0);
  /** The guest's agreement to the card being saved for the owner's damage deposit (decision 031). */
  const [holdConsent, setHoldConsent] = useState(false);
  const lastCheck = useRef(0);
  const mountedAt = useRef(performance.now());
  /** The card's '✓ Available!', withdrawn once the dates it spoke for are gone (cleared, or a 1-night choice). */
  const availableToast = useRef<{ dismiss: () => void } | null>(null);
  const withdrawAvailable = useCallback(() => {
    availableToast.current?.dismiss();
    availableToast.current = null;
  }, []);

  const form = useForm<BookingForm>({
    resolver: zodResolver(BookingFormSchema),
    mode: 'onTouched',
    defaultValues: { ...EMPTY_FORM, guestCount: asked.guestCount },
  });
  const values = useWatch({ control: form.control }) as BookingForm;
  const { errors } = form.formState;

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
  const total = availability === 'available' && quote ? quote.total : 0;
  const contactReady = BookingFormSchema.safeParse(values).success;
  const damageHold = useDamageHold(availability === 'available');
  const showPayment = selection !== null && total > 0 && contactReady && !promoPending;

  function applyPromo(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setAppliedCode(promoText.trim());
  }
  // The owner's schedule: a deposit today and the balance later, or the total (the server charges the same).
  const paymentPlan =
    selection && quote && total > 0 && schedule.data
      ? planPayments({
          totalPence: quote.totalPence,
          checkIn: selection.from,
          bookedOn: todayOnPropertyClock(new Date()),
          setting: schedule.data,
        })
      : undefined;

  function onPaid(bookingId: string) {
    // Spec section 4, step 7: the form resets, the dates clear, the form hides, the total returns to 0.
    form.reset(EMPTY_FORM);
    setPromoText('');
    setAppliedCode('');
    setSaveCardConsent(false);
    setHoldConsent(false);
    setNoFollowUp(false);
    setConsentAsked(0);
    lastCheck.current++;
    setSelection(null);
    setAvailability('idle');
    setResetKey((key) => key + 1);
    // The nights just paid for are taken now: the calendar must not show them free when the guest comes back.
    void queryClient.invalidateQueries({ queryKey: unavailableDatesQuery(PROPERTY_ID).queryKey });
    navigateFromCard(`/booking-success?bookingId=${encodeURIComponent(bookingId)}`);
  }

  const email = useEnquiriesEmail();

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
          onReady={onReady}
        />

        {availability === 'available' && selection && quote ? (
          <>
            <form
              aria-labelledby={`${ids}-form`}
              noValidate
              className="space-y-3"
              onSubmit={(event) => event.preventDefault()}
            >
              <h3 id={`${ids}-form`} className="font-semibold text-lg">
                {BOOKING_CARD.formTitle}
              </h3>
              <Field id={`${ids}-name`} label="Full Name" error={errors.contactName?.message}>
                <Input compact autoComplete="name" {...form.register('contactName')} />
              </Field>
              <Field id={`${ids}-email`} label="Email Address" error={errors.contactEmail?.message}>
                <Input compact type="email" autoComplete="email" {...form.register('contactEmail')} />
              </Field>
              <label className="flex items-start gap-2 text-sm text-stone-700">
                <input
                  type="checkbox"
                  className="mt-0.5 size-4"
                  checked={noFollowUp}
                  onChange={(event) => setNoFollowUp(event.target.checked)}
                />
                <span>Don’t e-mail me a reminder if I leave before paying</span>
              </label>
              <Field id={`${ids}-phone`} label="Phone Number (optional)" error={errors.contactPhone?.message}>
                <Input compact type="tel" autoComplete="tel" {...form.register('contactPhone')} />
              </Field>
              <Field id={`${ids}-guests`} label={BOOKING_CARD.guestsLabel} error={errors.guestCount?.message}>
                <Select compact {...form.register('guestCount', { valueAsNumber: true })}>
                  {Array.from({ length: MAX_GUESTS }, (_, i) => i + 1).map((count) => (
                    <option key={count} value={count}>
                      {count} {count === 1 ? 'guest' : 'guests'}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field
                id={`${ids}-requests`}
                label="Special Requests (optional)"
                error={errors.specialRequests?.message}
              >
                <Textarea compact rows={3} {...form.register('specialRequests')} />
              </Field>
            </form>

            <form onSubmit={applyPromo} noValidate>
              <Field id={`${ids}-promo`} label="Promo code" error={promoError ?? undefined}>
                <div className="flex gap-2">
                  <Input
                    compact
                    autoComplete="off"
                    autoCapitalize="characters"
                    spellCheck={false}
                    maxLength={40}
                    value={promoText}
                    onChange={(event) => setPromoText(event.target.value)}
                  />
                  <Button type="submit" variant="secondary" size="sm" className="shrink-0">
                    Apply
                  </Button>
                </div>
              </Field>
              {!promoError && appliedCode && promoQuery.data?.promoCode ? (
                <p role="status" className="mt-1 text-emerald-800 text-sm">
                  Promo code {promoQuery.data.promoCode} applied.
                </p>
              ) : null}
            </form>

            <PriceBreakdown quote={quote} />
            {paymentPlan ? (
              <PaymentScheduleNote
                plan={paymentPlan}
                consent={saveCardConsent}
                onConsentChange={setSaveCardConsent}
                asked={consentAsked}
              />
            ) : null}
            {damageHold ? (
              <DamageHoldNote
                setting={damageHold}
                stay={{ checkIn: selection.from, checkOut: selection.to }}
                consent={holdConsent}
                onConsentChange={setHoldConsent}
                // The balance's box is asked first: the focus goes to the first agreement missing.
                asked={paymentPlan?.kind === 'deposit' && !saveCardConsent ? 0 : consentAsked}
              />
            ) : null}

            {showPayment ? (
              <PaymentPanel
                plan={paymentPlan}
                saveCardConsent={saveCardConsent}
                damageHold={damageHold !== null}
                holdConsent={holdConsent}
                noFollowUp={noFollowUp}
                onConsentMissing={() => setConsentAsked((count) => count + 1)}
                stay={{
                  propertyId: PROPERTY_ID,
                  checkInDate: selection.from,
                  checkOutDate: selection.to,
                  guestCount: values.guestCount,
                }}
                contact={{
                  contactName: values.contactName.trim(),
                  contactEmail: values.contactEmail.trim(),
                  contactPhone: values.contactPhone.trim(),
                  specialRequests: values.specialRequests.trim(),
                }}
                quote={quote}
                onPaid={onPaid}
                onPriceChanged={() => {
                  void queryClient.invalidateQueries({ queryKey: ratePlanQuery().queryKey });
                  void queryClient.invalidateQueries({ queryKey: ['booking', 'quote'] });
                }}
              />
            ) : (
              <p className="text-sm text-stone-600">
                Enter your name and e-mail address to continue to payment.
              </p>
            )}
          </>
        ) : null}

        <TermsNote link={CardLink} />
      </div>

      <Dialog.Root open={minimumStayOpen} onOpenChange={setMinimumStayOpen}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
          <Dialog.Content className="-translate-x-1/2 -translate-y-1/2 fixed top-1/2 left-1/2 z-50 w-[90vw] max-w-md rounded-lg bg-white p-6 shadow-xl">
            <Dialog.Title className="font-serif text-xl">{MINIMUM_STAY_DIALOG.title}</Dialog.Title>
            <Dialog.Description className="mt-3 text-stone-700">
              {plan ? minimumStayMessage(plan, tooShortCheckIn) : MINIMUM_STAY_DIALOG.text}
            </Dialog.Description>
            <div className="mt-6 flex justify-end gap-3">
              <Dialog.Close className="rounded-md border border-stone-300 px-4 py-2 text-sm hover:bg-stone-100">
                {MINIMUM_STAY_DIALOG.close}
              </Dialog.Close>
              <a
                href={`mailto:${email}?subject=${encodeURIComponent(MINIMUM_STAY_DIALOG.subject)}`}
                className="rounded-md bg-amber-700 px-4 py-2 font-semibold text-sm text-white hover:bg-amber-800"
                onClick={() => setMinimumStayOpen(false)}
              >
                {MINIMUM_STAY_DIALOG.contact}
              </a>
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
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
