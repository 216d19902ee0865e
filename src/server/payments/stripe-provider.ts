import type Stripe from 'stripe';
import type {
  CreatePaymentIntentInput,
  OffSessionChargeInput,
  PaymentIntentStatus,
  PaymentProvider,
  ProviderPaymentIntent,
} from './provider.ts';

/**
 * Stripe through its official SDK. `apiBase` (STRIPE_API_BASE) points the SDK at a local stand-in of Stripe's
 * HTTP API; only tests set it. Idempotency keys make the SDK's own network retries safe in production.
 */
export type StripeProviderOptions = { secretKey: string; apiBase?: string | undefined };

let loading: Promise<typeof Stripe> | undefined;

/**
 * The Stripe SDK, loaded when a Stripe account is first used (tens of MB of memory): a server on demo payments
 * never loads it.
 */
export function loadStripe(): Promise<typeof Stripe> {
  loading ??= import('stripe').then((module) => module.default);
  return loading;
}

async function createStripeClient({ secretKey, apiBase }: StripeProviderOptions): Promise<Stripe> {
  const StripeSdk = await loadStripe();
  if (!apiBase) return new StripeSdk(secretKey, { maxNetworkRetries: 2, timeout: 20_000, telemetry: false });
  const url = new URL(apiBase);
  return new StripeSdk(secretKey, {
    host: url.hostname,
    port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)),
    protocol: url.protocol === 'https:' ? 'https' : 'http',
    maxNetworkRetries: 0,
    telemetry: false,
  });
}

function toIntent(intent: Stripe.PaymentIntent): ProviderPaymentIntent {
  const charge = intent.latest_charge;
  return {
    id: intent.id,
    clientSecret: intent.client_secret ?? '',
    amount: intent.amount,
    currency: intent.currency,
    status: intent.status as PaymentIntentStatus,
    metadata: { ...intent.metadata },
    lastError: intent.last_payment_error?.message ?? null,
    amountRefunded: charge && typeof charge === 'object' ? charge.amount_refunded : 0,
    customerId: idOf(intent.customer),
    paymentMethodId: idOf(intent.payment_method),
    lastErrorCode: intent.last_payment_error?.code ?? null,
    amountReceived: intent.amount_received ?? 0,
    feePence: feeOf(charge),
  };
}

/** The fee of a charge whose balance transaction was expanded (https://docs.stripe.com/api/balance_transactions). */
function feeOf(charge: Stripe.PaymentIntent['latest_charge']): number | null {
  if (!charge || typeof charge !== 'object') return null;
  const transaction = charge.balance_transaction;
  return transaction && typeof transaction === 'object' ? transaction.fee : null;
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

export function createStripePaymentProvider(options: StripeProviderOptions): PaymentProvider {
  let connecting: Promise<Stripe> | undefined;
  const client = () => {
    connecting ??= createStripeClient(options);
    return connecting;
  };
  /** A charge or a hold (manual capture) of a saved card, the guest away: the card's answer is the intent. */
  async function offSession(
    input: OffSessionChargeInput,
    capture: 'automatic' | 'manual',
  ): Promise<ProviderPaymentIntent> {
    const stripe = await client();
    try {
      const intent = await stripe.paymentIntents.create(
        {
          amount: input.amountPence,
          currency: input.currency,
          customer: input.customerId,
          payment_method: input.paymentMethodId,
          off_session: true,
          confirm: true,
          ...(capture === 'manual' ? { capture_method: 'manual' as const } : {}),
          metadata: input.metadata,
          expand: ['latest_charge.balance_transaction'],
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return toIntent(intent);
    } catch (error) {
      const { errors } = await loadStripe();
      if (error instanceof errors.StripeCardError && error.payment_intent) {
        const failed = toIntent(error.payment_intent);
        return {
          ...failed,
          lastError: failed.lastError ?? error.message,
          lastErrorCode: failed.lastErrorCode ?? error.code ?? 'card_declined',
        };
      }
      throw error;
    }
  }

  return {
    mode: 'stripe',

    async createPaymentIntent(input: CreatePaymentIntentInput) {
      const stripe = await client();
      const intent = await stripe.paymentIntents.create(
        {
          amount: input.amountPence,
          currency: input.currency,
          metadata: input.metadata,
          ...(input.customerId ? { customer: input.customerId } : {}),
          // The deposit keeps the card for the balance (https://docs.stripe.com/payments/save-during-payment).
          ...(input.saveCard ? { setup_future_usage: 'off_session' as const } : {}),
          ...(input.captureMethod ? { capture_method: input.captureMethod } : {}),
          ...(input.paymentMethodTypes
            ? { payment_method_types: input.paymentMethodTypes }
            : { automatic_payment_methods: { enabled: true } }),
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return toIntent(intent);
    },

    async createCustomer(input) {
      const stripe = await client();
      const customer = await stripe.customers.create(
        { email: input.email, name: input.name },
        { idempotencyKey: input.idempotencyKey },
      );
      return { id: customer.id };
    },

    /**
     * https://docs.stripe.com/payments/save-and-reuse#charge-saved-payment-method: `off_session` and `confirm`.
     * A decline or a bank asking for authentication comes back as a card error carrying the intent: that intent
     * is the answer.
     */
    chargeOffSession: (input) => offSession(input, 'automatic'),
    holdOffSession: (input) => offSession(input, 'manual'),

    /** https://docs.stripe.com/api/payment_intents/capture: what is not captured is released. */
    async capturePaymentIntent(input) {
      const stripe = await client();
      return toIntent(
        await stripe.paymentIntents.capture(
          input.paymentIntentId,
          { amount_to_capture: input.amountPence, expand: ['latest_charge.balance_transaction'] },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
    },

    async retrievePaymentIntent(id: string) {
      const stripe = await client();
      try {
        return toIntent(
          await stripe.paymentIntents.retrieve(id, { expand: ['latest_charge.balance_transaction'] }),
        );
      } catch (error) {
        const { errors } = await loadStripe();
        if (error instanceof errors.StripeInvalidRequestError && error.code === 'resource_missing') {
          return null;
        }
        throw error;
      }
    },

    async cancelPaymentIntent(id: string) {
      const stripe = await client();
      await stripe.paymentIntents.cancel(id);
    },

    async refund(input) {
      const stripe = await client();
      const refund = await stripe.refunds.create(
        { payment_intent: input.paymentIntentId, amount: input.amountPence },
        { idempotencyKey: input.idempotencyKey },
      );
      return { id: refund.id, amount: refund.amount };
    },
  };
}

/** What the admin learns of a Stripe account when its keys are checked. */
export type StripeAccountCheck =
  | { ok: true; accountId: string; name: string | null }
  | { ok: false; reason: 'refused' | 'unreachable'; message: string };

/**
 * Asks Stripe who the secret key belongs to (GET /v1/account, https://docs.stripe.com/api/accounts/retrieve): a
 * wrong or revoked key answers 401. The key is never put in the answer's message.
 */
export async function checkStripeAccount(options: StripeProviderOptions): Promise<StripeAccountCheck> {
  const stripe = await createStripeClient(options);
  const { errors } = await loadStripe();
  try {
    const account = await stripe.accounts.retrieveCurrent();
    return {
      ok: true,
      accountId: account.id,
      name: account.settings?.dashboard?.display_name ?? account.business_profile?.name ?? null,
    };
  } catch (error) {
    if (error instanceof errors.StripeAuthenticationError || error instanceof errors.StripePermissionError) {
      return {
        ok: false,
        reason: 'refused',
        message:
          'Stripe did not accept this secret key. Copy it again from Stripe’s dashboard (Developers, API keys).',
      };
    }
    return {
      ok: false,
      reason: 'unreachable',
      message:
        'Stripe could not be reached to check the keys. Nothing was saved; please try again in a minute.',
    };
  }
}
