import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { documents } from '../db/schema.ts';
import {
  bookingPageRequest,
  confirmDemoPayment,
  reportPaymentSuccess,
  stayDates,
  usePaymentHarness,
} from '../payments/test/payment-harness.ts';
import { adminToken, startSecondProcess } from '../test/test-app.ts';

const PAYMENTS = 20;

/** Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL (where the confirmations truly run in parallel). */
describe('receipt numbers', () => {
  const h = usePaymentHarness('demo');

  /** A guest's hold for the stay `weeksAhead` weeks on, paid with the demo card but not yet reported. */
  async function paidHold(weeksAhead: number, guest: string) {
    const held = await h.t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      // The card is saved when the owner's schedule takes a deposit (the last test).
      payload: { ...bookingPageRequest(stayDates(weeksAhead, 2), { guest }), saveCardConsent: true },
    });
    expect(held.statusCode, held.body).toBe(200);
    const intent = held.json() as { paymentIntentId: string; clientSecret: string; bookingId: string };
    expect((await confirmDemoPayment(h.t.app, intent)).statusCode).toBe(200);
    return intent;
  }

  const receiptsOf = (stayId: string) =>
    h.t.database.db.select().from(documents).where(eq(documents.stayId, stayId));

  it(`${PAYMENTS} payments confirmed at once, by two server processes, get ${PAYMENTS} consecutive receipt numbers, one each`, async () => {
    const holds = [];
    for (let i = 0; i < PAYMENTS; i++) holds.push(await paidHold(i + 2, `Guest ${i}`));

    // A second process on the same database (its own connection pool on PostgreSQL) confirms every other one.
    const second = await startSecondProcess(h.t, { notifications: h.notifications });
    try {
      const answers = await Promise.all(
        holds.map((hold, i) => reportPaymentSuccess(i % 2 === 0 ? h.t.app : second.app, hold)),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array(PAYMENTS).fill(200));
    } finally {
      await second.close();
    }

    const rows = await h.t.database.db.select().from(documents).orderBy(asc(documents.seq));
    expect(rows).toHaveLength(PAYMENTS);
    expect(rows.map((row) => row.number)).toEqual(
      Array.from({ length: PAYMENTS }, (_, i) => `2026-${String(i + 1).padStart(4, '0')}`),
    );
    expect(new Set(rows.map((row) => row.stayId))).toEqual(new Set(holds.map((hold) => hold.bookingId)));
    expect(rows.every((row) => row.kind === 'receipt' && row.payment === 'full')).toBe(true);

    // Reported again (the webhook, a reload): the same receipt, no new number.
    await reportPaymentSuccess(h.t.app, holds[0]!);
    expect(await receiptsOf(holds[0]!.bookingId)).toHaveLength(1);
  });

  it('a payment whose transaction fails burns no number: the next receipt takes the one it would have had', async () => {
    const before = await h.t.database.db.select().from(documents);
    const hold = await paidHold(22, 'Grace Hopper');
    const tell = h.notifications.bookingConfirmed;
    // The confirmation's last step fails after the receipt was numbered: the whole transaction rolls back.
    h.notifications.bookingConfirmed = async () => {
      throw new Error('the outbox is unavailable');
    };
    try {
      expect((await reportPaymentSuccess(h.t.app, hold)).statusCode).toBe(500);
    } finally {
      h.notifications.bookingConfirmed = tell;
    }
    expect(await receiptsOf(hold.bookingId)).toEqual([]);

    expect((await reportPaymentSuccess(h.t.app, hold)).statusCode).toBe(200);
    const [receipt] = await receiptsOf(hold.bookingId);
    expect(receipt?.number).toBe(`2026-${String(before.length + 1).padStart(4, '0')}`);
  });
  it(`${PAYMENTS} balances charged at once, by two server processes, get ${PAYMENTS} consecutive receipt numbers`, async () => {
    // Balances are recorded without the nights' lock that orders confirmations: only the counter orders them.
    const headers = { authorization: `Bearer ${await adminToken(h.t.app)}` };
    const schedule = { mode: 'deposit', depositPercent: 30, balanceDaysBefore: 42 };
    await h.t.app.inject({ method: 'PUT', url: '/api/admin/payment-schedule', payload: schedule, headers });
    const bookingIds: string[] = [];
    for (let i = 0; i < PAYMENTS; i++) {
      const hold = await paidHold(23 + i, `Deposit Guest ${i}`);
      expect((await reportPaymentSuccess(h.t.app, hold)).statusCode).toBe(200);
      bookingIds.push(hold.bookingId);
    }
    const before = await h.t.database.db.select().from(documents);

    const second = await startSecondProcess(h.t, { notifications: h.notifications });
    try {
      const answers = await Promise.all(
        bookingIds.map((id, i) =>
          (i % 2 === 0 ? h.t.app : second.app).inject({
            method: 'POST',
            url: `/api/admin/bookings/${id}/charge-balance`,
            headers,
          }),
        ),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array(PAYMENTS).fill(200));
    } finally {
      await second.close();
    }

    const balances = await h.t.database.db
      .select()
      .from(documents)
      .where(eq(documents.payment, 'balance'))
      .orderBy(asc(documents.seq));
    expect(balances.map((row) => row.seq)).toEqual(
      Array.from({ length: PAYMENTS }, (_, i) => before.length + i + 1),
    );
    expect(new Set(balances.map((row) => row.stayId))).toEqual(new Set(bookingIds));
  });
});
