import { useRef, useState } from 'react';
import type { CreatePaymentIntentResponse, PublicBooking } from '../../../domain/api/payments.ts';
import { ApiRequestError } from '../../lib/api.ts';
import { rememberManageKey } from '../../lib/manage-key.ts';
import { toast } from '../../lib/toast.ts';
import { createBooking, createPaymentIntent, messageOf } from './payment-api.ts';
import type { PaymentPanelProps } from './payment-types.ts';

/** The guest pays a deposit without having agreed to the card being kept for the balance. */
export const CONSENT_NEEDED =
  'Please agree to your card being saved for the balance before you pay the deposit.';

/** The guest pays without having agreed to the card being kept for the owner's damage deposit (decision 031). */
export const HOLD_CONSENT_NEEDED =
  'Please agree to your card being saved for the damage deposit before you pay.';

/** The agreement the guest has still to give before paying, or null: the balance's first, then the deposit's. */
export function missingConsent(
  props: Pick<PaymentPanelProps, 'plan' | 'saveCardConsent' | 'damageHold' | 'holdConsent'>,
): string | null {
  if (props.plan?.kind === 'deposit' && !props.saveCardConsent) return CONSENT_NEEDED;
  if (props.damageHold && !props.holdConsent) return HOLD_CONSENT_NEEDED;
  return null;
}

export const AMOUNT_CHANGED =
  'The amount to pay today has changed since this page was loaded. Please reload the page and check it before paying.';

/** The toast of a card payment that went through (demo card form or Stripe's card field). */
export const CARD_PAID_TOAST = {
  title: 'Payment Successful',
  description: 'Your booking has been confirmed!',
};

/**
 * The booking page's side of paying (spec section 4, steps 4–7): hold the nights with a payment intent (the
 * hold token makes a retry reuse the same hold), then, once the provider says the payment succeeded, send the
 * booking payload; the server checks the payment itself before it confirms anything.
 */
export function useBookingPayment(props: PaymentPanelProps) {
  const latest = useRef(props);
  latest.current = props;
  const holdToken = useRef<string | undefined>(undefined);

  const bookingBody = () => {
    const { stay, contact, quote } = latest.current;
    // The promo code the guest applied goes with the booking: the server prices the hold with it again.
    return {
      ...stay,
      ...contact,
      totalPrice: quote.total,
      status: 'confirmed',
      ...(quote.promoCode ? { promoCode: quote.promoCode } : {}),
    };
  };

  return {
    /** POST /api/create-payment-intent with the amount in pence; ['card'] on the wallet path. */
    async hold(paymentMethodTypes?: string[]) {
      const { plan, damageHold } = latest.current;
      const missing = missingConsent(latest.current);
      if (missing) throw new Error(missing);
      const response = await createPaymentIntent({
        amount: latest.current.quote.totalPence,
        currency: 'gbp',
        booking: bookingBody(),
        ...(paymentMethodTypes ? { payment_method_types: paymentMethodTypes } : {}),
        ...(holdToken.current ? { holdToken: holdToken.current } : {}),
        // The card is kept for the balance, or for the damage deposit held before arrival, with the agreement.
        ...(plan?.kind === 'deposit' || damageHold ? { saveCardConsent: true } : {}),
        ...(latest.current.noFollowUp ? { noFollowUp: true } : {}),
      });
      holdToken.current = response.holdToken ?? undefined;
      rememberManageKey(response.bookingId, response.manageKey);
      // The server decides the plan on its own clock: never pay an amount other than the one the guest saw.
      const shown = plan?.todayPence ?? Math.round(latest.current.quote.total * 100);
      if (response.amount !== shown) throw new Error(AMOUNT_CHANGED);
      return response;
    },
    /** POST /api/bookings after a succeeded payment. */
    complete(paymentIntentId: string): Promise<PublicBooking> {
      return createBooking({ ...bookingBody(), paymentIntentId });
    },
    /** Success: toast, then the card resets and the guest moves on (spec section 4, step 7). */
    succeeded(booking: PublicBooking, toastInput: { title: string; description: string }) {
      holdToken.current = undefined;
      toast(toastInput);
      latest.current.onPaid(booking.id);
    },
    /** Any failure: 'Payment Failed' with the provider's (or server's) message, plainly. */
    failed(error: unknown, fallback = 'Please try again.') {
      if (error instanceof ApiRequestError && error.code === 'payment_refunded') {
        holdToken.current = undefined;
        toast({ title: 'Payment Refunded', description: messageOf(error), variant: 'destructive' });
        return;
      }
      if (error instanceof ApiRequestError && error.code === 'price_changed')
        latest.current.onPriceChanged?.();
      toast({ title: 'Payment Failed', description: messageOf(error, fallback), variant: 'destructive' });
    },
  };
}

/**
 * Paying by card in the 'Complete Payment' dialog, the same in demo and Stripe mode: the dialog's state, and
 * `payByCard(charge)`, which holds the nights, lets `charge` pay the intent with the provider (it answers null
 * once the payment succeeded, else the provider's reason), then books, closes the dialog and says so.
 * Resolves to true once the booking is made; every failure has been said.
 */
export function useCardPayment(props: PaymentPanelProps) {
  const payment = useBookingPayment(props);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [postcode, setPostcode] = useState('');

  const payByCard = async (charge: (intent: CreatePaymentIntentResponse) => Promise<string | null>) => {
    setBusy(true);
    try {
      const intent = await payment.hold();
      const refused = await charge(intent);
      if (refused !== null) {
        payment.failed(refused);
        return false;
      }
      const booking = await payment.complete(intent.paymentIntentId);
      setOpen(false);
      payment.succeeded(booking, CARD_PAID_TOAST);
      return true;
    } catch (error) {
      payment.failed(error);
      return false;
    } finally {
      setBusy(false);
    }
  };

  return {
    payment,
    busy,
    payByCard,
    /** The 'Pay with Card' button: the dialog opens once the guest has agreed to what the card is kept for. */
    openDialog: () => whenConsented(props, () => setOpen(true), payment.failed),
    /** The dialog's own props. */
    dialog: { open, onOpenChange: setOpen, busy, postcode, onPostcodeChange: setPostcode },
  };
}

/**
 * Runs `pay` (opening the card dialog, or the wallet's sheet) once the guest has agreed to the card being saved
 * when it is (for a deposit's balance, for a damage deposit); otherwise nothing is asked of the server or the
 * provider, and the box beside the agreement says why.
 */
export function whenConsented(props: PaymentPanelProps, pay: () => void, failed: (error: unknown) => void) {
  const missing = missingConsent(props);
  if (!missing) pay();
  else if (props.onConsentMissing) props.onConsentMissing();
  else failed(missing);
}
