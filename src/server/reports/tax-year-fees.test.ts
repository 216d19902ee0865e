import { describe, expect, it } from 'vitest';
import { GOOD_CARD, startCheckout, stayDates, usePaymentHarness } from '../payments/test/payment-harness.ts';
import { STAND_IN_FEE } from '../payments/test/stripe-stand-in.ts';
import { adminToken } from '../test/test-app.ts';

/**
 * The tax year's provider fee per payment (docs/decisions/027-reports-and-the-levy-return.md): Stripe reports
 * each charge's fee in its balance transaction, which the payment's receipt keeps; demo payments report none.
 */
describe.each(['stripe', 'demo'] as const)('the tax year’s fees with the %s provider', (mode) => {
  const h = usePaymentHarness(mode);

  it(mode === 'stripe' ? 'shows the fee Stripe reported for the payment' : 'reports no fee', async () => {
    const held = await startCheckout(h.t.app, stayDates(7), { guest: 'Fee Payer' });
    expect(held.statusCode, held.body).toBe(200);
    const { paymentIntentId, clientSecret, bookingId, amount } = held.json();
    expect((await h.pay({ paymentIntentId, clientSecret }, GOOD_CARD)).status).toBe('succeeded');
    const paid = await h.t.app.inject({
      method: 'POST',
      url: '/api/payment-success',
      payload: { paymentIntentId, bookingId },
    });
    expect(paid.statusCode, paid.body).toBe(200);

    const answer = await h.t.app.inject({
      method: 'GET',
      url: '/api/admin/reports/tax-year?year=2026',
      headers: { authorization: `Bearer ${await adminToken(h.t.app)}` },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const fee = mode === 'stripe' ? STAND_IN_FEE(amount) : null;
    expect(answer.json()).toMatchObject({ receivedPence: amount, feesPence: fee });
    expect(answer.json().movements).toEqual([
      expect.objectContaining({ kind: 'payment', amountPence: amount, feePence: fee }),
    ]);
  });
});
