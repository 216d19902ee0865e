import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Clock } from '../clock.ts';
import type { Db, DbOrTx } from '../db/database.ts';
import { demoPaymentIntents, demoPaymentMethods, demoRefunds } from '../db/schema.ts';
import type {
  CreatePaymentIntentInput,
  OffSessionChargeInput,
  PaymentIntentStatus,
  PaymentProvider,
  ProviderPaymentIntent,
  ProviderRefund,
} from './provider.ts';

/**
 * Demo payments: payment intents kept in our own database the way Stripe keeps them, so the whole booking flow
 * runs offline, in tests and on a fresh machine. Only Stripe's published test card numbers are accepted
 * (https://docs.stripe.com/testing), with the outcome Stripe's test mode gives them; any other number is refused,
 * so a real card can never be typed into demo mode. Wallets are not offered.
 */

export type DemoCardOutcome =
  | { kind: 'succeed' }
  | { kind: 'decline'; message: string }
  | { kind: 'authenticate' };

const DECLINED = 'Your card was declined.';
/** Stripe's message when an off-session charge needs the cardholder (https://docs.stripe.com/declines/codes). */
export const AUTHENTICATION_REQUIRED_MESSAGE =
  'Your card was declined. This transaction requires authentication.';

/** Stripe's test numbers (https://docs.stripe.com/testing#cards) and what each does in test mode. */
export const DEMO_TEST_CARDS: Record<
  string,
  {
    brand: string;
    outcome: DemoCardOutcome /** Off-session charges of the saved card, when they differ. */;
    offSession?: DemoCardOutcome;
  }
> = {
  '4242424242424242': { brand: 'Visa', outcome: { kind: 'succeed' } },
  '4000056655665556': { brand: 'Visa (debit)', outcome: { kind: 'succeed' } },
  '4000008260000000': { brand: 'Visa (United Kingdom)', outcome: { kind: 'succeed' } },
  '4000058260000005': { brand: 'Visa debit (United Kingdom)', outcome: { kind: 'succeed' } },
  '5555555555554444': { brand: 'Mastercard', outcome: { kind: 'succeed' } },
  '2223003122003222': { brand: 'Mastercard (2-series)', outcome: { kind: 'succeed' } },
  '5200828282828210': { brand: 'Mastercard (debit)', outcome: { kind: 'succeed' } },
  '4000000000000002': { brand: 'Visa', outcome: { kind: 'decline', message: DECLINED } },
  '4000000000009995': {
    brand: 'Visa',
    outcome: { kind: 'decline', message: 'Your card has insufficient funds.' },
  },
  '4000000000009987': { brand: 'Visa', outcome: { kind: 'decline', message: DECLINED } },
  '4000000000009979': { brand: 'Visa', outcome: { kind: 'decline', message: DECLINED } },
  '4000000000000069': { brand: 'Visa', outcome: { kind: 'decline', message: 'Your card has expired.' } },
  '4000000000000127': {
    brand: 'Visa',
    outcome: { kind: 'decline', message: "Your card's security code is incorrect." },
  },
  '4000000000000119': {
    brand: 'Visa',
    outcome: {
      kind: 'decline',
      message: 'An error occurred while processing your card. Try again in a little bit.',
    },
  },
  // Asks for authentication once; saved with it, later off-session charges go through (Stripe's test mode).
  '4000002500003155': {
    brand: 'Visa (authentication)',
    outcome: { kind: 'authenticate' },
    offSession: { kind: 'succeed' },
  },
  '4000002760003184': { brand: 'Visa (authentication)', outcome: { kind: 'authenticate' } },
  '4000000000003220': { brand: 'Visa (3D Secure 2)', outcome: { kind: 'authenticate' } },
};

export const DEMO_ONLY_TEST_CARDS_MESSAGE =
  'Demo payments accept only Stripe’s test card numbers, such as 4242 4242 4242 4242. No real card is ever charged.';
export const AUTHENTICATION_FAILED_MESSAGE =
  'We are unable to authenticate your payment method. Please choose a different payment method and try again.';

/** A demo confirmation the browser got wrong (unknown intent, a non-test card, a past expiry): a 4xx. */
export class DemoPaymentError extends Error {
  readonly statusCode: 400 | 404 | 409;
  readonly code: string;

  constructor(statusCode: 400 | 404 | 409, code: string, message: string) {
    super(message);
    this.name = 'DemoPaymentError';
    this.statusCode = statusCode;
    this.code = code;
  }
}

export type DemoCardInput = { number: string; expMonth: number; expYear: number; cvc: string };

export type DemoPaymentProvider = PaymentProvider & {
  /** Test-only: the guest's saved card becomes another test card (its funds ran out, say). */
  replaceSavedCard?(paymentMethodId: string, cardNumber: string): Promise<void>;
  readonly mode: 'demo';
  /** What Stripe.js's confirmCardPayment does, on our server: one attempt with a test card. */
  confirmWithCard(id: string, clientSecret: string, card: DemoCardInput): Promise<ProviderPaymentIntent>;
  /** The (demo) authentication step of cards such as 4000 0025 0000 3155. */
  authenticate(
    id: string,
    clientSecret: string,
    outcome: 'complete' | 'fail',
  ): Promise<ProviderPaymentIntent>;
};

type Row = typeof demoPaymentIntents.$inferSelect;

function toIntent(row: Row): ProviderPaymentIntent {
  return {
    id: row.id,
    clientSecret: row.clientSecret,
    amount: row.amount,
    currency: row.currency,
    status: row.status as PaymentIntentStatus,
    metadata: row.metadata,
    lastError: row.lastError,
    amountRefunded: row.amountRefunded,
    customerId: row.customerId,
    paymentMethodId: row.paymentMethodId,
    lastErrorCode: row.lastErrorCode,
    amountReceived: row.status === 'succeeded' ? (row.amountReceived ?? row.amount) : 0,
    // Demo payments cost nothing: no fee is reported.
    feePence: null,
  };
}

/** A card's confirmation held (manual capture, `requires_capture`) or taken. */
const authorised = (row: Row): PaymentIntentStatus =>
  row.captureMethod === 'manual' ? 'requires_capture' : 'succeeded';

const randomId = (bytes = 12) => randomBytes(bytes).toString('hex');

/** The card's checks that Stripe.js makes before it sends anything: a test number, future expiry, 3-digit CVC. */
export function checkDemoCard(card: DemoCardInput, now: Date): DemoCardOutcome {
  const digits = card.number.replace(/[\s-]/g, '');
  const known = DEMO_TEST_CARDS[digits];
  if (!known) throw new DemoPaymentError(400, 'not_a_test_card', DEMO_ONLY_TEST_CARDS_MESSAGE);
  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  // A card is valid to the end of its expiry month.
  const validUntil = Date.UTC(year, card.expMonth, 1);
  if (card.expMonth < 1 || card.expMonth > 12 || validUntil <= now.getTime()) {
    throw new DemoPaymentError(400, 'invalid_expiry', 'Your card’s expiration date is in the past.');
  }
  if (!/^\d{3}$/.test(card.cvc.trim())) {
    throw new DemoPaymentError(400, 'invalid_cvc', 'Your card’s security code must be 3 digits.');
  }
  return known.outcome;
}

export function createDemoPaymentProvider(db: Db, clock: Clock): DemoPaymentProvider {
  /**
   * Writes an intent unless its idempotency key was used before: the row of that key either way, and whether this
   * call made it (Stripe answers a retried request with its first result).
   */
  async function insertOnce(
    values: typeof demoPaymentIntents.$inferInsert,
  ): Promise<{ row: Row; created: boolean }> {
    const [created] = await db
      .insert(demoPaymentIntents)
      .values(values)
      .onConflictDoNothing({ target: demoPaymentIntents.idempotencyKey })
      .returning();
    if (created) return { row: created, created: true };
    const [existing] = await db
      .select()
      .from(demoPaymentIntents)
      .where(eq(demoPaymentIntents.idempotencyKey, values.idempotencyKey ?? ''));
    if (!existing) throw new Error('demo payment intent vanished after an idempotency conflict');
    return { row: existing, created: false };
  }

  /** The intent, locked for the transaction; the server's own calls name it by id, as Stripe's API does. */
  async function lockById(tx: DbOrTx, id: string): Promise<Row> {
    const [row] = await tx
      .select()
      .from(demoPaymentIntents)
      .where(eq(demoPaymentIntents.id, id))
      .for('update');
    if (!row) throw new Error(`No such payment_intent: '${id}'`);
    return row;
  }

  /** The intent the browser's card form names, locked, only with its client secret. */
  async function lockIntent(tx: DbOrTx, id: string, clientSecret: string): Promise<Row> {
    const [row] = await tx
      .select()
      .from(demoPaymentIntents)
      .where(eq(demoPaymentIntents.id, id))
      .for('update');
    if (!row || row.clientSecret !== clientSecret) {
      throw new DemoPaymentError(
        404,
        'payment_not_found',
        'We could not find that payment. Please start again.',
      );
    }
    return row;
  }

  async function update(tx: DbOrTx, id: string, values: Partial<Row>): Promise<Row> {
    const [row] = await tx
      .update(demoPaymentIntents)
      .set({ ...values, updatedAt: clock.now() })
      .where(eq(demoPaymentIntents.id, id))
      .returning();
    return row!;
  }

  async function saveCard(tx: DbOrTx, customerId: string, card: DemoCardInput): Promise<string> {
    const id = `pm_demo_${randomId()}`;
    await tx.insert(demoPaymentMethods).values({
      id,
      customerId,
      cardNumber: card.number.replace(/[\s-]/g, ''),
      expMonth: card.expMonth,
      expYear: card.expYear < 100 ? 2000 + card.expYear : card.expYear,
      createdAt: clock.now(),
    });
    return id;
  }

  /** A charge (automatic capture) or a hold (manual) of a saved card, without the guest present. */
  async function offSession(
    input: OffSessionChargeInput,
    capture: 'automatic' | 'manual',
  ): Promise<ProviderPaymentIntent> {
    const [existing] = await db
      .select()
      .from(demoPaymentIntents)
      .where(eq(demoPaymentIntents.idempotencyKey, input.idempotencyKey));
    if (existing) return toIntent(existing);
    const [method] = await db
      .select()
      .from(demoPaymentMethods)
      .where(eq(demoPaymentMethods.id, input.paymentMethodId));
    if (!method || method.customerId !== input.customerId) {
      throw new Error(`No such PaymentMethod: '${input.paymentMethodId}'`);
    }
    const card = DEMO_TEST_CARDS[method.cardNumber];
    let outcome: DemoCardOutcome = card?.offSession ??
      card?.outcome ?? { kind: 'decline', message: DECLINED };
    if (Date.UTC(method.expYear, method.expMonth, 1) <= clock.now().getTime()) {
      outcome = { kind: 'decline', message: 'Your card has expired.' };
    }
    const id = `pi_demo_${randomId()}`;
    const status: PaymentIntentStatus =
      outcome.kind !== 'succeed'
        ? 'requires_payment_method'
        : capture === 'manual'
          ? 'requires_capture'
          : 'succeeded';
    const { row } = await insertOnce({
      id,
      clientSecret: `${id}_secret_${randomId(16)}`,
      amount: input.amountPence,
      currency: input.currency,
      status,
      metadata: input.metadata,
      idempotencyKey: input.idempotencyKey,
      customerId: input.customerId,
      paymentMethodId: input.paymentMethodId,
      lastError:
        outcome.kind === 'decline'
          ? outcome.message
          : outcome.kind === 'authenticate'
            ? AUTHENTICATION_REQUIRED_MESSAGE
            : null,
      lastErrorCode:
        outcome.kind === 'decline'
          ? 'card_declined'
          : outcome.kind === 'authenticate'
            ? 'authentication_required'
            : null,
      createdAt: clock.now(),
      updatedAt: clock.now(),
    });
    return toIntent(row);
  }

  return {
    mode: 'demo',

    async createCustomer(input) {
      // Idempotent by key, as Stripe's: the same booking always gets the same demo customer.
      return {
        id: `cus_demo_${createHash('sha256').update(input.idempotencyKey).digest('hex').slice(0, 24)}`,
      };
    },

    chargeOffSession: (input) => offSession(input, 'automatic'),
    holdOffSession: (input) => offSession(input, 'manual'),

    async capturePaymentIntent(input) {
      return db.transaction(async (tx) => {
        const row = await lockById(tx, input.paymentIntentId);
        // A retried capture (the same request again) answers with its first result, as Stripe's idempotency does.
        if (row.status === 'succeeded' && row.amountReceived === input.amountPence) return toIntent(row);
        if (row.status !== 'requires_capture') {
          throw new Error(
            `This PaymentIntent could not be captured because it has a status of ${row.status}. Only a PaymentIntent with one of the following statuses may be captured: requires_capture.`,
          );
        }
        if (
          !Number.isInteger(input.amountPence) ||
          input.amountPence <= 0 ||
          input.amountPence > row.amount
        ) {
          throw new Error(
            'The amount to capture must be a whole number of pence, more than 0 and at most the amount held.',
          );
        }
        return toIntent(await update(tx, row.id, { status: 'succeeded', amountReceived: input.amountPence }));
      });
    },

    async createPaymentIntent(input: CreatePaymentIntentInput) {
      const id = `pi_demo_${randomId()}`;
      const { row, created } = await insertOnce({
        id,
        clientSecret: `${id}_secret_${randomId(16)}`,
        amount: input.amountPence,
        currency: input.currency,
        status: 'requires_payment_method',
        metadata: input.metadata,
        idempotencyKey: input.idempotencyKey,
        customerId: input.customerId ?? null,
        setupFutureUsage: input.saveCard ?? false,
        captureMethod: input.captureMethod ?? 'automatic',
        createdAt: clock.now(),
        updatedAt: clock.now(),
      });
      // The same idempotency key again: the first result, if the request is the same.
      if (!created && (row.amount !== input.amountPence || row.currency !== input.currency)) {
        throw new Error(
          'Keys for idempotent requests can only be used with the same parameters they were first used with.',
        );
      }
      return toIntent(row);
    },

    async retrievePaymentIntent(id: string) {
      const [row] = await db.select().from(demoPaymentIntents).where(eq(demoPaymentIntents.id, id));
      return row ? toIntent(row) : null;
    },

    async cancelPaymentIntent(id: string) {
      await db.transaction(async (tx) => {
        const row = await lockById(tx, id);
        if (row.status === 'canceled') return;
        if (row.status === 'succeeded') {
          throw new Error(`You cannot cancel this PaymentIntent because it has a status of succeeded.`);
        }
        await update(tx, id, { status: 'canceled' });
      });
    },

    async refund(input: { paymentIntentId: string; amountPence: number; idempotencyKey: string }) {
      return db.transaction(async (tx): Promise<ProviderRefund> => {
        const [previous] = await tx
          .select()
          .from(demoRefunds)
          .where(eq(demoRefunds.idempotencyKey, input.idempotencyKey));
        if (previous) return { id: previous.id, amount: previous.amount };
        const row = await lockById(tx, input.paymentIntentId);
        if (row.status !== 'succeeded')
          throw new Error('This PaymentIntent has no successful charge to refund.');
        if (!Number.isInteger(input.amountPence) || input.amountPence <= 0) {
          throw new Error('Refund amount must be a positive whole number of pence.');
        }
        const unrefunded = toIntent(row).amountReceived - row.amountRefunded;
        if (input.amountPence > unrefunded) {
          throw new Error(
            `Refund amount (£${(input.amountPence / 100).toFixed(2)}) is greater than the unrefunded amount on the charge (£${(unrefunded / 100).toFixed(2)}).`,
          );
        }
        const id = `re_demo_${randomId()}`;
        await tx.insert(demoRefunds).values({
          id,
          paymentIntentId: row.id,
          amount: input.amountPence,
          idempotencyKey: input.idempotencyKey,
          createdAt: clock.now(),
        });
        await update(tx, row.id, { amountRefunded: row.amountRefunded + input.amountPence });
        return { id, amount: input.amountPence };
      });
    },

    async replaceSavedCard(paymentMethodId, cardNumber) {
      const digits = cardNumber.replace(/[\s-]/g, '');
      if (!DEMO_TEST_CARDS[digits])
        throw new DemoPaymentError(400, 'not_a_test_card', DEMO_ONLY_TEST_CARDS_MESSAGE);
      await db
        .update(demoPaymentMethods)
        .set({ cardNumber: digits })
        .where(eq(demoPaymentMethods.id, paymentMethodId));
    },

    async confirmWithCard(id, clientSecret, card) {
      return db.transaction(async (tx) => {
        const row = await lockIntent(tx, id, clientSecret);
        if (row.status === 'succeeded' || row.status === 'requires_capture') return toIntent(row);
        if (row.status === 'canceled') {
          throw new DemoPaymentError(
            409,
            'payment_canceled',
            'This payment was cancelled. Please start again.',
          );
        }
        const outcome = checkDemoCard(card, clock.now());
        // A deposit keeps its card for the balance, as Stripe attaches it to the customer.
        const paymentMethodId =
          row.setupFutureUsage && row.customerId && outcome.kind !== 'decline'
            ? await saveCard(tx, row.customerId, card)
            : row.paymentMethodId;
        if (outcome.kind === 'succeed')
          return toIntent(
            await update(tx, id, {
              status: authorised(row),
              lastError: null,
              lastErrorCode: null,
              paymentMethodId,
            }),
          );
        if (outcome.kind === 'authenticate') {
          return toIntent(
            await update(tx, id, { status: 'requires_action', lastError: null, paymentMethodId }),
          );
        }
        return toIntent(
          await update(tx, id, {
            status: 'requires_payment_method',
            lastError: outcome.message,
            lastErrorCode: 'card_declined',
          }),
        );
      });
    },

    async authenticate(id, clientSecret, outcome) {
      return db.transaction(async (tx) => {
        const row = await lockIntent(tx, id, clientSecret);
        if (row.status !== 'requires_action') return toIntent(row);
        if (outcome === 'complete')
          return toIntent(await update(tx, id, { status: authorised(row), lastError: null }));
        return toIntent(
          await update(tx, id, {
            status: 'requires_payment_method',
            lastError: AUTHENTICATION_FAILED_MESSAGE,
          }),
        );
      });
    },
  };
}
