import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../domain/dates.ts';
import { phoneBookingForm } from '../admin-bookings/test-support.ts';
import { createSyncTestApp, type SyncTestApp } from '../calendar-sync/sync-test-app.ts';
import { type FeedServer, serveCalendar, startFeedServer } from '../calendar-sync/test-feed-server.ts';
import { importedEvents, stays } from '../db/schema.ts';
import { createPaymentProvider } from '../payments/create-payment-provider.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import {
  bookingPayload,
  confirmDemoPayment,
  startCheckout,
  stayDates,
} from '../payments/test/payment-harness.ts';
import { adminToken } from '../test/test-app.ts';
import { DATES_TAKEN_MESSAGE } from './guest-hold.ts';

/**
 * The nights rule (docs/decisions/008-nights-rule.md) through HTTP: no live stay shares a night with a channel's
 * event that is not an echo of our own stay, on every path that takes nights, and an import never slips in
 * between a hold's check and its write. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */

type Dates = { checkInDate: string; checkOutDate: string };

const compact = (date: string) => date.replaceAll('-', '');

/** An Airbnb-style feed with one all-day event per stay. */
function feedOf(...events: Dates[]): string {
  const body = events
    .map(
      (dates, i) =>
        `BEGIN:VEVENT\r\nUID:event-${i}-${dates.checkInDate}@airbnb.test\r\nDTSTAMP:20261123T000000Z\r\n` +
        `DTSTART;VALUE=DATE:${compact(dates.checkInDate)}\r\nDTEND;VALUE=DATE:${compact(dates.checkOutDate)}\r\n` +
        'SUMMARY:Reserved\r\nEND:VEVENT\r\n',
    )
    .join('');
  return `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Airbnb Inc//Hosting Calendar//EN\r\n${body}END:VCALENDAR\r\n`;
}

let t: SyncTestApp;
let feeds: FeedServer;
let provider: PaymentProvider;
let events: Dates[] = [];

beforeAll(async () => {
  t = await createSyncTestApp();
  feeds = await startFeedServer({ '/airbnb.ics': serveCalendar(() => feedOf(...events)) });
  provider = createPaymentProvider(t.config, t.db, t.clock);
});
afterAll(async () => {
  await t.close();
  await feeds.close();
});
afterEach(() => {
  events = [];
});

/** The owner's call, signed in afresh (the tests move the clock past a session's life). */
async function admin(method: 'GET' | 'POST', url: string, payload?: object) {
  const token = await adminToken(t.app);
  return t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } });
}
const syncAirbnb = () => admin('POST', '/api/admin/sync-airbnb', { icalUrl: feeds.url('/airbnb.ics') });
const hold = (dates: Dates, guest?: string) => startCheckout(t.app, dates, { guest });
async function payWithDemoCard(held: { paymentIntentId: string; clientSecret: string }) {
  const response = await confirmDemoPayment(t.app, held);
  expect(response.statusCode).toBe(200);
}
const readStay = async (id: string) => (await t.db.select().from(stays).where(eq(stays.id, id)))[0]!;

describe('the nights rule: a channel’s event takes its nights', () => {
  it('refuses a guest’s hold over nights imported from Airbnb with the spec’s 409, the overlap of one night too', async () => {
    const taken = stayDates(2);
    events = [taken];
    expect((await syncAirbnb()).statusCode).toBe(200);

    const whole = await hold(taken);
    expect(whole.statusCode).toBe(409);
    expect(whole.json()).toMatchObject({ error: 'dates_unavailable', message: DATES_TAKEN_MESSAGE });
    const lastNight = {
      checkInDate: addDays(taken.checkOutDate, -1),
      checkOutDate: addDays(taken.checkOutDate, 2),
    };
    expect((await hold(lastNight)).statusCode).toBe(409);
    // The day the channel's guest leaves is free to arrive on.
    const after = { checkInDate: taken.checkOutDate, checkOutDate: addDays(taken.checkOutDate, 2) };
    expect((await hold(after)).statusCode).toBe(200);
  });

  it('imports the nights a pre-payment pull finds and refuses them in the same request', async () => {
    const dates = stayDates(3);
    expect((await syncAirbnb()).statusCode).toBe(200); // the feed is saved, with no event yet
    t.clock.advance(20 * 60_000); // older than the 15 minutes a feed may be before a guest pays
    events = [dates];

    const response = await hold(dates);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(DATES_TAKEN_MESSAGE);
    const imported = await t.db
      .select()
      .from(importedEvents)
      .where(eq(importedEvents.checkIn, dates.checkInDate));
    expect(imported).toHaveLength(1);
  });

  it('lets a guest book the nights of an echo of our own stay once that stay is cancelled', async () => {
    const dates = stayDates(4);
    const ours = await t.addStay({ checkIn: dates.checkInDate, checkOut: dates.checkOutDate });
    events = [dates]; // Airbnb sends our own booking back
    expect((await syncAirbnb()).statusCode).toBe(200);
    const cancel = await admin('POST', `/api/bookings/${ours}/cancel`, { byOwner: true });
    expect(cancel.statusCode).toBe(200);

    const calendar = (await t.app.inject({ method: 'GET', url: '/api/unavailable-dates/1' })).json();
    expect(calendar.unavailableDates).not.toContain(dates.checkInDate);
    expect((await hold(dates)).statusCode).toBe(200);
  });

  it('lets the owner’s booking take no night of an imported event', async () => {
    const dates = stayDates(5);
    events = [dates];
    expect((await syncAirbnb()).statusCode).toBe(200);
    const response = await admin(
      'POST',
      '/api/admin/bookings',
      phoneBookingForm({
        checkInDate: addDays(dates.checkInDate, 1),
        checkOutDate: addDays(dates.checkOutDate, 3),
      }),
    );
    expect(response.statusCode).toBe(409);
  });

  it('does not let the checkout page take up an expired hold again over nights a channel sold since', async () => {
    const dates = stayDates(6);
    const created = await admin('POST', '/api/admin/bookings', phoneBookingForm(dates, { holdDays: 1 }));
    expect(created.statusCode).toBe(201);
    const booking = created.json().booking;
    t.clock.advance(2 * 24 * 60 * 60_000); // the owner's hold lapsed
    events = [dates];
    expect((await syncAirbnb()).statusCode).toBe(200);

    const response = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: { bookingId: booking.id, amount: booking.totalPrice },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(DATES_TAKEN_MESSAGE);
  });

  it('refunds a payment that succeeds after its hold lapsed when a channel has taken the nights meanwhile', async () => {
    const dates = stayDates(8);
    const held = (await hold(dates)).json();
    await payWithDemoCard(held);
    t.clock.advance(20 * 60_000); // the hold lapsed before the page reported back
    events = [dates];
    expect((await syncAirbnb()).statusCode).toBe(200);

    const response = await t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: bookingPayload(dates, held.paymentIntentId),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe('payment_refunded');
    const stay = await readStay(held.bookingId);
    expect(stay.status).toBe('canceled');
    expect(stay.refundedPence).toBe(stay.totalPence);
  });

  it('lapses a live hold whose nights an import brings, and cancels its payment so the guest is never charged', async () => {
    const dates = stayDates(9);
    const held = (await hold(dates)).json();
    events = [dates];
    expect((await syncAirbnb()).statusCode).toBe(200);

    const stay = await readStay(held.bookingId);
    expect(stay.holdExpiresAt!.getTime()).toBeLessThanOrEqual(t.clock.now().getTime());
    expect((await provider.retrievePaymentIntent(held.paymentIntentId))?.status).toBe('canceled');
  });
});

describe('an import and a hold for the same nights, racing', () => {
  const ROUNDS = 50;

  it(`${ROUNDS} rounds: never a live hold and a channel's event on the same night`, async () => {
    const outcomes = { held: 0, refused: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      // Three nights a round, side by side, from five weeks ahead.
      const checkInDate = addDays('2026-12-28', round * 3);
      const dates = { checkInDate, checkOutDate: addDays(checkInDate, 3) };
      events = [dates];
      const [sync, held] = await Promise.all([syncAirbnb(), hold(dates, `Racer ${round}`)]);
      expect(sync.statusCode).toBe(200);
      expect([200, 409]).toContain(held.statusCode);
      if (held.statusCode === 200) outcomes.held++;
      else outcomes.refused++;

      const live = await t.db
        .select()
        .from(stays)
        .where(and(eq(stays.checkIn, dates.checkInDate), eq(stays.status, 'pending')));
      const stillHeld = live.filter((row) => row.holdExpiresAt! > t.clock.now());
      expect(stillHeld, `round ${round}`).toHaveLength(0);
    }
    expect(outcomes.held + outcomes.refused).toBe(ROUNDS);
  });
});
