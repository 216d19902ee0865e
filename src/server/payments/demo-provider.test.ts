import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectRefusal } from '../test/refusal.ts';
import { DEMO_ONLY_TEST_CARDS_MESSAGE } from './demo-provider.ts';
import {
  confirmDemoPayment,
  createPaymentHarness,
  type PaymentHarness,
  startCheckout,
  stayDates,
  usePaymentHarness,
} from './test/payment-harness.ts';

describe('POST /api/demo-payments/{id}/confirm', () => {
  let h: PaymentHarness;
  let intent: { paymentIntentId: string; clientSecret: string };
  beforeAll(async () => {
    h = await createPaymentHarness('demo');
    const held = await startCheckout(h.t.app, stayDates(2));
    intent = held.json();
  });
  afterAll(async () => {
    await h.close();
  });

  const confirm = (
    card: Partial<{ number: string; expMonth: number; expYear: number; cvc: string }>,
    secret?: string,
  ) =>
    confirmDemoPayment(
      h.t.app,
      { paymentIntentId: intent.paymentIntentId, clientSecret: secret ?? intent.clientSecret },
      { number: '4242 4242 4242 4242', ...card },
    );

  it('refuses any number that is not one of Stripe’s test cards, so a real card is never taken', async () => {
    const response = await confirm({ number: '4111 1111 1111 1112' });
    expectRefusal(response, 400, { error: 'not_a_test_card', message: DEMO_ONLY_TEST_CARDS_MESSAGE });
    expect((await h.provider.retrievePaymentIntent(intent.paymentIntentId))?.status).toBe(
      'requires_payment_method',
    );
  });

  it('refuses an expiry in the past (the clock is November 2026) and accepts a two-digit year', async () => {
    expect((await confirm({ expMonth: 10, expYear: 2026 })).json().error).toBe('invalid_expiry');
    expect((await confirm({ expMonth: 10, expYear: 26 })).json().error).toBe('invalid_expiry');
    expect((await confirm({ expMonth: 11, expYear: 26, number: '4000000000000002' })).statusCode).toBe(200);
  });

  it('requires a 3-digit CVC', async () => {
    const response = await confirm({ cvc: '12' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('invalid_cvc');
  });

  it('answers 404 for a wrong client secret', async () => {
    expect((await confirm({}, `${intent.paymentIntentId}_secret_wrong`)).statusCode).toBe(404);
  });

  it('a failed authentication leaves the intent payable with Stripe’s message', async () => {
    expect((await confirm({ number: '4000002500003155' })).json()).toMatchObject({
      status: 'requires_action',
      nextAction: 'authenticate',
    });
    const failed = await h.authenticate(intent, false);
    expect(failed).toMatchObject({ status: 'requires_payment_method' });
    expect((await confirm({})).json()).toMatchObject({ status: 'succeeded', error: null });
  });
});

describe('demo payment endpoints with Stripe configured', () => {
  const h = usePaymentHarness('stripe');

  it('do not exist', async () => {
    const response = await h.t.app.inject({
      method: 'POST',
      url: '/api/demo-payments/pi_x/confirm',
      payload: {
        clientSecret: 'x',
        card: { number: '4242424242424242', expMonth: 1, expYear: 2030, cvc: '123' },
      },
    });
    expect(response.statusCode).toBe(404);
  });
});
