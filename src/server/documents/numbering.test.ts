import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { documents } from '../db/schema.ts';
import {
  confirmDemoPayment,
  reportPaymentSuccess,
  startCheckout,
  stayDates,
  usePaymentHarness,
} from '../payments/test/payment-harness.ts';

const PAYMENTS = 20;

/** Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL (where the confirmations truly run in parallel). */
describe('receipt numbers', () => {
  const h = usePaymentHarness('demo');

  /** A guest's hold for the stay `weeksAhead` weeks on, paid with the demo card but not yet reported. */
  async function paidHold(weeksAhead: number, guest: string) {
    const held = await startCheckout(h.t.app, stayDates(weeksAhead, 2), { guest });
    expect(held.statusCode).toBe(200);
    const intent = held.json() as { paymentIntentId: string; clientSecret: string; bookingId: string };
    expect((await confirmDemoPayment(h.t.app, intent)).statusCode).toBe(200);
    return intent;
  }

  const receiptsOf = (stayId: string) =>
    h.t.database.db.select().from(documents).where(eq(documents.stayId, stayId));

  it(`${PAYMENTS} payments confirmed at once get ${PAYMENTS} consecutive receipt numbers, one each`, async () => {
    const holds = [];
    for (let i = 0; i < PAYMENTS; i++) holds.push(await paidHold(i + 2, `Guest ${i}`));

    const answers = await Promise.all(holds.map((hold) => reportPaymentSuccess(h.t.app, hold)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(PAYMENTS).fill(200));

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
    const hold = await paidHold(30, 'Grace Hopper');
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
});
