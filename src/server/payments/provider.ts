/**
 * The one interface the booking logic talks to. Two implementations: Stripe (official SDK) when keys are
 * configured, demo (kept in our database, Stripe's test card numbers) when not. The booking logic never knows
 * which one it has.
 */
export type PaymentIntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  /** Authorised and held on the card, not taken: a damage deposit hold (manual capture). */
  | 'requires_capture'
  | 'succeeded'
  | 'canceled';

export type ProviderPaymentIntent = {
  id: string;
  clientSecret: string;
  /** Pence. */
  amount: number;
  currency: string;
  status: PaymentIntentStatus;
  metadata: Record<string, string>;
  /** The decline message of the last failed attempt, e.g. 'Your card was declined.' */
  lastError: string | null;
  amountRefunded: number;
  /** Pence taken: the amount once succeeded, or what was captured of a hold; 0 before. */
  amountReceived: number;
  /**
   * The provider's fee for this payment in pence, where it reports one (Stripe: the charge's balance
   * transaction); null when it reports none (demo payments) or not yet.
   */
  feePence: number | null;
  /** The customer the intent is for (a deposit saves its card for this customer). */
  customerId: string | null;
  /** The card used; with `saveCard`, kept by the provider for off-session charges. */
  paymentMethodId: string | null;
  /** The machine code of the last failure: 'authentication_required', 'card_declined', … */
  lastErrorCode: string | null;
};

export type CreatePaymentIntentInput = {
  amountPence: number;
  currency: 'gbp';
  /** Carries at least `bookingId`. */
  metadata: Record<string, string>;
  idempotencyKey: string;
  /** ['card'] on the wallet path of the booking page; otherwise automatic payment methods. */
  paymentMethodTypes?: string[];
  /** The provider's customer (see `createCustomer`). */
  customerId?: string;
  /** Keep the card for later off-session charges (Stripe's `setup_future_usage: 'off_session'`). */
  saveCard?: boolean;
  /** 'manual': the guest's card is held, not charged (a damage deposit authorised on-session); captured later. */
  captureMethod?: 'manual';
};

/** A charge of a saved card without the guest present (the balance of a deposit booking). */
export type OffSessionChargeInput = {
  customerId: string;
  paymentMethodId: string;
  amountPence: number;
  currency: 'gbp';
  metadata: Record<string, string>;
  /** One key per instalment attempt: a retried call never charges twice. */
  idempotencyKey: string;
};

/** What became of an off-session charge, whichever provider made it. */
export type OffSessionOutcome = 'succeeded' | 'processing' | 'authentication_required' | 'declined';

export function offSessionOutcome(intent: ProviderPaymentIntent): OffSessionOutcome {
  if (intent.status === 'succeeded') return 'succeeded';
  if (intent.status === 'processing') return 'processing';
  if (intent.status === 'requires_action' || intent.lastErrorCode === 'authentication_required')
    return 'authentication_required';
  return 'declined';
}

/** What became of placing a hold on a saved card (`holdOffSession`). */
export type HoldOutcome = 'held' | 'processing' | 'authentication_required' | 'declined';

export function holdOutcome(intent: ProviderPaymentIntent): HoldOutcome {
  if (intent.status === 'requires_capture') return 'held';
  const charged = offSessionOutcome(intent);
  return charged === 'succeeded' ? 'declined' : charged;
}

export type ProviderRefund = { id: string; amount: number };

export interface PaymentProvider {
  /** `off` only for the app's provider on a public site without Stripe's keys: every new payment is refused. */
  readonly mode: 'stripe' | 'demo' | 'off';
  createPaymentIntent(input: CreatePaymentIntentInput): Promise<ProviderPaymentIntent>;
  /** null when the provider does not know the id. */
  retrievePaymentIntent(id: string): Promise<ProviderPaymentIntent | null>;
  cancelPaymentIntent(id: string): Promise<void>;
  /** A customer to save a card for (idempotent by key: one per booking). */
  createCustomer(input: { email: string; name: string; idempotencyKey: string }): Promise<{ id: string }>;
  /**
   * Charges a saved card off-session. A decline or a bank asking for authentication is an answer (the intent,
   * not succeeded, with `lastErrorCode`), never a throw; only an outage or a refused request throws.
   */
  chargeOffSession(input: OffSessionChargeInput): Promise<ProviderPaymentIntent>;
  /**
   * Holds the amount on a saved card without taking it (Stripe: `capture_method: 'manual'`, off-session,
   * https://docs.stripe.com/payments/place-a-hold-on-a-payment-method). Answers like `chargeOffSession`; held,
   * the intent is `requires_capture`. Released with `cancelPaymentIntent`.
   */
  holdOffSession(input: OffSessionChargeInput): Promise<ProviderPaymentIntent>;
  /** Takes `amountPence` (at most what is held) of a hold; the rest is released (Stripe's `amount_to_capture`). */
  capturePaymentIntent(input: {
    paymentIntentId: string;
    amountPence: number;
    idempotencyKey: string;
  }): Promise<ProviderPaymentIntent>;
  refund(input: {
    paymentIntentId: string;
    amountPence: number;
    idempotencyKey: string;
  }): Promise<ProviderRefund>;
}
