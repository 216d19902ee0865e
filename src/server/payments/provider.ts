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
};

export type CreatePaymentIntentInput = {
  amountPence: number;
  currency: 'gbp';
  /** Carries at least `bookingId`. */
  metadata: Record<string, string>;
  idempotencyKey: string;
  /** ['card'] on the wallet path of the booking page; otherwise automatic payment methods. */
  paymentMethodTypes?: string[];
};

export type ProviderRefund = { id: string; amount: number };

export interface PaymentProvider {
  readonly mode: 'stripe' | 'demo';
  createPaymentIntent(input: CreatePaymentIntentInput): Promise<ProviderPaymentIntent>;
  /** null when the provider does not know the id. */
  retrievePaymentIntent(id: string): Promise<ProviderPaymentIntent | null>;
  cancelPaymentIntent(id: string): Promise<void>;
  refund(input: {
    paymentIntentId: string;
    amountPence: number;
    idempotencyKey: string;
  }): Promise<ProviderRefund>;
}
