import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { DEMO_TEST_CARDS } from '../demo-provider.ts';

/**
 * A small stand-in of Stripe's HTTP API on loopback, for tests of the Stripe provider through the official SDK
 * (payment intents: create, retrieve, cancel, capture; refunds: create; the account of the key). It keeps Stripe's shapes, its idempotency keys
 * and its errors, and it lets a test play the browser's part (Stripe.js confirming a card) and sign webhooks.
 */

export type StandInIntent = {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  payment_method_types: string[];
  automatic_payment_methods: { enabled: boolean } | null;
  last_payment_error: { message: string; code: string; type: string; decline_code?: string } | null;
  latest_charge: {
    id: string;
    object: 'charge';
    amount: number;
    amount_refunded: number;
    balance_transaction: { id: string; object: 'balance_transaction'; fee: number };
  } | null;
  customer: string | null;
  payment_method: string | null;
  setup_future_usage: string | null;
  capture_method: 'automatic' | 'manual';
  amount_received: number;
  created: number;
  livemode: false;
};

export type StandInRequest = { method: string; path: string; idempotencyKey: string | undefined };

export const STAND_IN_SECRET_KEY = 'sk_test_stand_in_0000000000000000';
export const STAND_IN_WEBHOOK_SECRET = 'whsec_stand_in_test_secret';
/** The account the stand-in's key belongs to (GET /v1/account). */
export const STAND_IN_ACCOUNT_ID = 'acct_stand_in_0001';
/** The fee the stand-in's balance transactions report for a charge of `amount` pence. */
export const STAND_IN_FEE = (amount: number) => Math.round(amount * 0.015) + 20;

/** Stripe's form encoding (`metadata[bookingId]=…`, `payment_method_types[0]=card`) back into an object. */
function parseForm(text: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const parts = rawKey.split(/\[|\]\[|\]/).filter((part) => part !== '');
    let target = out as Record<string, unknown>;
    parts.forEach((part, index) => {
      if (index === parts.length - 1) target[part] = value;
      else {
        target[part] ??= {};
        target = target[part] as Record<string, unknown>;
      }
    });
  }
  return out;
}

const listOf = (value: unknown): string[] =>
  value && typeof value === 'object' ? Object.values(value as Record<string, string>) : [];

/** A card saved for a customer (Stripe's PaymentMethod, attached). */
export type StandInPaymentMethod = { id: string; object: 'payment_method'; customer: string; card: string };

export type StripeStandIn = {
  url: string;
  intents: Map<string, StandInIntent>;
  customers: Map<string, { id: string; object: 'customer'; email: string; name: string }>;
  paymentMethods: Map<string, StandInPaymentMethod>;
  /** Test-only: the customer's saved card becomes another test card (its funds ran out, say). */
  replaceCard(paymentMethodId: string, cardNumber: string): void;
  requests: StandInRequest[];
  /** What Stripe.js does when the guest pays with a test card (4242…, 4000…0002, 4000 0025 0000 3155). */
  pay(id: string, cardNumber: string): StandInIntent;
  /** The authentication step of a card that asks for it. */
  authenticate(id: string, ok: boolean): StandInIntent;
  /** Changes an intent behind our back (a tampered amount, a foreign booking id). */
  tamper(id: string, patch: Partial<StandInIntent>): void;
  /** While on, every API request answers 500 as in an outage of Stripe's API. */
  outage(on: boolean): void;
  /** A webhook delivery signed as Stripe signs it. */
  signedEvent(
    type: string,
    intentId: string,
    secret?: string,
  ): { payload: string; headers: Record<string, string> };
  close(): Promise<void>;
};

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const intents = new Map<string, StandInIntent>();
  const customers: StripeStandIn['customers'] = new Map();
  const paymentMethods = new Map<string, StandInPaymentMethod>();
  const idempotent = new Map<string, { status: number; body: unknown }>();
  const requests: StandInRequest[] = [];
  let down = false;
  const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

  /** A charge with its balance transaction: Stripe's standard UK card fee, 1.5 % + 20p, rounded to the penny. */
  const chargeOf = (amount: number): NonNullable<StandInIntent['latest_charge']> => ({
    id: id('ch'),
    object: 'charge',
    amount,
    amount_refunded: 0,
    balance_transaction: { id: id('txn'), object: 'balance_transaction', fee: STAND_IN_FEE(amount) },
  });

  const error = (status: number, type: string, message: string, code?: string) => ({
    status,
    body: { error: { type, message, ...(code ? { code } : {}) } },
  });

  const succeed = (intent: StandInIntent) => {
    intent.last_payment_error = null;
    // Manual capture: authorised and held; the charge exists once captured (https://docs.stripe.com/payments/place-a-hold-on-a-payment-method).
    if (intent.capture_method === 'manual') {
      intent.status = 'requires_capture';
      return;
    }
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    intent.latest_charge = chargeOf(intent.amount);
  };

  /**
   * An off-session confirmation with a saved card (https://docs.stripe.com/payments/save-and-reuse): a card that
   * always asks for authentication, or a decline, answers 402 with the intent in the error.
   */
  function confirmOffSession(intent: StandInIntent): { status: number; body: unknown } {
    const method = intent.payment_method ? paymentMethods.get(intent.payment_method) : undefined;
    if (!method || method.customer !== intent.customer) {
      return error(
        400,
        'invalid_request_error',
        `No such PaymentMethod: '${intent.payment_method}'`,
        'resource_missing',
      );
    }
    const card = DEMO_TEST_CARDS[method.card];
    const outcome = card?.offSession ?? card?.outcome;
    if (outcome?.kind === 'succeed') {
      succeed(intent);
      return { status: 200, body: intent };
    }
    intent.status = 'requires_payment_method';
    intent.last_payment_error =
      outcome?.kind === 'authenticate'
        ? {
            message: 'Your card was declined. This transaction requires authentication.',
            code: 'authentication_required',
            type: 'card_error',
            decline_code: 'authentication_required',
          }
        : {
            message: outcome?.kind === 'decline' ? outcome.message : 'Your card was declined.',
            code: 'card_declined',
            type: 'card_error',
            decline_code: 'insufficient_funds',
          };
    return {
      status: 402,
      body: { error: { ...intent.last_payment_error, payment_intent: JSON.parse(JSON.stringify(intent)) } },
    };
  }

  function handle(
    method: string,
    path: string,
    params: Record<string, unknown>,
  ): { status: number; body: unknown } {
    if (method === 'GET' && path === '/v1/account') {
      return {
        status: 200,
        body: {
          id: STAND_IN_ACCOUNT_ID,
          object: 'account',
          business_profile: { name: 'The Tower (stand-in)' },
          settings: { dashboard: { display_name: 'The Tower (stand-in)' } },
          charges_enabled: true,
        },
      };
    }
    if (method === 'POST' && path === '/v1/customers') {
      const customer = {
        id: id('cus'),
        object: 'customer' as const,
        email: String(params.email ?? ''),
        name: String(params.name ?? ''),
      };
      customers.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    if (method === 'POST' && path === '/v1/payment_intents') {
      const amount = Number(params.amount);
      if (!Number.isInteger(amount) || amount < 30) {
        return error(400, 'invalid_request_error', 'Amount must be at least £0.30 gbp', 'amount_too_small');
      }
      const customer = params.customer === undefined ? null : String(params.customer);
      if (customer && !customers.has(customer)) {
        return error(400, 'invalid_request_error', `No such customer: '${customer}'`, 'resource_missing');
      }
      if (params.setup_future_usage !== undefined && !customer) {
        return error(
          400,
          'invalid_request_error',
          'setup_future_usage requires a customer.',
          'parameter_missing',
        );
      }
      const intentId = id('pi');
      const automatic =
        (params.automatic_payment_methods as { enabled?: string } | undefined)?.enabled === 'true';
      const intent: StandInIntent = {
        id: intentId,
        object: 'payment_intent',
        amount,
        currency: String(params.currency),
        status: 'requires_payment_method',
        client_secret: `${intentId}_secret_${randomBytes(12).toString('hex')}`,
        metadata: (params.metadata as Record<string, string>) ?? {},
        payment_method_types: automatic ? ['card'] : listOf(params.payment_method_types),
        automatic_payment_methods: automatic ? { enabled: true } : null,
        last_payment_error: null,
        latest_charge: null,
        customer,
        payment_method: params.payment_method === undefined ? null : String(params.payment_method),
        setup_future_usage:
          params.setup_future_usage === undefined ? null : String(params.setup_future_usage),
        capture_method: params.capture_method === 'manual' ? 'manual' : 'automatic',
        amount_received: 0,
        created: Math.floor(Date.now() / 1000),
        livemode: false,
      };
      intents.set(intentId, intent);
      if (params.off_session === 'true' && params.confirm === 'true') return confirmOffSession(intent);
      return { status: 200, body: intent };
    }
    const intentMatch = /^\/v1\/payment_intents\/([^/]+)(\/cancel|\/capture)?$/.exec(path);
    if (intentMatch) {
      const intent = intents.get(intentMatch[1]!);
      if (!intent) {
        return error(
          404,
          'invalid_request_error',
          `No such payment_intent: '${intentMatch[1]}'`,
          'resource_missing',
        );
      }
      if (method === 'GET') return { status: 200, body: intent };
      if (method === 'POST' && intentMatch[2] === '/capture') {
        if (intent.status !== 'requires_capture') {
          return error(
            400,
            'invalid_request_error',
            `This PaymentIntent could not be captured because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be captured: requires_capture.`,
            'payment_intent_unexpected_state',
          );
        }
        const amount =
          params.amount_to_capture === undefined ? intent.amount : Number(params.amount_to_capture);
        if (!Number.isInteger(amount) || amount > intent.amount) {
          return error(
            400,
            'invalid_request_error',
            'The amount to capture must be less than or equal to the amount capturable.',
            'amount_too_large',
          );
        }
        intent.status = 'succeeded';
        intent.amount_received = amount;
        intent.latest_charge = chargeOf(amount);
        return { status: 200, body: intent };
      }
      if (method === 'POST' && intentMatch[2]) {
        if (intent.status === 'succeeded' || intent.status === 'canceled') {
          return error(
            400,
            'invalid_request_error',
            `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
            'payment_intent_unexpected_state',
          );
        }
        intent.status = 'canceled';
        return { status: 200, body: intent };
      }
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const intent = intents.get(String(params.payment_intent));
      if (!intent?.latest_charge) {
        return error(
          400,
          'invalid_request_error',
          'This PaymentIntent has no charge to refund.',
          'charge_not_found',
        );
      }
      const charge = intent.latest_charge;
      const amount =
        params.amount === undefined ? charge.amount - charge.amount_refunded : Number(params.amount);
      if (amount > charge.amount - charge.amount_refunded) {
        return error(
          400,
          'invalid_request_error',
          'Refund amount is greater than unrefunded amount on charge',
          'amount_too_large',
        );
      }
      charge.amount_refunded += amount;
      return {
        status: 200,
        body: {
          id: id('re'),
          object: 'refund',
          amount,
          payment_intent: intent.id,
          status: 'succeeded',
          currency: intent.currency,
        },
      };
    }
    return error(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
  }

  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://stand-in');
      const method = request.method ?? 'GET';
      const key = request.headers['idempotency-key'];
      const idempotencyKey = typeof key === 'string' ? key : undefined;
      requests.push({ method, path: url.pathname, idempotencyKey });
      let result: { status: number; body: unknown };
      if (down) {
        result = error(500, 'api_error', 'An unknown error occurred with our API.');
      } else if (request.headers.authorization !== `Bearer ${STAND_IN_SECRET_KEY}`) {
        result = error(401, 'invalid_request_error', 'Invalid API Key provided.');
      } else if (idempotencyKey && idempotent.has(`${method} ${url.pathname} ${idempotencyKey}`)) {
        result = idempotent.get(`${method} ${url.pathname} ${idempotencyKey}`)!;
      } else {
        const params =
          method === 'GET' ? parseForm(url.search.slice(1)) : parseForm(Buffer.concat(chunks).toString());
        result = handle(method, url.pathname, params);
        // Stripe replays the stored response of a key; a snapshot, as the object may change later.
        if (idempotencyKey) {
          idempotent.set(`${method} ${url.pathname} ${idempotencyKey}`, {
            status: result.status,
            body: JSON.parse(JSON.stringify(result.body)),
          });
        }
      }
      response.writeHead(result.status, { 'content-type': 'application/json', 'request-id': id('req') });
      response.end(JSON.stringify(result.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const mustGet = (intentId: string) => {
    const intent = intents.get(intentId);
    if (!intent) throw new Error(`stand-in has no intent ${intentId}`);
    return intent;
  };
  return {
    url: `http://127.0.0.1:${port}`,
    intents,
    customers,
    paymentMethods,
    requests,
    replaceCard(paymentMethodId, cardNumber) {
      const method = paymentMethods.get(paymentMethodId);
      if (!method) throw new Error(`stand-in has no payment method ${paymentMethodId}`);
      method.card = cardNumber.replace(/\s/g, '');
    },
    pay(intentId, cardNumber) {
      const intent = mustGet(intentId);
      const card = DEMO_TEST_CARDS[cardNumber.replace(/\s/g, '')];
      if (!card) throw new Error(`not a Stripe test card: ${cardNumber}`);
      // Stripe.js creates the PaymentMethod; with setup_future_usage it is attached to the intent's customer.
      const pm: StandInPaymentMethod = {
        id: id('pm'),
        object: 'payment_method',
        customer: intent.customer ?? '',
        card: cardNumber.replace(/\s/g, ''),
      };
      if (intent.setup_future_usage && intent.customer && card.outcome.kind !== 'decline')
        paymentMethods.set(pm.id, pm);
      intent.payment_method = pm.id;
      if (card.outcome.kind === 'succeed') succeed(intent);
      else if (card.outcome.kind === 'authenticate') intent.status = 'requires_action';
      else {
        intent.status = 'requires_payment_method';
        intent.last_payment_error = {
          message: card.outcome.message,
          code: 'card_declined',
          type: 'card_error',
        };
      }
      return intent;
    },
    authenticate(intentId, ok) {
      const intent = mustGet(intentId);
      if (ok) succeed(intent);
      else {
        intent.status = 'requires_payment_method';
        intent.last_payment_error = {
          message: 'We are unable to authenticate your payment method.',
          code: 'payment_intent_authentication_failure',
          type: 'invalid_request_error',
        };
      }
      return intent;
    },
    tamper(intentId, patch) {
      Object.assign(mustGet(intentId), patch);
    },
    outage(on) {
      down = on;
    },
    signedEvent(type, intentId, secret = STAND_IN_WEBHOOK_SECRET) {
      const payload = JSON.stringify({
        id: id('evt'),
        object: 'event',
        api_version: '2025-01-01',
        created: Math.floor(Date.now() / 1000),
        type,
        livemode: false,
        data: { object: mustGet(intentId) },
      });
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
      return { payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature } };
    },
    close: () =>
      new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve()))),
  };
}
