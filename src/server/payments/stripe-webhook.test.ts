import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app.ts';
import {
  bookingPayload,
  DECLINED_CARD,
  GOOD_CARD,
  readStay,
  startCheckout,
  stayDates,
  usePaymentHarness,
} from './test/payment-harness.ts';

describe('POST /api/stripe/webhook', () => {
  const h = usePaymentHarness('stripe');

  const holdFor = async (weeksAhead: number) => {
    const response = await startCheckout(h.t.app, stayDates(weeksAhead));
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as {
      bookingId: string;
      paymentIntentId: string;
      clientSecret: string;
      amount: number;
    };
  };
  const deliver = (event: { payload: string; headers: Record<string, string> }) =>
    h.t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      payload: event.payload,
      headers: event.headers,
    });
  const standIn = () => h.standIn!;

  it('confirms the booking from payment_intent.succeeded alone, for a guest who never comes back', async () => {
    const held = await holdFor(2);
    standIn().pay(held.paymentIntentId, GOOD_CARD);
    const response = await deliver(standIn().signedEvent('payment_intent.succeeded', held.paymentIntentId));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ received: true, result: 'confirmed' });
    expect(await readStay(h.t, held.bookingId)).toMatchObject({
      status: 'confirmed',
      paymentIntentId: held.paymentIntentId,
      paidPence: held.amount,
    });
    expect(h.notifications.calls.filter((c) => c.stayId === held.bookingId)).toHaveLength(1);
  });

  it('is harmless when replayed, and the page’s later confirmation returns the same booking', async () => {
    const held = await holdFor(3);
    standIn().pay(held.paymentIntentId, GOOD_CARD);
    const event = standIn().signedEvent('payment_intent.succeeded', held.paymentIntentId);
    for (let i = 0; i < 3; i++) expect((await deliver(event)).statusCode).toBe(200);
    const page = await h.t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: bookingPayload(stayDates(3), held.paymentIntentId),
    });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ id: held.bookingId, status: 'confirmed' });
    expect(h.notifications.calls.filter((c) => c.stayId === held.bookingId)).toEqual([
      { event: 'bookingConfirmed', stayId: held.bookingId },
    ]);
  });

  it('answers 400 to a bad signature and to a body changed after signing, and changes nothing', async () => {
    const held = await holdFor(4);
    standIn().pay(held.paymentIntentId, GOOD_CARD);
    const wrongSecret = standIn().signedEvent(
      'payment_intent.succeeded',
      held.paymentIntentId,
      'whsec_wrong',
    );
    const bad = await deliver(wrongSecret);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('invalid_signature');

    const genuine = standIn().signedEvent('payment_intent.succeeded', held.paymentIntentId);
    const changed = await deliver({
      ...genuine,
      payload: genuine.payload.replace('"livemode":false', '"livemode":true'),
    });
    expect(changed.statusCode).toBe(400);
    const unsigned = await h.t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      payload: genuine.payload,
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.statusCode).toBe(400);
    expect((await readStay(h.t, held.bookingId))?.status).toBe('pending');
  });

  /** A signed succeeded event for the hold is received (200) but ignored: the stay stays pending. */
  const expectSucceededEventIgnored = async (held: { paymentIntentId: string; bookingId: string }) => {
    const response = await deliver(standIn().signedEvent('payment_intent.succeeded', held.paymentIntentId));
    expect(response.statusCode).toBe(200);
    expect(response.json().result).toBe('ignored');
    expect((await readStay(h.t, held.bookingId))?.status).toBe('pending');
  };

  it('does not confirm on an event whose intent did not succeed, whatever the event claims', async () => {
    const held = await holdFor(5);
    standIn().pay(held.paymentIntentId, DECLINED_CARD);
    // A succeeded event for an intent that was in fact declined (forged copy or out of order): we retrieve it.
    await expectSucceededEventIgnored(held);
  });

  it('keeps the hold on payment_failed so the guest can retry, and a late failed event after success is harmless', async () => {
    const held = await holdFor(6);
    standIn().pay(held.paymentIntentId, DECLINED_CARD);
    const failed = standIn().signedEvent('payment_intent.payment_failed', held.paymentIntentId);
    expect((await deliver(failed)).statusCode).toBe(200);
    expect((await readStay(h.t, held.bookingId))?.status).toBe('pending');

    standIn().pay(held.paymentIntentId, GOOD_CARD);
    expect(
      (await deliver(standIn().signedEvent('payment_intent.succeeded', held.paymentIntentId))).statusCode,
    ).toBe(200);
    expect((await deliver(failed)).statusCode).toBe(200); // delivered again, out of order
    expect((await readStay(h.t, held.bookingId))?.status).toBe('confirmed');
  });

  it('releases the hold when the payment intent is canceled', async () => {
    const held = await holdFor(7);
    await h.provider.cancelPaymentIntent(held.paymentIntentId);
    const response = await deliver(standIn().signedEvent('payment_intent.canceled', held.paymentIntentId));
    expect(response.json().result).toBe('released');
    expect((await readStay(h.t, held.bookingId))?.status).toBe('expired');
    const other = await startCheckout(h.t.app, stayDates(7), { guest: 'Another Guest' });
    expect(other.statusCode).toBe(200);
  });

  it('does not confirm a booking from a succeeded payment of a tampered amount', async () => {
    const held = await holdFor(8);
    standIn().pay(held.paymentIntentId, GOOD_CARD);
    standIn().tamper(held.paymentIntentId, { amount: 100 });
    await expectSucceededEventIgnored(held);
  });

  it('ignores other event types', async () => {
    const held = await holdFor(9);
    const response = await deliver(standIn().signedEvent('charge.updated', held.paymentIntentId));
    expect(response.json()).toEqual({ received: true, result: 'ignored' });
  });
});

describe('POST /api/stripe/webhook in demo mode', () => {
  it('answers 404: there are no Stripe webhooks without Stripe', async () => {
    const t = await createTestApp();
    try {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/stripe/webhook',
        payload: '{}',
        headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toBe('webhooks_not_configured');
    } finally {
      await t.close();
    }
  });
});
