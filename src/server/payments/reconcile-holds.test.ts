import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { phoneBookingForm } from '../admin-bookings/test-support.ts';
import { DATES_TAKEN_MESSAGE } from '../bookings/guest-hold.ts';
import { PAYMENT_CHECK_MAX_MS } from '../bookings/nights-rule.ts';
import { demoPaymentIntents, outbox } from '../db/schema.ts';
import { MESSAGE_KINDS } from '../email/notifications.ts';
import { adminToken } from '../test/test-app.ts';
import { AUTHENTICATION_GRACE_MS, RECONCILE_BATCH_SIZE } from './reconcile-holds.ts';
import {
  AUTHENTICATION_CARD,
  DECLINED_CARD,
  GOOD_CARD,
  readStay,
  startCheckout,
  stayDates,
  usePaymentHarness,
} from './test/payment-harness.ts';

const MINUTE = 60_000;

type Held = { bookingId: string; paymentIntentId: string; clientSecret: string; amount: number };
type Dates = { checkInDate: string; checkOutDate: string };

/**
 * A guest whose tab dies after the card succeeded, before the page reports back (decision 003): the hold's
 * lapse must not lose the payment. The sweep, and any path about to take the nights, asks the provider first.
 */
describe.each(['demo', 'stripe'] as const)('lapsed holds with a payment (%s provider)', (mode) => {
  const h = usePaymentHarness(mode, { emailNotifications: true });

  const hold = (dates: Dates, guest: string) => startCheckout(h.t.app, dates, { guest });
  const held = async (dates: Dates, guest: string): Promise<Held> => {
    const response = await hold(dates, guest);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const pay = async (stay: Held, card = GOOD_CARD) =>
    (await h.pay({ paymentIntentId: stay.paymentIntentId, clientSecret: stay.clientSecret }, card)).status;
  const pastTheLapse = () => h.t.clock.advance(h.t.config.holdMinutes * MINUTE + 1000);
  const sweep = () => h.t.app.jobs.run('hold-sweep');
  const status = async (stay: Held) => (await readStay(h.t, stay.bookingId))?.status;
  /** The guest's confirmation e-mail as the real notifications queue it in the outbox. */
  const guestConfirmation = async (stay: Held) => {
    const rows = await h.t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.dedupeKey, `booking-confirmed:${stay.bookingId}:guest`));
    return rows[0];
  };
  const expectConfirmedAndTold = async (stay: Held, guestEmail: string) => {
    expect(await readStay(h.t, stay.bookingId)).toMatchObject({
      status: 'confirmed',
      paymentIntentId: stay.paymentIntentId,
      paidPence: stay.amount,
      holdExpiresAt: null,
    });
    expect(await guestConfirmation(stay)).toMatchObject({
      kind: MESSAGE_KINDS.guestBookingConfirmed,
      to: guestEmail,
      status: 'queued',
    });
  };
  const expectDatesTaken = async (dates: Dates, guest: string) => {
    const response = await hold(dates, guest);
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json()).toEqual({ error: 'dates_unavailable', message: DATES_TAKEN_MESSAGE });
  };
  /** The provider reports the payment as still processing (e.g. a bank's delayed answer). */
  const makeProcessing = async (stay: Held) => {
    if (h.standIn) h.standIn.tamper(stay.paymentIntentId, { status: 'processing' });
    else {
      await h.t.database.db
        .update(demoPaymentIntents)
        .set({ status: 'processing' })
        .where(eq(demoPaymentIntents.id, stay.paymentIntentId));
    }
  };

  it('confirms a paid hold whose guest never came back when the sweep meets its lapse, and e-mails the guest', async () => {
    const dates = stayDates(2);
    const stay = await held(dates, 'Vanished Payer');
    expect(await pay(stay)).toBe('succeeded');
    // The tab dies here: neither POST /api/bookings nor /api/payment-success is ever called.
    pastTheLapse();
    expect(await sweep()).not.toContain(stay.bookingId);
    await expectConfirmedAndTold(stay, 'vanished.payer@example.test');
    await expectDatesTaken(dates, 'Next Guest'); // the nights are not sold again
  });

  it('confirms it when a new guest’s hold for the same nights meets the lapse first; the new guest gets 409', async () => {
    const dates = stayDates(3);
    const stay = await held(dates, 'First Payer');
    expect(await pay(stay)).toBe('succeeded');
    pastTheLapse();
    await expectDatesTaken(dates, 'Second Guest');
    await expectConfirmedAndTold(stay, 'first.payer@example.test');
  });

  it('confirms it when the guest reopens the checkout page of the lapsed booking', async () => {
    const dates = stayDates(4);
    const stay = await held(dates, 'Checkout Payer');
    expect(await pay(stay)).toBe('succeeded');
    pastTheLapse();
    const again = await h.t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: { bookingId: stay.bookingId, amount: stay.amount / 100 },
    });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().error).toBe('already_confirmed');
    await expectConfirmedAndTold(stay, 'checkout.payer@example.test');
  });

  it('confirms it before the owner books or blocks those nights, and the owner gets 409', async () => {
    const first = await held(stayDates(5), 'Owner Race One');
    const second = await held(stayDates(6), 'Owner Race Two');
    expect(await pay(first)).toBe('succeeded');
    expect(await pay(second)).toBe('succeeded');
    pastTheLapse();
    const headers = { authorization: `Bearer ${await adminToken(h.t.app)}` };
    const booking = await h.t.app.inject({
      method: 'POST',
      url: '/api/admin/bookings',
      headers,
      payload: phoneBookingForm(stayDates(5)),
    });
    expect(booking.statusCode, booking.body).toBe(409);
    await expectConfirmedAndTold(first, 'owner.race.one@example.test');
    const block = await h.t.app.inject({
      method: 'POST',
      url: '/api/admin/block-dates',
      headers,
      payload: { propertyId: 1, ...stayDates(6), reason: 'Maintenance' },
    });
    expect(block.statusCode, block.body).toBe(409);
    await expectConfirmedAndTold(second, 'owner.race.two@example.test');
  });

  it('keeps a hold whose payment is still processing, at most PAYMENT_CHECK_MAX_MS after its lapse', async () => {
    const dates = stayDates(7);
    const stay = await held(dates, 'Slow Bank');
    await makeProcessing(stay);
    pastTheLapse();
    expect(await sweep()).not.toContain(stay.bookingId);
    expect(await status(stay)).toBe('pending');
    await expectDatesTaken(dates, 'Waiting Guest');
    h.t.clock.advance(PAYMENT_CHECK_MAX_MS - 2 * MINUTE);
    expect(await sweep()).not.toContain(stay.bookingId);
    expect(await status(stay)).toBe('pending');
    h.t.clock.advance(2 * MINUTE);
    expect(await sweep()).toContain(stay.bookingId);
    expect(await status(stay)).toBe('expired');
    expect((await hold(dates, 'Waiting Guest')).statusCode).toBe(200);
  });

  it('keeps a hold whose guest is in the card’s authentication step for a short grace, then expires it', async () => {
    const dates = stayDates(8);
    const stay = await held(dates, 'Authenticating Guest');
    expect(await pay(stay, AUTHENTICATION_CARD)).toBe('requires_action');
    pastTheLapse();
    expect(await sweep()).not.toContain(stay.bookingId);
    await expectDatesTaken(dates, 'Next Guest');
    h.t.clock.advance(AUTHENTICATION_GRACE_MS);
    expect(await sweep()).toContain(stay.bookingId);
    expect(await status(stay)).toBe('expired');
  });

  it('expires an unpaid hold as before: by the sweep, or by a new hold for its nights', async () => {
    const unpaid = await held(stayDates(9), 'Declined Guest');
    expect(await pay(unpaid, DECLINED_CARD)).toBe('requires_payment_method');
    const abandoned = await held(stayDates(10), 'Abandoning Guest');
    pastTheLapse();
    expect((await hold(stayDates(10), 'Other Guest')).statusCode).toBe(200);
    expect(await status(abandoned)).toBe('expired');
    expect(await status(unpaid)).toBe('pending'); // a hold for other nights leaves it to the sweep
    expect(await sweep()).toContain(unpaid.bookingId);
    expect(await status(unpaid)).toBe('expired');
    expect((await hold(stayDates(9), 'Next Guest')).statusCode).toBe(200);
  });
});

describe('lapsed holds with a payment while Stripe is unreachable', () => {
  const h = usePaymentHarness('stripe', { emailNotifications: true });

  const held = async (dates: Dates, guest: string): Promise<Held> => {
    const response = await startCheckout(h.t.app, dates, { guest });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const status = async (stay: Held) => (await readStay(h.t, stay.bookingId))?.status;
  const pastTheLapse = () => h.t.clock.advance(h.t.config.holdMinutes * MINUTE + 1000);
  const standIn = () => h.standIn!;

  it('keeps the hold through the outage (a new guest gets 409, not 5xx) and confirms it at the next sweep', async () => {
    const dates = stayDates(2);
    const stay = await held(dates, 'Patient Payer');
    standIn().pay(stay.paymentIntentId, GOOD_CARD);
    pastTheLapse();
    standIn().outage(true);
    expect(await h.t.app.jobs.run('hold-sweep')).not.toContain(stay.bookingId);
    expect(await status(stay)).toBe('pending');
    const other = await startCheckout(h.t.app, dates, { guest: 'Impatient Guest' });
    expect(other.statusCode, other.body).toBe(409);
    expect(other.json().message).toBe(DATES_TAKEN_MESSAGE);
    standIn().outage(false);
    await h.t.app.jobs.run('hold-sweep');
    expect(await readStay(h.t, stay.bookingId)).toMatchObject({
      status: 'confirmed',
      paidPence: stay.amount,
    });
    const [email] = await h.t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.dedupeKey, `booking-confirmed:${stay.bookingId}:guest`));
    expect(email?.to).toBe('patient.payer@example.test');
  });

  it('expires the hold once the outage outlasts PAYMENT_CHECK_MAX_MS after its lapse', async () => {
    const stay = await held(stayDates(3), 'Unlucky Guest');
    pastTheLapse();
    standIn().outage(true);
    expect(await h.t.app.jobs.run('hold-sweep')).not.toContain(stay.bookingId);
    h.t.clock.advance(PAYMENT_CHECK_MAX_MS);
    expect(await h.t.app.jobs.run('hold-sweep')).toContain(stay.bookingId);
    expect(await status(stay)).toBe('expired');
    standIn().outage(false);
  });

  it('asks Stripe about at most RECONCILE_BATCH_SIZE lapsed holds per sweep', async () => {
    await h.t.app.jobs.run('hold-sweep'); // nothing lapsed is left over from the tests above
    const stays: Held[] = [];
    for (let week = 10; week < 10 + RECONCILE_BATCH_SIZE + 5; week++) {
      stays.push(await held(stayDates(week, 2), `Batch Guest ${week}`));
    }
    pastTheLapse();
    const retrievals = () =>
      standIn().requests.filter((r) => r.method === 'GET' && r.path.startsWith('/v1/payment_intents/'))
        .length;
    const before = retrievals();
    expect(await h.t.app.jobs.run('hold-sweep')).toHaveLength(RECONCILE_BATCH_SIZE);
    expect(retrievals() - before).toBe(RECONCILE_BATCH_SIZE);
    expect(await h.t.app.jobs.run('hold-sweep')).toHaveLength(5);
    for (const stay of stays) expect(await status(stay)).toBe('expired');
  });
});
