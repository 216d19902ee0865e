import type { PaymentPlan } from '../../../domain/payment-schedule.ts';
import type { Quote } from '../../../domain/pricing.ts';

/**
 * The props the payments feature's components share, in one module that imports none of them, so no file of
 * the feature imports another in a circle.
 */

/** What the booking card hands to the payment step once dates, total, name and e-mail are set. */
export type PaymentPanelProps = {
  stay: { propertyId: number; checkInDate: string; checkOutDate: string; guestCount: number };
  contact: { contactName: string; contactEmail: string; contactPhone: string; specialRequests: string };
  quote: Quote;
  /** How it is paid (decision 016): in full, or a deposit today and the balance later. Absent: in full. */
  plan?: PaymentPlan | undefined;
  /** The guest agreed to the card being saved for the balance (a deposit plan needs it). */
  saveCardConsent?: boolean;
  /** The owner holds a damage deposit before arrival: the card is saved for it (decision 031). */
  damageHold?: boolean;
  /** The guest agreed to the card being saved for the damage deposit (a damage deposit needs it). */
  holdConsent?: boolean;
  /** The guest asked for no reminder if they leave before paying (decision 032). */
  noFollowUp?: boolean;
  /**
   * The guest pressed a payment button without an agreement the payment needs: nothing is paid, and the card
   * says so beside the box (PaymentScheduleNote's and DamageHoldNote's `asked`).
   */
  onConsentMissing?(): void;
  /** Called once the server has confirmed the booking; the card then resets and the guest moves on. */
  onPaid(bookingId: string): void;
  /** The server priced the stay differently (the owner changed the prices): the card loads them again. */
  onPriceChanged?(): void;
};

/** What the checkout page hands to its payment form, in demo and in Stripe mode. */
export type CheckoutFormCallbacks = {
  clientSecret: string;
  /** The intent succeeded: tell the server and move on. */
  onSucceeded(paymentIntentId: string): Promise<void>;
  onFailed(message: string | undefined): void;
  onError(): void;
  /**
   * The guest authorises their damage deposit rather than paying for the booking (decision 031): the button's
   * words, and the path Stripe comes back to after a bank's page (the guest's booking page).
   */
  authorising?: { label: string; returnPath: string } | undefined;
};

/** An intent confirmed: paid, or held on the card (a damage deposit's manual capture, decision 031). */
export const CONFIRMED_STATUSES: ReadonlySet<string> = new Set(['succeeded', 'requires_capture']);

/** Stripe mode: Stripe.js confirms the intent and knows it by its client secret. */
export type CheckoutFormProps = CheckoutFormCallbacks & { publishableKey: string; bookingId: string };

/** Demo mode: the server's demo intents are confirmed by id. */
export type DemoCheckoutFormProps = CheckoutFormCallbacks & { paymentIntentId: string };
