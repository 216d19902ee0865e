import { describe, expect, it } from 'vitest';
import type { DemoPaymentProvider } from './demo-provider.ts';
import { holdOutcome, type OffSessionChargeInput } from './provider.ts';
import { usePaymentHarness } from './test/payment-harness.ts';

/**
 * Holding an amount on a guest's saved card and taking part of it later (manual capture), on both providers: the
 * demo provider behaves as Stripe's API does (its stand-in here), with Stripe's test cards
 * (https://docs.stripe.com/payments/place-a-hold-on-a-payment-method). The damage deposit is built on these calls
 * (docs/decisions/031-damage-deposit-hold.md).
 */

const GOOD_CARD = '4242424242424242';
const INSUFFICIENT_FUNDS = '4000000000009995';
const HOLD = 20_000;

describe.each(['demo', 'stripe'] as const)('a hold on a saved card with the %s provider', (mode) => {
  const h = usePaymentHarness(mode);
  let saved = 0;

  /** A guest's card saved at booking (a deposit's payment), as the booking page saves it. */
  async function savedCard(card = GOOD_CARD) {
    saved += 1;
    const customer = await h.provider.createCustomer({
      email: 'guest@example.com',
      name: 'Ada Guest',
      idempotencyKey: `customer-hold-${mode}-${saved}`,
    });
    const intent = await h.provider.createPaymentIntent({
      amountPence: 10_000,
      currency: 'gbp',
      metadata: { bookingId: `hold-test-${saved}` },
      idempotencyKey: `deposit-hold-${mode}-${saved}`,
      customerId: customer.id,
      saveCard: true,
    });
    const paid = await h.pay({ paymentIntentId: intent.id, clientSecret: intent.clientSecret }, card);
    expect(paid.status).toBe('succeeded');
    const after = await h.provider.retrievePaymentIntent(intent.id);
    return { customerId: customer.id, paymentMethodId: after!.paymentMethodId! };
  }

  async function replaceCard(paymentMethodId: string, card: string) {
    if (h.standIn) h.standIn.replaceCard(paymentMethodId, card);
    else await (h.provider as DemoPaymentProvider).replaceSavedCard!(paymentMethodId, card);
  }

  const holdInput = (
    card: { customerId: string; paymentMethodId: string },
    key: string,
  ): OffSessionChargeInput => ({
    ...card,
    amountPence: HOLD,
    currency: 'gbp',
    metadata: { bookingId: 'hold-test', instalment: 'damage_hold' },
    idempotencyKey: `${mode}-${key}`,
  });

  it('holds the amount without taking it, then takes part of it and releases the rest', async () => {
    const card = await savedCard();
    const held = await h.provider.holdOffSession(holdInput(card, 'hold-1'));
    expect(holdOutcome(held)).toBe('held');
    expect(held).toMatchObject({ status: 'requires_capture', amount: HOLD, amountReceived: 0 });

    const captured = await h.provider.capturePaymentIntent({
      paymentIntentId: held.id,
      amountPence: 7_550,
      idempotencyKey: `${mode}-capture-1`,
    });
    expect(captured).toMatchObject({ status: 'succeeded', amount: HOLD, amountReceived: 7_550 });
    // The same capture again (a retried job) takes nothing more.
    const again = await h.provider.capturePaymentIntent({
      paymentIntentId: held.id,
      amountPence: 7_550,
      idempotencyKey: `${mode}-capture-1`,
    });
    expect(again.amountReceived).toBe(7_550);
    expect((await h.provider.retrievePaymentIntent(held.id))?.amountReceived).toBe(7_550);
    // What was released cannot be refunded: only what was taken.
    await expect(
      h.provider.refund({ paymentIntentId: held.id, amountPence: 7_551, idempotencyKey: `${mode}-refund-1` }),
    ).rejects.toThrow(/greater than/);
  });

  it('releases a whole hold by cancelling it, after which it cannot be captured', async () => {
    const card = await savedCard();
    const held = await h.provider.holdOffSession(holdInput(card, 'hold-2'));
    await h.provider.cancelPaymentIntent(held.id);
    expect((await h.provider.retrievePaymentIntent(held.id))?.status).toBe('canceled');
    await expect(
      h.provider.capturePaymentIntent({
        paymentIntentId: held.id,
        amountPence: 1_000,
        idempotencyKey: `${mode}-capture-2`,
      }),
    ).rejects.toThrow(/could not be captured because it has a status of canceled/);
  });

  it('refuses to capture more than the hold', async () => {
    const card = await savedCard();
    const held = await h.provider.holdOffSession(holdInput(card, 'hold-3'));
    await expect(
      h.provider.capturePaymentIntent({
        paymentIntentId: held.id,
        amountPence: HOLD + 1,
        idempotencyKey: `${mode}-capture-3`,
      }),
    ).rejects.toThrow(/amount to capture must be/);
    expect((await h.provider.retrievePaymentIntent(held.id))?.status).toBe('requires_capture');
  });

  it('answers a declined hold as declined, with the bank’s words, and holds nothing', async () => {
    const card = await savedCard();
    await replaceCard(card.paymentMethodId, INSUFFICIENT_FUNDS);
    const declined = await h.provider.holdOffSession(holdInput(card, 'hold-4'));
    expect(holdOutcome(declined)).toBe('declined');
    expect(declined).toMatchObject({ status: 'requires_payment_method', amountReceived: 0 });
    expect(declined.lastError).toBe('Your card has insufficient funds.');
  });

  it('places one hold for one key, however often it is asked', async () => {
    const card = await savedCard();
    const first = await h.provider.holdOffSession(holdInput(card, 'hold-5'));
    const second = await h.provider.holdOffSession(holdInput(card, 'hold-5'));
    expect(second.id).toBe(first.id);
  });
});
