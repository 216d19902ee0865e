import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { bookingReference } from '../../domain/booking-reference.ts';
import { addDays } from '../../domain/dates.ts';
import { poundsToPence, quoteStay } from '../../domain/pricing.ts';
import { demoPaymentIntents, jobRuns, stays } from '../db/schema.ts';
import type { DemoPaymentProvider } from '../payments/demo-provider.ts';
import {
  bookingPageRequest,
  GOOD_CARD,
  readStay,
  startCheckout,
  stayDates,
  usePaymentHarness,
} from '../payments/test/payment-harness.ts';

/**
 * Deposit now, balance later, on both providers: demo payments, and Stripe through its SDK against the
 * local stand-in of its API (customers, saved cards, off-session intents). The clock is the test's; the balance job
 * is run by the test, as its timer would run it.
 * See docs/decisions/016-deposit-now-balance-later.md.
 */

/** Stripe's test card that asks for authentication on every payment, off-session ones too. */
const ALWAYS_AUTHENTICATE = '4000002760003184';
const INSUFFICIENT_FUNDS = '4000000000009995';
const SCHEDULE = { mode: 'deposit', depositPercent: 30, balanceDaysBefore: 42 };

/** 10 weeks ahead: check-in Monday 1 February 2027, 3 weekday nights, £809; deposit £242.70, balance £566.30. */
const DATES = stayDates(10);
const TOTAL = poundsToPence(quoteStay(DATES.checkInDate, DATES.checkOutDate).total);
const DEPOSIT = 24_270;
const BALANCE = TOTAL - DEPOSIT;
const DUE_ON = '2026-12-21';
/** 09:00 in Aberdeen (GMT in winter) on a day. */
const morningOf = (day: string) => `${day}T09:00:00Z`;

describe.each(['demo', 'stripe'] as const)('payment schedules with the %s provider', (mode) => {
  // A second server process on the same database, for the race of two job runs.
  const h = usePaymentHarness(mode, { secondProcess: true });

  beforeEach(async () => {
    h.t.clock.set('2026-11-23T10:00:00Z');
    await h.t.database.db.delete(stays);
    // Each test starts the clock again: the job's last run (in a later test's future) is forgotten.
    await h.t.database.db.delete(jobRuns);
    h.notifications.calls.length = 0;
    const saved = await h.asOwner('PUT', '/api/admin/payment-schedule', SCHEDULE);
    expect(saved.statusCode, saved.body).toBe(200);
  });

  const events = (event: string, stayId: string) =>
    h.notifications.calls.filter((call) => call.event === event && call.stayId === stayId).length;
  const runJob = () => h.t.app.jobs.runIfDue('balance-charges');

  /**
   * What the balance job does before it dies: marks the stay's balance processing (attempt 1) on the due date's
   * morning and charges the saved card, leaving the outcome to the webhook.
   */
  const chargeAsTheJobDid = async (id: string) => {
    h.t.clock.set(morningOf(DUE_ON));
    const before = await readStay(h.t, id);
    await h.t.database.db
      .update(stays)
      .set({ balanceStatus: 'processing', balanceAttempts: 1, balanceLastAttemptAt: h.t.clock.now() })
      .where(eq(stays.id, id));
    return h.provider.chargeOffSession({
      customerId: before!.customerId!,
      paymentMethodId: before!.paymentMethodId!,
      amountPence: BALANCE,
      currency: 'gbp',
      metadata: { bookingId: id, instalment: 'balance', attempt: '1' },
      idempotencyKey: `balance-${id}-1`,
    });
  };
  const deliverSigned = (
    type: 'payment_intent.succeeded' | 'payment_intent.payment_failed',
    intentId: string,
  ) => {
    const event = h.standIn!.signedEvent(type, intentId);
    return h.t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      payload: event.payload,
      headers: event.headers,
    });
  };

  /** The guest books with a deposit, agreeing to the card being saved, and pays it with `card`. */
  const bookWithDeposit = (card = GOOD_CARD, dates = DATES) => h.bookWithSavedCard(dates, card);

  /** The test's hand on the provider: the saved card now behaves as another test card (its funds ran out). */
  async function replaceSavedCard(stayId: string, card: string) {
    const stay = await readStay(h.t, stayId);
    if (h.standIn) h.standIn.replaceCard(stay!.paymentMethodId!, card);
    else await (h.provider as DemoPaymentProvider).replaceSavedCard!(stay!.paymentMethodId!, card);
  }

  /** Off-session balance charges the provider received. */
  async function balanceCharges(stayId: string): Promise<number> {
    if (h.standIn) {
      return new Set(
        h.standIn.requests
          .filter((r) => r.method === 'POST' && r.idempotencyKey?.startsWith(`balance-${stayId}-`))
          .map((r) => r.idempotencyKey),
      ).size;
    }
    const rows = await h.t.database.db.select().from(demoPaymentIntents);
    return rows.filter(
      (row) => row.idempotencyKey?.startsWith(`balance-${stayId}-`) && !row.idempotencyKey.includes('link'),
    ).length;
  }

  it('the owner sets the schedule (admin only, bounded, audited); the public sees it', async () => {
    expect(
      (await h.t.app.inject({ method: 'PUT', url: '/api/admin/payment-schedule', payload: SCHEDULE }))
        .statusCode,
    ).toBe(401);
    const bad = await h.asOwner('PUT', '/api/admin/payment-schedule', { ...SCHEDULE, depositPercent: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('at least 1 %');
    const seen = await h.t.app.inject({ method: 'GET', url: '/api/payment-schedule' });
    expect(seen.json()).toEqual(SCHEDULE);
    const audit = await h.asOwner('GET', '/api/admin/audit?limit=5');
    expect(audit.json().map((entry: { action: string }) => entry.action)).toContain(
      'payment_schedule.updated',
    );
  });

  it('takes the deposit at booking with the card saved; it confirms the booking as a full payment does', async () => {
    const refused = await startCheckout(h.t.app, DATES);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: 'card_consent_required', plan: { todayPence: DEPOSIT } });

    const id = await bookWithDeposit();
    const stay = await readStay(h.t, id);
    expect(stay).toMatchObject({
      status: 'confirmed',
      scheduleKind: 'deposit',
      paidPence: DEPOSIT,
      depositPence: DEPOSIT,
      balancePence: BALANCE,
      balanceDueOn: DUE_ON,
      balanceStatus: 'scheduled',
    });
    expect(stay?.customerId).toMatch(/^cus_/);
    expect(stay?.paymentMethodId).toMatch(/^pm_/);
    expect(events('bookingConfirmed', id)).toBe(1);
    const shown = await h.t.app.inject({ method: 'GET', url: `/api/bookings/${id}` });
    expect(shown.json()).toMatchObject({
      scheduleKind: 'deposit',
      depositPrice: 242.7,
      balancePrice: 566.3,
      balanceDueOn: DUE_ON,
      balanceOutstanding: true,
    });
  });

  it("the checkout page of a guest's deposit hold takes the deposit, not the total", async () => {
    const held = await h.t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: { ...bookingPageRequest(DATES), saveCardConsent: true },
    });
    const bookingId = held.json().bookingId;
    const total = await h.t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: { amount: TOTAL / 100, bookingId },
    });
    expect(total.statusCode).toBe(409);
    // The page the deposit is paid on asks the agreement to the balance again, as the booking page did.
    const unagreed = await h.t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: { amount: DEPOSIT / 100, bookingId },
    });
    expect(unagreed.statusCode).toBe(409);
    expect(unagreed.json()).toMatchObject({ error: 'card_consent_required', plan: { todayPence: DEPOSIT } });
    const deposit = await h.t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: { amount: DEPOSIT / 100, bookingId, saveCardConsent: true },
    });
    expect(deposit.statusCode, deposit.body).toBe(200);
    expect(deposit.json().amount).toBe(DEPOSIT);
  });

  it('charges in full a stay inside the window (42 days or fewer away)', async () => {
    const soon = { checkInDate: '2027-01-04', checkOutDate: '2027-01-07' }; // 42 days ahead
    const held = await startCheckout(h.t.app, soon);
    expect(held.statusCode, held.body).toBe(200);
    expect(held.json().amount).toBe(poundsToPence(quoteStay(soon.checkInDate, soon.checkOutDate).total));
  });

  it('charges the balance on its due date, once, with two job runs racing', async () => {
    const id = await bookWithDeposit();
    h.t.clock.set(morningOf(addDays(DUE_ON, -1)));
    await runJob();
    expect((await readStay(h.t, id))?.balanceStatus).toBe('scheduled');

    h.t.clock.set(morningOf(DUE_ON));
    const runs = await Promise.all([runJob(), h.secondApp().jobs.runIfDue('balance-charges')]);
    expect(runs.filter((run) => run.ran)).toHaveLength(1);
    const stay = await readStay(h.t, id);
    expect(stay).toMatchObject({ balanceStatus: 'succeeded', paidPence: TOTAL, balanceAttempts: 1 });
    expect(await balanceCharges(id)).toBe(1);
    expect(events('balancePaid', id)).toBe(1);

    const list = (await h.asOwner('GET', '/api/bookings')).json();
    expect(list.find((b: { id: string }) => b.id === id)).toMatchObject({ paidPence: TOTAL, duePence: 0 });
    const csv = (await h.asOwner('GET', '/api/admin/bookings.csv')).body;
    expect(csv.split('\r\n')[0]).toContain('Paid (GBP),Due (GBP)');
    expect(csv).toContain(`${(TOTAL / 100).toFixed(2)},0.00,${DUE_ON},succeeded`);

    // The next day's run charges nothing more.
    h.t.clock.set(morningOf(addDays(DUE_ON, 1)));
    await runJob();
    expect(await balanceCharges(id)).toBe(1);
  });

  it("the guest's own booking page shows the deposit paid and the balance's date, then the link once it failed", async () => {
    const id = await bookWithDeposit();
    await replaceSavedCard(id, INSUFFICIENT_FUNDS);
    const stay = await readStay(h.t, id);
    const manage = async () => {
      const response = await h.t.app.inject({
        method: 'GET',
        url: `/api/manage/${bookingReference(id)}?key=${stay!.manageKey}`,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().money;
    };
    expect(await manage()).toEqual({
      totalPence: TOTAL,
      paidPence: DEPOSIT,
      refundedPence: 0,
      duePence: BALANCE,
      balanceDueOn: DUE_ON,
      payBalancePath: null,
    });
    h.t.clock.set(morningOf(DUE_ON));
    await runJob();
    expect(await manage()).toMatchObject({
      paidPence: DEPOSIT,
      duePence: BALANCE,
      balanceDueOn: null,
      payBalancePath: `/checkout/${id}`,
    });
  });

  it('authentication required → the link to pay on the checkout page, reminders after 2 and 5 days', async () => {
    const id = await bookWithDeposit(ALWAYS_AUTHENTICATE);
    h.t.clock.set(morningOf(DUE_ON));
    await runJob();
    expect(await readStay(h.t, id)).toMatchObject({
      balanceStatus: 'failed',
      balanceFailureCode: 'authentication_required',
      paidPence: DEPOSIT,
      status: 'confirmed',
    });
    expect(events('balancePaymentFailed', id)).toBe(1);

    for (const [day, reminders] of [
      [1, 0],
      [2, 1],
      [3, 1],
      [5, 2],
      [6, 2],
    ] as const) {
      h.t.clock.set(morningOf(addDays(DUE_ON, day)));
      await runJob();
      expect(events('balanceReminder', id), `day ${day}`).toBe(reminders);
    }

    // The link: the checkout page takes the balance, not the total.
    const booking = (await h.t.app.inject({ method: 'GET', url: `/api/bookings/${id}` })).json();
    expect(booking).toMatchObject({
      status: 'confirmed',
      balanceOutstanding: true,
      balancePrice: BALANCE / 100,
    });
    const wrong = await h.t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: { amount: TOTAL / 100, bookingId: id },
    });
    expect(wrong.statusCode).toBe(409);
    const intentResponse = await h.t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: { amount: booking.balancePrice, bookingId: id },
    });
    expect(intentResponse.statusCode, intentResponse.body).toBe(200);
    expect(intentResponse.json().amount).toBe(BALANCE);
    const intent = {
      paymentIntentId: intentResponse.json().paymentIntentId,
      clientSecret: intentResponse.json().clientSecret,
    };
    expect((await h.pay(intent, GOOD_CARD)).status).toBe('succeeded');
    const paid = await h.t.app.inject({
      method: 'POST',
      url: '/api/payment-success',
      payload: { paymentIntentId: intent.paymentIntentId, bookingId: id },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await readStay(h.t, id)).toMatchObject({ balanceStatus: 'succeeded', paidPence: TOTAL });
    expect(events('balancePaid', id)).toBe(1);
  });

  it('declined → link; still unpaid 7 days before arrival → the owner decides, nothing is cancelled', async () => {
    const id = await bookWithDeposit();
    await replaceSavedCard(id, INSUFFICIENT_FUNDS);
    h.t.clock.set(morningOf(DUE_ON));
    await runJob();
    expect(await readStay(h.t, id)).toMatchObject({
      balanceStatus: 'failed',
      balanceFailureCode: 'declined',
      balanceLastError: 'Your card has insufficient funds.',
    });
    expect(events('balancePaymentFailed', id)).toBe(1);

    h.t.clock.set(morningOf(addDays(DATES.checkInDate, -7)));
    await runJob();
    await runJob();
    expect(await readStay(h.t, id)).toMatchObject({ status: 'confirmed', attention: 'balance_unpaid' });
    expect(events('balanceUnpaidOwnerDecides', id)).toBe(1);

    // The owner sends the link, then charges the card again once the guest has sorted it out.
    const link = await h.asOwner('POST', `/api/admin/bookings/${id}/send-payment-link`);
    expect(link.statusCode, link.body).toBe(200);
    expect(events('balancePaymentLink', id)).toBe(1);
    const again = await h.asOwner('POST', `/api/admin/bookings/${id}/charge-balance`);
    expect(again.json()).toMatchObject({ balanceStatus: 'failed', duePence: BALANCE });
    await replaceSavedCard(id, GOOD_CARD);
    const charged = await h.asOwner('POST', `/api/admin/bookings/${id}/charge-balance`);
    expect(charged.json()).toMatchObject({
      balanceStatus: 'succeeded',
      paidPence: TOTAL,
      duePence: 0,
      flag: null,
    });
    expect((await h.asOwner('POST', `/api/admin/bookings/${id}/charge-balance`)).statusCode).toBe(409);
  });

  it('cancelling before the balance is due refunds the deposit under the terms and cancels the scheduled charge', async () => {
    const id = await bookWithDeposit();
    const preview = (await h.asOwner('GET', `/api/bookings/${id}/refund-preview`)).json();
    expect(preview).toMatchObject({ amountPence: DEPOSIT - 2_500, paidPence: DEPOSIT });
    const cancel = await h.asOwner('POST', `/api/bookings/${id}/cancel`, {});
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().refundPence).toBe(DEPOSIT - 2_500);
    expect(await readStay(h.t, id)).toMatchObject({
      balanceStatus: 'canceled',
      refundedPence: DEPOSIT - 2_500,
    });
    h.t.clock.set(morningOf(DUE_ON));
    await runJob();
    expect(await balanceCharges(id)).toBe(0);
  });

  it('cancelling after the balance refunds what the terms give on the whole, from the payments made', async () => {
    const id = await bookWithDeposit();
    h.t.clock.set(morningOf(DUE_ON));
    await runJob();
    // 20 days before check-in: 75 % of accommodation and service fee (£709 → £531.75), less £25.
    h.t.clock.set(morningOf(addDays(DATES.checkInDate, -20)));
    const cancel = await h.asOwner('POST', `/api/bookings/${id}/cancel`, {});
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().refundPence).toBe(53_175 - 2_500);
    const stay = await readStay(h.t, id);
    expect(stay).toMatchObject({
      refundedPence: 53_175 - 2_500,
      refundDuePence: 0,
      balanceStatus: 'succeeded',
    });
    const balanceIntent = await h.provider.retrievePaymentIntent(stay!.balancePaymentIntentId!);
    // The balance's payment first (it covers the whole refund here), the deposit's untouched.
    expect(balanceIntent?.amountRefunded).toBe(53_175 - 2_500);
    const depositIntent = await h.provider.retrievePaymentIntent(stay!.paymentIntentId!);
    expect(depositIntent?.amountRefunded).toBe(0);
  });

  it('reconciliation: a charge whose process died is asked again with the same key, never charged twice', async () => {
    const id = await bookWithDeposit();
    // A process claimed attempt 1 and the provider charged it, then the process died before recording it.
    await chargeAsTheJobDid(id);
    await runJob();
    expect((await readStay(h.t, id))?.balanceStatus).toBe('processing'); // not yet: it may still be in flight
    h.t.clock.advance(16 * 60_000); // past STUCK_CHARGE_MS, and the job's next interval
    await runJob();
    expect(await readStay(h.t, id)).toMatchObject({ balanceStatus: 'succeeded', paidPence: TOTAL });
    const rows =
      mode === 'demo'
        ? (await h.t.database.db.select().from(demoPaymentIntents)).filter(
            (r) => r.idempotencyKey === `balance-${id}-1`,
          )
        : [];
    if (mode === 'demo') expect(rows).toHaveLength(1);
  });

  it('reconciliation: a balance paid through the link while the page died is found by the job', async () => {
    const id = await bookWithDeposit(ALWAYS_AUTHENTICATE);
    h.t.clock.set(morningOf(DUE_ON));
    await runJob();
    const intentResponse = await h.t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: { amount: BALANCE / 100, bookingId: id },
    });
    const intent = {
      paymentIntentId: intentResponse.json().paymentIntentId,
      clientSecret: intentResponse.json().clientSecret,
    };
    await h.pay(intent, GOOD_CARD); // …and the tab closes before it reports back
    h.t.clock.set(morningOf(addDays(DUE_ON, 1)));
    await runJob();
    expect(await readStay(h.t, id)).toMatchObject({ balanceStatus: 'succeeded', paidPence: TOTAL });
    expect(events('balancePaid', id)).toBe(1);
  });

  // Stripe only (demo payments have no webhooks): registered for that provider alone, never skipped.
  if (mode === 'stripe')
    it('the signed webhook records a balance that succeeded while the job died', async () => {
      const id = await bookWithDeposit();
      const charged = await chargeAsTheJobDid(id);
      const response = await deliverSigned('payment_intent.succeeded', charged.id);
      expect(response.statusCode, response.body).toBe(200);
      expect(await readStay(h.t, id)).toMatchObject({ balanceStatus: 'succeeded', paidPence: TOTAL });
    });

  if (mode === 'stripe')
    it('the signed webhook records a balance declined while the job died: link sent, owner told', async () => {
      const id = await bookWithDeposit();
      await replaceSavedCard(id, INSUFFICIENT_FUNDS);
      const declined = await chargeAsTheJobDid(id);
      expect(declined.status).toBe('requires_payment_method');
      const response = await deliverSigned('payment_intent.payment_failed', declined.id);
      expect(response.statusCode, response.body).toBe(200);
      expect(await readStay(h.t, id)).toMatchObject({
        balanceStatus: 'failed',
        balanceFailureCode: 'declined',
      });
      expect(events('balancePaymentFailed', id)).toBe(1);
    });
});
