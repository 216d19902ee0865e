import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, settings } from '../db/schema.ts';
import { signedInTestApp } from '../test/per-file.ts';
import { expectOwnerOnly, expectRefusal } from '../test/refusal.ts';
import { adminToken, createTestApp } from '../test/test-app.ts';
import { STRIPE_KEYS_SETTING } from './payment-settings.ts';
import {
  bookingPageRequest,
  demoConfirmRequest,
  GOOD_CARD,
  readStay,
  stayDates,
} from './test/payment-harness.ts';
import {
  STAND_IN_ACCOUNT_ID,
  STAND_IN_SECRET_KEY,
  STAND_IN_WEBHOOK_SECRET,
  type StripeStandIn,
  startStripeStandIn,
} from './test/stripe-stand-in.ts';

/**
 * Stripe's keys entered in the admin (docs/decisions/024-settings-in-the-admin.md): checked with Stripe's account
 * endpoint (the local stand-in of its HTTP API) before they are stored, sealed, never sent back nor logged, and
 * used by the next payment without a restart. The app starts on demo payments (no keys in its environment).
 */

const WRONG_SECRET_KEY = 'sk_test_wrongWrongWrong0000000000';
const PUBLISHABLE_KEY = 'pk_test_standInPublishable';

let standIn: StripeStandIn;
const logLines: string[] = [];

// Registered before the app's: vitest runs afterAll hooks last-registered first, so the app closes before its
// stand-in does.
afterAll(async () => {
  await standIn?.close();
});
const t = signedInTestApp(async () => {
  standIn = await startStripeStandIn();
  return {
    env: {
      STRIPE_API_BASE: standIn.url,
      SECRET_KEY: 'a-test-secret-key-of-at-least-32-characters',
      LOG_LEVEL: 'trace',
    },
    overrides: {
      logger: true,
      logStream: new Writable({
        write(chunk, _encoding, callback) {
          logLines.push(String(chunk));
          callback();
        },
      }),
    },
  };
});

const admin = (method: 'GET' | 'PUT', payload?: Record<string, unknown>) =>
  t.asOwner(method, '/api/admin/settings/stripe', payload);
const storedRow = async () =>
  (await t.database.db.select().from(settings).where(eq(settings.key, STRIPE_KEYS_SETTING)))[0];
const clientConfig = async () => (await t.app.inject({ method: 'GET', url: '/api/config' })).json();
const hold = (weeksAhead: number) =>
  t.app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    payload: bookingPageRequest(stayDates(weeksAhead)),
  });

describe('the Stripe keys in the admin', () => {
  it('answers 401 without the owner’s session', async () => {
    await expectOwnerOnly(
      t.app,
      { method: 'GET', url: '/api/admin/settings/stripe' },
      { method: 'PUT', url: '/api/admin/settings/stripe', payload: {} },
    );
  });

  it('shows demo payments and no keys before any is entered', async () => {
    const response = await admin('GET');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      mode: 'demo',
      publishableKey: null,
      secretKeyLast4: null,
      webhookSecretLast4: null,
      fromEnvironment: [],
    });
  });

  it('refuses a key that is not a Stripe key with invalid_input and a sentence', async () => {
    const response = await admin('PUT', { publishableKey: 'hello', secretKey: STAND_IN_SECRET_KEY });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'invalid_input',
      message: expect.stringContaining('The publishable key starts with pk_live_'),
    });
  });

  it('refuses a live publishable key with a test secret key, before asking Stripe', async () => {
    const asked = standIn.requests.length;
    // A publishable key is public by design; no secret in the repository looks like a live one.
    const response = await admin('PUT', {
      publishableKey: 'pk_live_standInPublishable',
      secretKey: STAND_IN_SECRET_KEY,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      'The publishable key and the secret key are of different modes: use both test keys or both live keys.',
    );
    expect(standIn.requests.length).toBe(asked);
  });

  it('refuses a wrong secret key with a sentence, after asking Stripe, and stores nothing', async () => {
    const response = await admin('PUT', { publishableKey: PUBLISHABLE_KEY, secretKey: WRONG_SECRET_KEY });
    expectRefusal(response, 400, {
      error: 'stripe_keys_refused',
      message:
        'Stripe did not accept this secret key. Copy it again from Stripe’s dashboard (Developers, API keys).',
    });
    expect(standIn.requests.at(-1)).toMatchObject({ method: 'GET', path: '/v1/account' });
    expect(await storedRow()).toBeUndefined();
    expect(await clientConfig()).toEqual({ payments: 'demo', damageHold: null });
  });

  it('says so when Stripe cannot be reached, and stores nothing', async () => {
    standIn.outage(true);
    try {
      const response = await admin('PUT', {
        publishableKey: PUBLISHABLE_KEY,
        secretKey: STAND_IN_SECRET_KEY,
      });
      expect(response.statusCode).toBe(502);
      expect(response.json().message).toMatch(
        /^Stripe could not be reached to check the keys\. Nothing was saved/,
      );
    } finally {
      standIn.outage(false);
    }
    expect(await storedRow()).toBeUndefined();
  });

  describe('going from demo payments to Stripe', () => {
    let demoHold: { bookingId: string; paymentIntentId: string; clientSecret: string };
    let demoBooking: { bookingId: string; paymentIntentId: string; clientSecret: string };

    beforeAll(async () => {
      // A test booking paid in demo mode before going live…
      demoBooking = (await hold(6)).json();
      expect((await t.app.inject(demoConfirmRequest(demoBooking, GOOD_CARD))).statusCode).toBe(200);
      const paid = await t.app.inject({
        method: 'POST',
        url: '/api/payment-success',
        payload: { paymentIntentId: demoBooking.paymentIntentId, bookingId: demoBooking.bookingId },
      });
      expect(paid.statusCode, paid.body).toBe(200);
      // …and a guest at the demo card form when the owner saves the keys.
      const response = await hold(2);
      expect(response.statusCode).toBe(200);
      demoHold = response.json();
      expect(demoHold.paymentIntentId).toMatch(/^pi_demo_/);
    });

    it('stores the right keys sealed, and shows only their last four characters', async () => {
      const response = await admin('PUT', {
        publishableKey: PUBLISHABLE_KEY,
        secretKey: STAND_IN_SECRET_KEY,
        webhookSecret: STAND_IN_WEBHOOK_SECRET,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({
        mode: 'stripe',
        publishableKey: PUBLISHABLE_KEY,
        secretKeyLast4: STAND_IN_SECRET_KEY.slice(-4),
        webhookSecretLast4: STAND_IN_WEBHOOK_SECRET.slice(-4),
        fromEnvironment: [],
      });
      const stored = JSON.stringify((await storedRow())?.value);
      expect(stored).toContain(PUBLISHABLE_KEY); // not a secret: Stripe.js is given it
      for (const secret of [STAND_IN_SECRET_KEY, STAND_IN_WEBHOOK_SECRET]) {
        expect(stored).not.toContain(secret);
        expect(stored).not.toContain(Buffer.from(secret).toString('base64'));
        expect((await admin('GET')).body).not.toContain(secret);
      }
      const [entry] = await t.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'payments.stripe_keys_set'));
      expect(entry?.details).toMatchObject({ account: STAND_IN_ACCOUNT_ID, mode: 'test' });
      expect(JSON.stringify(entry?.details)).not.toContain(STAND_IN_SECRET_KEY);
    });

    it('hands the publishable key to the next guest, without a restart', async () => {
      expect(await clientConfig()).toEqual({
        payments: 'stripe',
        stripePublishableKey: PUBLISHABLE_KEY,
        damageHold: null,
      });
      const page = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(page.headers['content-security-policy']).toContain('https://js.stripe.com');
    });

    it('takes the next payment through Stripe with the saved key', async () => {
      const response = await hold(4);
      expect(response.statusCode, response.body).toBe(200);
      const { paymentIntentId, bookingId } = response.json();
      expect(standIn.intents.has(paymentIntentId)).toBe(true);
      standIn.pay(paymentIntentId, GOOD_CARD);
      const paid = await t.app.inject({
        method: 'POST',
        url: '/api/payment-success',
        payload: { paymentIntentId, bookingId },
      });
      expect(paid.statusCode, paid.body).toBe(200);
      expect((await readStay(t, bookingId))?.status).toBe('confirmed');
    });

    it('checks Stripe’s webhooks with the saved signing secret', async () => {
      const intentId = [...standIn.intents.keys()].at(-1)!;
      const event = standIn.signedEvent('payment_intent.succeeded', intentId);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/stripe/webhook',
        headers: event.headers,
        payload: event.payload,
      });
      expect(response.statusCode, response.body).toBe(200);
    });

    it('refuses to complete a hold begun in demo mode, which then lapses and frees its nights', async () => {
      const response = await t.app.inject(demoConfirmRequest(demoHold, GOOD_CARD));
      expectRefusal(response, 409, {
        error: 'demo_payments_off',
        message:
          'This site now takes card payments through Stripe, so this demo payment cannot be completed. Please start your booking again.',
      });
      t.clock.advance((t.config.holdMinutes + 1) * 60_000);
      expect(await t.app.jobs.run('hold-sweep')).toContain(demoHold.bookingId);
      expect((await readStay(t, demoHold.bookingId))?.status).toBe('expired');
      // Its demo intent was never looked up at Stripe.
      expect(standIn.requests.some((r) => r.path.includes(demoHold.paymentIntentId))).toBe(false);
    });

    it('refunds a booking paid in demo mode in demo storage, never at Stripe', async () => {
      const cancelled = await t.app.inject({
        method: 'POST',
        url: `/api/bookings/${demoBooking.bookingId}/cancel`,
        headers: t.auth(),
        payload: { byOwner: true },
      });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(cancelled.json().refundPence).toBeGreaterThan(0);
      expect((await readStay(t, demoBooking.bookingId))?.status).toBe('canceled');
      expect(standIn.requests.some((r) => r.path === '/v1/refunds')).toBe(false);
    });

    it('keeps the stored secret when the form leaves it blank, and checks it again', async () => {
      const asked = standIn.requests.length;
      const response = await admin('PUT', { publishableKey: PUBLISHABLE_KEY, secretKey: '' });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().secretKeyLast4).toBe(STAND_IN_SECRET_KEY.slice(-4));
      expect(standIn.requests.slice(asked)).toContainEqual(
        expect.objectContaining({ method: 'GET', path: '/v1/account' }),
      );
    });

    it('never writes a secret to the logs, even at trace level', () => {
      const logText = logLines.join('');
      expect(logText).toContain('/api/admin/settings/stripe'); // the logs were captured
      for (const secret of [STAND_IN_SECRET_KEY, WRONG_SECRET_KEY, STAND_IN_WEBHOOK_SECRET]) {
        expect(logText.includes(secret), secret).toBe(false);
      }
    });
  });
});

describe('Stripe settings the environment sets', () => {
  it('wins over the admin: PAYMENTS=demo shows read-only, and a save is refused with a sentence', async () => {
    const demo = await createTestApp({ env: { PAYMENTS: 'demo' } });
    try {
      const headers = { authorization: `Bearer ${await adminToken(demo.app)}` };
      const view = await demo.app.inject({ method: 'GET', url: '/api/admin/settings/stripe', headers });
      expect(view.json()).toMatchObject({ mode: 'demo', fromEnvironment: ['payments'] });
      const save = await demo.app.inject({
        method: 'PUT',
        url: '/api/admin/settings/stripe',
        headers,
        payload: { publishableKey: PUBLISHABLE_KEY, secretKey: STAND_IN_SECRET_KEY },
      });
      expect(save.statusCode).toBe(409);
      expect(save.json()).toEqual({
        error: 'set_by_environment',
        message: expect.stringMatching(/PAYMENTS=demo/),
      });
    } finally {
      await demo.close();
    }
  });

  it('shows keys from the environment by their last four characters, as set by it', async () => {
    const stripe = await createTestApp({
      env: {
        STRIPE_SECRET_KEY: STAND_IN_SECRET_KEY,
        STRIPE_PUBLISHABLE_KEY: 'pk_test_fromEnvironment',
        STRIPE_API_BASE: standIn.url,
      },
    });
    try {
      const headers = { authorization: `Bearer ${await adminToken(stripe.app)}` };
      const view = await stripe.app.inject({ method: 'GET', url: '/api/admin/settings/stripe', headers });
      expect(view.json()).toEqual({
        mode: 'stripe',
        publishableKey: 'pk_test_fromEnvironment',
        secretKeyLast4: STAND_IN_SECRET_KEY.slice(-4),
        webhookSecretLast4: null,
        fromEnvironment: ['publishableKey', 'secretKey'],
      });
      expect(view.body).not.toContain(STAND_IN_SECRET_KEY);
    } finally {
      await stripe.close();
    }
  });
});
