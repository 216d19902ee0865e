import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectRefusal } from '../test/refusal.ts';
import { adminToken, createTestApp, type TestApp } from '../test/test-app.ts';
import { bookingPageRequest, stayDates } from './test/payment-harness.ts';
import { STAND_IN_SECRET_KEY, type StripeStandIn, startStripeStandIn } from './test/stripe-stand-in.ts';

/**
 * A public production site started with neither Stripe's keys nor PAYMENTS=demo (docs/decisions/024-settings-in-
 * the-admin.md): it serves its pages with payments off — never demo payments (spec README, "Demo payments") —
 * holds no night, and takes payments as soon as the owner enters the keys in the admin, without a restart.
 */

let standIn: StripeStandIn;
let t: TestApp;
let token: string;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  t = await createTestApp({
    env: {
      NODE_ENV: 'production',
      // A public address the site never calls: it only decides that demo payments may not run.
      SITE_URL: 'https://thetower.example',
      STRIPE_API_BASE: standIn.url,
      SECRET_KEY: 'a-test-secret-key-of-at-least-32-characters',
    },
  });
  token = await adminToken(t.app);
});

afterAll(async () => {
  await t?.close();
  await standIn?.close();
});

const clientConfig = async () => (await t.app.inject({ method: 'GET', url: '/api/config' })).json();
const hold = () =>
  t.app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    payload: bookingPageRequest(stayDates(6)),
  });
const admin = (method: 'GET' | 'PUT', url: string, payload?: Record<string, unknown>) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  });
const unavailableNights = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/unavailable-dates/1' })).json().unavailableDates;

describe('a public site without Stripe’s keys', () => {
  it('starts with payments off, holds no night and tells the guest how to book', async () => {
    expect(t.config.payments.mode).toBe('off');
    expect(await clientConfig()).toEqual({ payments: 'off', damageHold: null });

    const before = await unavailableNights();
    const response = await hold();
    expectRefusal(response, 503, {
      error: 'payments_off',
      message: 'Online payment is not open yet. Please contact us and we will book these dates for you.',
    });
    expect(await unavailableNights()).toEqual(before);
    // The demo card form's calls do not exist: nothing can be paid with a test card on a public site.
    const demo = await t.app.inject({
      method: 'POST',
      url: '/api/demo-payments/1/confirm',
      payload: { clientSecret: 'x', card: {} },
    });
    expect(demo.statusCode).toBe(404);
  });

  it('tells the owner in the checklist and the Payments tab', async () => {
    const checklist = (await admin('GET', '/api/admin/go-live')).json();
    const payments = checklist.items.find((item: { id: string }) => item.id === 'payments');
    expect(payments).toMatchObject({
      done: false,
      detail: 'Guests cannot book yet: enter your Stripe keys in the Payments tab to take payments.',
    });
    expect(checklist.offerDemoTick).toBe(false);
    expect((await admin('GET', '/api/admin/settings/stripe')).json()).toMatchObject({
      mode: 'off',
      fromEnvironment: [],
    });
  });

  it('takes payments through Stripe once the owner saves the keys, without a restart', async () => {
    const saved = await admin('PUT', '/api/admin/settings/stripe', {
      publishableKey: 'pk_test_standInPublishable',
      secretKey: STAND_IN_SECRET_KEY,
    });
    expect(saved.statusCode).toBe(200);
    expect(await clientConfig()).toEqual({
      payments: 'stripe',
      stripePublishableKey: 'pk_test_standInPublishable',
      damageHold: null,
    });
    const response = await hold();
    expect(response.statusCode).toBe(200);
    expect(response.json().client_secret).toMatch(/^pi_/);
  });
});
