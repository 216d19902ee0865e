import { zodResolver } from '@hookform/resolvers/zod';
import * as Dialog from '@radix-ui/react-dialog';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { type BookingForm, BookingFormSchema } from '../../../domain/booking-form.ts';
import { todayOnPropertyClock } from '../../../domain/dates.ts';
import { planPayments } from '../../../domain/payment-schedule.ts';
import type { Quote } from '../../../domain/pricing.ts';
import { PROPERTY_ID } from '../../../domain/property.ts';
import type { RatePlan } from '../../../domain/rate-plan.ts';
import { minimumStayMessage } from '../../../domain/rate-plan-rules.ts';
import { MINIMUM_STAY_DIALOG } from '../../content/booking.ts';
import { useEnquiriesEmail } from '../../lib/site-content.ts';
import { usePaymentSchedule } from '../payment-schedule/index.ts';
import { DamageHoldNote, PaymentPanel, PaymentScheduleNote, useDamageHold } from '../payments/index.ts';
import { ratePlanQuery } from './booking-api.ts';
import { ContactFirst, GuestForm, PromoForm } from './booking-form-fields.tsx';
import type { DateSelection } from './date-range-picker.tsx';
import { PriceBreakdown } from './price-breakdown.tsx';

/**
 * The booking card's second part (docs/decisions/037-the-book-now-cards-first-view.md): what serves once the guest
 * has chosen dates (the guest's form checked by the domain's schema through React Hook Form, the promo code, the
 * price, the payment schedule, the damage deposit and the payment panel) and the Minimum Stay dialog, on zod,
 * React Hook Form and Radix Dialog, which the card's first view (booking-card.tsx) does without. The page asks for
 * this module's chunk once the first view's are in, and the first view imports it once the calendar is on
 * screen, so it is ready when the guest has chosen dates.
 */

const EMPTY_FORM: BookingForm = {
  contactName: '',
  contactEmail: '',
  contactPhone: '',
  specialRequests: '',
  guestCount: 1,
};

export type BookingDetailsProps = {
  /** The chosen stay and its price, once its nights are known to be free; null hides the details. */
  shown: { selection: DateSelection; quote: Quote } | null;
  /** The dates on screen are free (the damage deposit's setting is read from then). */
  available: boolean;
  /** The number of guests the page's address asks for, if it does. */
  guestCount: number | null;
  /** The promo code's answer, which the first view asks for (the total at the card's top follows it). */
  promo: { error: string | null; pending: boolean; applied: string | undefined };
  onApplyPromo: (code: string) => void;
  /** The booking is paid: the first view clears the dates and moves on (this part has reset its own). */
  onPaid: (bookingId: string) => void;
};

/**
 * The guest's form, the promo code, the price breakdown and the payment (spec sections 4 and 5). Kept mounted
 * while the dates change, so that what the guest typed stays; renders nothing while `shown` is null.
 */
export function BookingDetails({
  shown,
  available,
  guestCount,
  promo,
  onApplyPromo,
  onPaid,
}: BookingDetailsProps) {
  const ids = useId();
  const queryClient = useQueryClient();
  /** What the guest is typing in the promo code's field (applied when they press Apply). */
  const [promoText, setPromoText] = useState('');
  const schedule = usePaymentSchedule();
  const [saveCardConsent, setSaveCardConsent] = useState(false);
  /** The guest's refusal of a reminder if they leave before paying (docs/decisions/032-checkout-follow-ups.md). */
  const [noFollowUp, setNoFollowUp] = useState(false);
  /** Payment buttons pressed before the card-saving agreement was ticked (the box then says it is needed). */
  const [consentAsked, setConsentAsked] = useState(0);
  /** The guest's agreement to the card being saved for the owner's damage deposit (decision 031). */
  const [holdConsent, setHoldConsent] = useState(false);

  const form = useForm<BookingForm>({
    resolver: zodResolver(BookingFormSchema),
    mode: 'onTouched',
    defaultValues: { ...EMPTY_FORM, guestCount: guestCount ?? EMPTY_FORM.guestCount },
  });
  const values = useWatch({ control: form.control }) as BookingForm;
  const { errors } = form.formState;
  const contactReady = BookingFormSchema.safeParse(values).success;
  const damageHold = useDamageHold(available);

  if (!shown) return null;
  const { selection, quote } = shown;
  const total = quote.total;
  const showPayment = total > 0 && contactReady && !promo.pending;
  // The owner's schedule: a deposit today and the balance later, or the total (the server charges the same).
  const paymentPlan =
    total > 0 && schedule.data
      ? planPayments({
          totalPence: quote.totalPence,
          checkIn: selection.from,
          bookedOn: todayOnPropertyClock(new Date()),
          setting: schedule.data,
        })
      : undefined;

  function paid(bookingId: string) {
    // Spec section 4, step 7: the form resets, the dates clear, the form hides, the total returns to 0.
    form.reset(EMPTY_FORM);
    setPromoText('');
    setSaveCardConsent(false);
    setHoldConsent(false);
    setNoFollowUp(false);
    setConsentAsked(0);
    onPaid(bookingId);
  }

  return (
    <>
      <GuestForm
        ids={ids}
        bind={(name) => form.register(name, name === 'guestCount' ? { valueAsNumber: true } : undefined)}
        errors={{
          contactName: errors.contactName?.message,
          contactEmail: errors.contactEmail?.message,
          contactPhone: errors.contactPhone?.message,
          guestCount: errors.guestCount?.message,
          specialRequests: errors.specialRequests?.message,
        }}
        noFollowUp={noFollowUp}
        onNoFollowUpChange={setNoFollowUp}
      />

      <PromoForm
        ids={ids}
        value={promoText}
        onChange={(event) => setPromoText(event.target.value)}
        onApply={(event) => {
          event.preventDefault();
          onApplyPromo(promoText.trim());
        }}
        error={promo.error}
        applied={promo.applied}
      />

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
          onPaid={paid}
          onPriceChanged={() => {
            void queryClient.invalidateQueries({ queryKey: ratePlanQuery().queryKey });
            void queryClient.invalidateQueries({ queryKey: ['booking', 'quote'] });
          }}
        />
      ) : (
        <ContactFirst />
      )}
    </>
  );
}

/**
 * The Minimum Stay dialog (spec section 4): the guest chose fewer nights than the season of their check-in asks.
 * `plan`: the owner's plan, whose season may ask more than the spec's 2 nights.
 */
export function MinimumStayDialog({
  open,
  onOpenChange,
  plan,
  checkIn,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  plan: RatePlan | null;
  checkIn: string | null;
}) {
  const email = useEnquiriesEmail();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content className="-translate-x-1/2 -translate-y-1/2 fixed top-1/2 left-1/2 z-50 w-[90vw] max-w-md rounded-lg bg-white p-6 shadow-xl">
          <Dialog.Title className="font-serif text-xl">{MINIMUM_STAY_DIALOG.title}</Dialog.Title>
          <Dialog.Description className="mt-3 text-stone-700">
            {plan ? minimumStayMessage(plan, checkIn) : MINIMUM_STAY_DIALOG.text}
          </Dialog.Description>
          <div className="mt-6 flex justify-end gap-3">
            <Dialog.Close className="rounded-md border border-stone-300 px-4 py-2 text-sm hover:bg-stone-100">
              {MINIMUM_STAY_DIALOG.close}
            </Dialog.Close>
            <a
              href={`mailto:${email}?subject=${encodeURIComponent(MINIMUM_STAY_DIALOG.subject)}`}
              className="rounded-md bg-amber-700 px-4 py-2 font-semibold text-sm text-white hover:bg-amber-800"
              onClick={() => onOpenChange(false)}
            >
              {MINIMUM_STAY_DIALOG.contact}
            </a>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
