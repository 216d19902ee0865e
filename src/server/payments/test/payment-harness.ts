import { eq } from 'drizzle-orm';
import type { FastifyInstance, HTTPMethods, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { addDays } from '../../../domain/dates.ts';
import { poundsToPence, quoteStay } from '../../../domain/pricing.ts';
import type { Tx } from '../../db/database.ts';
import { stays } from '../../db/schema.ts';
import type { NotificationEvents } from '../../notifications/events.ts';
import { createTestApp, ownerRequests, startSecondProcess, type TestApp } from '../../test/test-app.ts';
import { createPaymentProvider } from '../create-payment-provider.ts';
import type { PaymentProvider } from '../provider.ts';
import {
  STAND_IN_SECRET_KEY,
  STAND_IN_WEBHOOK_SECRET,
  type StripeStandIn,
  startStripeStandIn,
} from './stripe-stand-in.ts';

/**
 * One integration suite, two providers: the same tests drive the demo provider (through its browser endpoints)
 * and the Stripe provider (the official SDK against a local stand-in of Stripe's HTTP API, the test playing
 * Stripe.js's part). Only the "guest pays" step differs.
 */

export type ProviderMode = 'demo' | 'stripe';

export type RecordedNotification = { event: keyof NotificationEvents; stayId: string };

export function createRecordingNotifications(): NotificationEvents & { calls: RecordedNotification[] } {
  const calls: RecordedNotification[] = [];
  const record = (event: keyof NotificationEvents) => async (_tx: Tx, stayId: unknown) => {
    calls.push({ event, stayId: typeof stayId === 'string' ? stayId : JSON.stringify(stayId) });
  };
  return {
    calls,
    bookingConfirmed: record('bookingConfirmed'),
    bookingCanceled: record('bookingCanceled'),
    paymentRefundedNightsTaken: record('paymentRefundedNightsTaken'),
    calendarConflict: record('calendarConflict'),
    feedUnhealthy: record('feedUnhealthy'),
    balancePaid: record('balancePaid'),
    balancePaymentFailed: record('balancePaymentFailed'),
    balanceReminder: record('balanceReminder'),
    balancePaymentLink: record('balancePaymentLink'),
    balanceUnpaidOwnerDecides: record('balanceUnpaidOwnerDecides'),
    alertOpened: record('alertOpened'),
    alertResolved: record('alertResolved'),
    levyReturnDue: record('levyReturnDue'),
  };
}

export type Intent = { paymentIntentId: string; clientSecret: string };

/** Stripe's test cards, which the demo provider answers the same way. */
export const GOOD_CARD = '4242424242424242';
export const DECLINED_CARD = '4000000000000002';
export const AUTHENTICATION_CARD = '4000002500003155';

type TestCard = { number: string; expMonth: number; expYear: number; cvc: string };

/**
 * What the demo card form sends when the guest pays (for `app.inject`): a card number, or the fields that differ
 * from a good test card's.
 */
export function demoConfirmRequest(intent: Intent, card: string | Partial<TestCard> = {}) {
  return {
    method: 'POST' as const,
    url: `/api/demo-payments/${intent.paymentIntentId}/confirm`,
    payload: {
      clientSecret: intent.clientSecret,
      card: {
        number: GOOD_CARD,
        expMonth: 12,
        expYear: 2030,
        cvc: '123',
        ...(typeof card === 'string' ? { number: card } : card),
      },
      postcode: 'AB10 1AA',
    },
  };
}

/** The demo checkout's card form, sent: `POST /api/demo-payments/:id/confirm` (a good test card unless told). */
export function confirmDemoPayment(app: FastifyInstance, intent: Intent, card: Partial<TestCard> = {}) {
  return app.inject(demoConfirmRequest(intent, card));
}

/** What the booking page asks once the guest has paid: `POST /api/payment-success`, which confirms the stay. */
export function reportPaymentSuccess(
  app: FastifyInstance,
  paid: { paymentIntentId: string; bookingId: string },
) {
  return app.inject({ method: 'POST', url: '/api/payment-success', payload: paid });
}

export type PaymentHarness = {
  mode: ProviderMode;
  t: TestApp;
  notifications: ReturnType<typeof createRecordingNotifications>;
  /** The same provider the app uses (same database or same stand-in), for what a test does behind its back. */
  provider: PaymentProvider;
  standIn: StripeStandIn | undefined;
  /** The guest pays with a card: Stripe.js (stand-in) or the demo endpoint. */
  pay(intent: Intent, cardNumber: string): Promise<{ status: string; error: string | null }>;
  authenticate(intent: Intent, ok: boolean): Promise<{ status: string }>;
  /**
   * The guest books on the booking page agreeing to the card being saved (for a balance or a damage deposit) and
   * pays with `card`, authenticating if the bank asks: the booking's id, once the payment is recorded.
   */
  bookWithSavedCard(dates: { checkInDate: string; checkOutDate: string }, card?: string): Promise<string>;
  /** A request as the owner, signed in afresh (the tests' clock moves weeks, past a session's life). */
  asOwner(
    method: HTTPMethods,
    url: string,
    payload?: InjectOptions['payload'],
  ): Promise<LightMyRequestResponse>;
  /** The second server process on the same database (option `secondProcess`), for two job runs at once. */
  secondApp(): FastifyInstance;
  close(): Promise<void>;
};

export type PaymentHarnessOptions = {
  /** The app's real notifications (e-mail through the outbox) instead of the recording fake. */
  emailNotifications?: boolean;
  /** Start a second server process on the same database too, sharing the recording notifications. */
  secondProcess?: boolean;
  /** Extra wiring of the app (e.g. a recording fake of a third party's interface). */
  overrides?: Parameters<typeof createTestApp>[0] extends infer O
    ? O extends { overrides?: infer W }
      ? W
      : never
    : never;
};

export async function createPaymentHarness(
  mode: ProviderMode,
  options: PaymentHarnessOptions = {},
): Promise<PaymentHarness> {
  const standIn = mode === 'stripe' ? await startStripeStandIn() : undefined;
  const notifications = createRecordingNotifications();
  const env: Record<string, string> = standIn
    ? {
        STRIPE_SECRET_KEY: STAND_IN_SECRET_KEY,
        STRIPE_PUBLISHABLE_KEY: 'pk_test_stand_in',
        STRIPE_WEBHOOK_SECRET: STAND_IN_WEBHOOK_SECRET,
        STRIPE_API_BASE: standIn.url,
      }
    : {};
  const t = await createTestApp({
    env,
    notifications: options.emailNotifications ? undefined : notifications,
    ...(options.overrides ? { overrides: options.overrides } : {}),
  });
  const provider = createPaymentProvider(t.config, t.database.db, t.clock);
  const second = options.secondProcess ? await startSecondProcess(t, { notifications }) : undefined;

  const harness: PaymentHarness = {
    mode,
    t,
    notifications,
    provider,
    standIn,
    async pay(intent, cardNumber) {
      if (standIn) {
        const paid = standIn.pay(intent.paymentIntentId, cardNumber);
        return { status: paid.status, error: paid.last_payment_error?.message ?? null };
      }
      const response = await confirmDemoPayment(t.app, intent, { number: cardNumber });
      if (response.statusCode !== 200) throw new Error(`demo confirm failed: ${response.body}`);
      return response.json();
    },
    async authenticate(intent, ok) {
      if (standIn) return { status: standIn.authenticate(intent.paymentIntentId, ok).status };
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/demo-payments/${intent.paymentIntentId}/authenticate`,
        payload: { clientSecret: intent.clientSecret, outcome: ok ? 'complete' : 'fail' },
      });
      return response.json();
    },
    async bookWithSavedCard(dates, card = GOOD_CARD) {
      const held = await t.app.inject({
        method: 'POST',
        url: '/api/create-payment-intent',
        payload: { ...bookingPageRequest(dates), saveCardConsent: true },
      });
      expect(held.statusCode, held.body).toBe(200);
      const intent: Intent = {
        paymentIntentId: held.json().paymentIntentId,
        clientSecret: held.json().clientSecret,
      };
      const paid = await harness.pay(intent, card);
      if (paid.status === 'requires_action')
        expect((await harness.authenticate(intent, true)).status).toBe('succeeded');
      else expect(paid.status).toBe('succeeded');
      const booked = await reportPaymentSuccess(t.app, {
        paymentIntentId: intent.paymentIntentId,
        bookingId: held.json().bookingId,
      });
      expect(booked.statusCode, booked.body).toBe(200);
      return held.json().bookingId as string;
    },
    asOwner: ownerRequests(t.app),
    secondApp() {
      if (!second) throw new Error('the harness was made without a second process (option secondProcess)');
      return second.app;
    },
    async close() {
      await second?.close();
      await t.close();
      await standIn?.close();
    },
  };
  return harness;
}

/**
 * A harness for the enclosing describe block: made before its tests and closed after them. The object returned
 * stands for it (read it inside the tests and hooks, not while the block is being declared).
 */
export function usePaymentHarness(mode: ProviderMode, options: PaymentHarnessOptions = {}): PaymentHarness {
  let harness: PaymentHarness | undefined;
  beforeAll(async () => {
    harness = await createPaymentHarness(mode, options);
  });
  afterAll(async () => {
    harness?.standIn?.outage(false);
    await harness?.close();
  });
  return new Proxy({} as PaymentHarness, {
    get(_target, key) {
      if (!harness) throw new Error('The payment harness is made before the tests: read it inside them.');
      return harness[key as keyof PaymentHarness];
    },
  });
}

/** A stay the rules accept, `weeksAhead` weeks after TEST_NOW's Monday (3 weekday nights, Mon–Thu). */
export function stayDates(weeksAhead: number, nights = 3) {
  const checkInDate = addDays('2026-11-23', 7 * weeksAhead);
  return { checkInDate, checkOutDate: addDays(checkInDate, nights) };
}

export function bookingPageRequest(
  dates: { checkInDate: string; checkOutDate: string },
  overrides: { guest?: string; holdToken?: string; amount?: number; payment_method_types?: string[] } = {},
) {
  const quote = quoteStay(dates.checkInDate, dates.checkOutDate);
  const guest = overrides.guest ?? 'Ada Lovelace';
  return {
    amount: overrides.amount ?? poundsToPence(quote.total),
    currency: 'gbp',
    booking: {
      propertyId: 1,
      ...dates,
      guestCount: 2,
      contactName: guest,
      contactEmail: `${guest.toLowerCase().replace(/\W+/g, '.')}@example.test`,
      contactPhone: '',
      specialRequests: '',
      totalPrice: quote.total,
      status: 'confirmed',
    },
    ...(overrides.holdToken ? { holdToken: overrides.holdToken } : {}),
    ...(overrides.payment_method_types ? { payment_method_types: overrides.payment_method_types } : {}),
  };
}

/** The booking page's checkout for these dates: the hold and its payment intent (`POST /api/create-payment-intent`). */
export function startCheckout(
  app: FastifyInstance,
  dates: { checkInDate: string; checkOutDate: string },
  overrides: Parameters<typeof bookingPageRequest>[1] = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    payload: bookingPageRequest(dates, overrides),
  });
}

/** The booking page's POST /api/bookings payload after paying. */
export function bookingPayload(
  dates: { checkInDate: string; checkOutDate: string },
  paymentIntentId?: string,
) {
  const request = bookingPageRequest(dates);
  return { ...request.booking, ...(paymentIntentId ? { paymentIntentId } : {}) };
}

export async function readStay(t: Pick<TestApp, 'database'>, id: string) {
  const [row] = await t.database.db.select().from(stays).where(eq(stays.id, id));
  return row;
}
