import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DATES_TAKEN_MESSAGE } from '../bookings/guest-hold.ts';
import { stays } from '../db/schema.ts';
import { bookingPayload, startCheckout, stayDates, usePaymentHarness } from './test/payment-harness.ts';

const GUESTS = 50;

/** Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL (where the requests truly run in parallel). */
describe('concurrent guests', () => {
  const h = usePaymentHarness('demo');

  const liveStays = (checkIn: string) =>
    h.t.database.db.select().from(stays).where(eq(stays.checkIn, checkIn));

  it(`${GUESTS} simultaneous create-payment-intent calls by different guests for the same nights → exactly one hold`, async () => {
    const dates = stayDates(3);
    const responses = await Promise.all(
      Array.from({ length: GUESTS }, (_, i) => startCheckout(h.t.app, dates, { guest: `Guest ${i}` })),
    );
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(GUESTS - 1);
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      expect(response.json().message).toBe(DATES_TAKEN_MESSAGE);
    }
    const rows = await liveStays(dates.checkInDate);
    expect(rows.filter((row) => row.status === 'pending')).toHaveLength(1);
  });

  /** A paid hold, and `GUESTS` simultaneous confirmations of it through `route(i)`. */
  async function confirmSimultaneously(
    weeksAhead: number,
    route: (i: number) => 'bookings' | 'payment-success',
  ) {
    const dates = stayDates(weeksAhead);
    const held = await startCheckout(h.t.app, dates);
    const { paymentIntentId, clientSecret, bookingId } = held.json();
    await h.pay({ paymentIntentId, clientSecret }, '4242424242424242');

    const responses = await Promise.all(
      Array.from({ length: GUESTS }, (_, i) =>
        route(i) === 'bookings'
          ? h.t.app.inject({
              method: 'POST',
              url: '/api/bookings',
              payload: bookingPayload(dates, paymentIntentId),
            })
          : h.t.app.inject({
              method: 'POST',
              url: '/api/payment-success',
              payload: { paymentIntentId, bookingId },
            }),
      ),
    );
    const codes = responses.map((r) => r.statusCode);
    expect(codes.every((c) => c === 200 || c === 201)).toBe(true);
    expect(new Set(responses.map((r) => r.json().id))).toEqual(new Set([bookingId]));
    const rows = await liveStays(dates.checkInDate);
    expect(rows.filter((row) => row.status === 'confirmed')).toHaveLength(1);
    expect(
      h.notifications.calls.filter((c) => c.event === 'bookingConfirmed' && c.stayId === bookingId),
    ).toHaveLength(1);
    return codes;
  }

  it(`${GUESTS} simultaneous POST /api/bookings for one payment intent → exactly one booking, created once (201)`, async () => {
    const codes = await confirmSimultaneously(4, () => 'bookings');
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
  });

  it(`${GUESTS} simultaneous confirmations of one payment intent by both routes → exactly one booking`, async () => {
    // POST /api/bookings answers 201 to the request that created the booking; /api/payment-success answers 200
    // either way (its result is not shown, spec section 7), so whichever route wins, one booking is created.
    const codes = await confirmSimultaneously(5, (i) => (i % 2 === 0 ? 'bookings' : 'payment-success'));
    expect(codes.filter((c) => c === 201).length).toBeLessThanOrEqual(1);
  });
});
