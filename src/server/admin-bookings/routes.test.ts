import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AdminBooking } from '../../domain/api/admin-bookings.ts';
import { bookingReference } from '../../domain/booking-reference.ts';
import { auditLog, importedEvents, stays } from '../db/schema.ts';
import { silentNotifications } from '../notifications/events.ts';
import { startCheckout } from '../payments/test/payment-harness.ts';
import { signedInTestApp } from '../test/per-file.ts';
import { expectRefusal } from '../test/refusal.ts';
import { refundIdempotencyKey } from './service.ts';
import { createRecordingRefunds, insertPaidBooking, insertStay, phoneBookingForm } from './test-support.ts';

const refunds = createRecordingRefunds();
const notified: { event: string; stayId: string; refundPence?: number; statusInTx: string | undefined }[] =
  [];
// The notification events read the stay through the transaction they are given: what they see proves
// they run inside the change's own transaction.
const statusInTx = async (tx: Parameters<typeof silentNotifications.bookingConfirmed>[0], id: string) => {
  const [row] = await tx.select({ status: stays.status }).from(stays).where(eq(stays.id, id));
  return row?.status;
};
const t = signedInTestApp(
  {
    overrides: {
      refunds,
      notifications: {
        ...silentNotifications,
        bookingConfirmed: async (tx, stayId) => {
          notified.push({ event: 'confirmed', stayId, statusInTx: await statusInTx(tx, stayId) });
        },
        bookingCanceled: async (tx, stayId, refundPence) => {
          notified.push({ event: 'canceled', stayId, refundPence, statusInTx: await statusInTx(tx, stayId) });
        },
      },
    },
  },
  { emptied: [stays, importedEvents] },
);

beforeEach(() => {
  refunds.calls.length = 0;
  notified.length = 0;
});

const get = (url: string) => t.asOwner('GET', url);
const post = (url: string, payload?: Record<string, unknown>) => t.asOwner('POST', url, payload);

const BEA = { contactName: 'Bea Phone', contactEmail: 'bea@example.test' };

/** A booking the owner takes by phone, through the admin API (pending, held 3 days); its id. */
async function ownerBooking(checkInDate: string, checkOutDate: string): Promise<string> {
  const created = await post('/api/admin/bookings', phoneBookingForm({ checkInDate, checkOutDate }, BEA));
  expect(created.statusCode, created.body).toBe(201);
  return created.json().booking.id as string;
}

/**
 * A pending booking the owner took by phone, held until `until` (a guest's online checkout cannot be confirmed by
 * hand), written straight to the database.
 */
const insertOwnerHold = (until: string, dates: { checkIn: string; checkOut: string }) =>
  insertStay(t.database.db, { status: 'pending', source: 'owner', holdExpiresAt: new Date(until), ...dates });

const auditActions = async () =>
  (await t.database.db.select().from(auditLog)).map((row) => ({ action: row.action, ...row.details }));

describe('GET /api/bookings', () => {
  it('lists every stay, owner blocks included, in camelCase with the total in pounds, upcoming first', async () => {
    const past = await insertStay(t.database.db, { checkIn: '2026-10-01', checkOut: '2026-10-04' });
    const later = await insertStay(t.database.db, { checkIn: '2027-01-10', checkOut: '2027-01-12' });
    const block = await insertStay(t.database.db, {
      kind: 'block',
      source: 'owner',
      contactName: 'Owner Block',
      contactEmail: '',
      reason: 'Boiler service',
      checkIn: '2026-12-01',
      checkOut: '2026-12-03',
      accommodationPence: 0,
      cleaningFeePence: 0,
      serviceFeePence: 0,
      totalPence: 0,
    });
    const response = await get('/api/bookings');
    expect(response.statusCode).toBe(200);
    const list = response.json() as AdminBooking[];
    expect(list.map((b) => b.id)).toEqual([block.id, later.id, past.id]);
    expect(list.map((b) => b.reference)).toEqual([block.id, later.id, past.id].map(bookingReference));
    expect(list[0]).toMatchObject({
      kind: 'block',
      contactName: 'Owner Block',
      reason: 'Boiler service',
      status: 'confirmed',
      checkInDate: '2026-12-01',
      checkOutDate: '2026-12-03',
    });
    // 2027-01-10 is a Sunday: two weekday nights, £450 + £100 cleaning + £23 service fee.
    expect(list[1]).toMatchObject({
      propertyId: 1,
      guestCount: 2,
      contactName: 'Ada Guest',
      contactEmail: 'ada@example.test',
      totalPrice: 573,
      holdExpiresAt: null,
      flag: null,
      paidPence: 0,
      refundedPence: 0,
      refundDuePence: 0,
    });
  });
});

describe('GET /api/bookings: whether a stay is ready for its guest', () => {
  const hasCode = async () =>
    Object.fromEntries(
      ((await get('/api/bookings')).json() as AdminBooking[]).map((b) => [b.contactName, b.hasAccessCode]),
    );

  it('says a guest stay has an access code when it has its own or the owner set a default; a block never', async () => {
    await insertStay(t.database.db, {
      checkIn: '2026-12-01',
      checkOut: '2026-12-03',
      contactName: 'No Code',
    });
    await insertStay(t.database.db, {
      checkIn: '2026-12-05',
      checkOut: '2026-12-07',
      contactName: 'Own Code',
      accessCode: '4321',
    });
    await insertStay(t.database.db, {
      kind: 'block',
      source: 'owner',
      contactName: 'Owner Block',
      contactEmail: '',
      checkIn: '2026-12-10',
      checkOut: '2026-12-12',
    });
    expect(await hasCode()).toEqual({ 'No Code': false, 'Own Code': true, 'Owner Block': false });

    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/guest-messages',
      headers: t.auth(),
      payload: { checkInInstructions: '', defaultAccessCode: '1234', reviewUrl: '', showAddress: false },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await hasCode()).toEqual({ 'No Code': true, 'Own Code': true, 'Owner Block': false });
    await t.app.inject({
      method: 'PUT',
      url: '/api/admin/guest-messages',
      headers: t.auth(),
      payload: { checkInInstructions: '', defaultAccessCode: '', reviewUrl: '', showAddress: false },
    });
  });
});

describe('POST /api/bookings/:id/confirm', () => {
  it('confirms a pending booking, tells the guest in the same transaction and writes the audit log', async () => {
    const pending = await insertOwnerHold('2026-11-25T10:00:00Z', {
      checkIn: '2026-12-14',
      checkOut: '2026-12-16',
    });
    const response = await post(`/api/bookings/${pending.id}/confirm`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: pending.id, status: 'confirmed', holdExpiresAt: null });
    expect(notified).toEqual([{ event: 'confirmed', stayId: pending.id, statusInTx: 'confirmed' }]);
    expect(await auditActions()).toContainEqual(
      expect.objectContaining({ action: 'booking.confirmed', stayId: pending.id }),
    );
  });

  it('answers 409 for an owner block, a confirmed and a cancelled booking, and 404 for an unknown id', async () => {
    const block = await insertStay(t.database.db, {
      kind: 'block',
      status: 'confirmed',
      contactName: 'Owner Block',
      checkIn: '2026-12-01',
      checkOut: '2026-12-03',
    });
    const confirmed = await insertStay(t.database.db, { checkIn: '2026-12-05', checkOut: '2026-12-07' });
    const canceled = await insertStay(t.database.db, {
      status: 'canceled',
      checkIn: '2026-12-05',
      checkOut: '2026-12-07',
    });
    for (const stay of [block, confirmed, canceled]) {
      const response = await post(`/api/bookings/${stay.id}/confirm`);
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toBe('not_confirmable');
    }
    const unknown = await post('/api/bookings/00000000-0000-4000-8000-000000000000/confirm');
    expectRefusal(unknown, 404, { error: 'booking_not_found', message: 'There is no booking with that id.' });
    expect(notified).toEqual([]);
  });

  it('refuses a status change the booking lifecycle forbids: a cancelled booking is never confirmed (409)', async () => {
    const id = await ownerBooking('2026-12-20', '2026-12-23');
    expect((await post(`/api/bookings/${id}/cancel`)).statusCode).toBe(200);

    const response = await post(`/api/bookings/${id}/confirm`);
    expectRefusal(response, 409, {
      error: 'not_confirmable',
      message: 'This booking is cancelled, so it cannot be confirmed.',
    });
    const [row] = await t.database.db.select().from(stays).where(eq(stays.id, id));
    expect(row).toMatchObject({ status: 'canceled', confirmedAt: null });
    expect(notified.filter((n) => n.event === 'confirmed')).toEqual([]);
  });

  /** A guest's payment hold, placed the way the booking page places it (HOLD_MINUTES: 15). */
  async function guestCheckout(dates = { checkInDate: '2026-12-14', checkOutDate: '2026-12-17' }) {
    const held = await startCheckout(t.app, dates);
    expect(held.statusCode, held.body).toBe(200);
    return held.json().bookingId as string;
  }
  const statusOf = async (id: string) =>
    (await t.database.db.select({ status: stays.status }).from(stays).where(eq(stays.id, id)))[0]?.status;

  /** The owner's confirm is refused with 409 and `answer`; the stay stays pending and no one is told. */
  const expectConfirmRefused = async (id: string, answer: { error: string; message: string }) => {
    const response = await post(`/api/bookings/${id}/confirm`);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual(answer);
    expect(await statusOf(id)).toBe('pending');
    expect(notified).toEqual([]);
  };

  it("refuses a guest's online checkout in progress with 409 and a sentence, and leaves it pending", async () => {
    const id = await guestCheckout();
    // 10:00 GMT on 23 November plus the 15-minute hold, on the property's clock.
    await expectConfirmRefused(id, {
      error: 'checkout_in_progress',
      message:
        'A guest is paying for this stay online: it confirms itself when their payment goes through, and its hold lapses at 10:15 if they do not. No payment has been received, so it cannot be confirmed by hand.',
    });
    expect(await auditActions()).not.toContainEqual(expect.objectContaining({ stayId: id }));
  });

  it("refuses a guest's checkout whose hold has lapsed (not yet swept) with 409, in summer time too", async () => {
    await t.setClock('2027-06-01T12:00:00Z');
    const id = await guestCheckout({ checkInDate: '2027-06-14', checkOutDate: '2027-06-17' });
    await t.setClock('2027-06-01T12:20:00Z');
    await expectConfirmRefused(id, {
      error: 'checkout_lapsed',
      message:
        "This was a guest's online checkout, and its hold lapsed at 13:15 without a payment, so there is no booking to confirm.",
    });
  });

  it('still confirms a booking the owner took by phone, made through the admin API', async () => {
    const id = await ownerBooking('2026-12-14', '2026-12-17');
    const response = await post(`/api/bookings/${id}/confirm`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id, source: 'owner', status: 'confirmed' });
  });
});

// 2026-12-14 (Monday) to 2026-12-17: three weekday nights. £675 + £34 service fee + £100 cleaning = £809.
const PAID_STAY = { checkIn: '2026-12-14', checkOut: '2026-12-17' };

describe('GET /api/bookings/:id/refund-preview', () => {
  it('gives the refund the terms give on the property clock: 21 days before check-in, 75% less £25', async () => {
    const paid = await insertPaidBooking(t.database.db, PAID_STAY);
    const response = await get(`/api/bookings/${paid.id}/refund-preview`);
    expect(response.statusCode).toBe(200);
    // 75% of (£675 + £34) = £531.75, cleaning fee kept, less £25: £506.75.
    expect(response.json()).toEqual({
      bookingId: paid.id,
      amountPence: 50_675,
      paidPence: 80_900,
      feePence: 2500,
      percent: 75,
      rule: '14–30 days before check-in: 75%',
      daysBeforeCheckIn: 21,
      cancelledByOwner: false,
    });
  });

  it('counts whole days to check-in on the property clock', async () => {
    const paid = await insertPaidBooking(t.database.db, PAID_STAY);
    await t.setClock('2026-12-13T23:30:00Z'); // still the 13th in London (GMT)
    const preview = (await get(`/api/bookings/${paid.id}/refund-preview`)).json();
    expect(preview).toMatchObject({ daysBeforeCheckIn: 1, percent: 25 });
  });

  it('gives everything back when the owner cancels on their own account', async () => {
    const paid = await insertPaidBooking(t.database.db, PAID_STAY);
    const preview = (await get(`/api/bookings/${paid.id}/refund-preview?byOwner=true`)).json();
    expect(preview).toMatchObject({ amountPence: 80_900, feePence: 0, percent: 100, cancelledByOwner: true });
  });

  it('answers 409 for a booking already cancelled', async () => {
    const canceled = await insertStay(t.database.db, { status: 'canceled', ...PAID_STAY });
    expect((await get(`/api/bookings/${canceled.id}/refund-preview`)).statusCode).toBe(409);
  });
});

describe('POST /api/bookings/:id/cancel', () => {
  it('cancels a paid booking and refunds what the terms give through the provider, once', async () => {
    const paid = await insertPaidBooking(t.database.db, PAID_STAY);
    const preview = (await get(`/api/bookings/${paid.id}/refund-preview`)).json();
    const response = await post(`/api/bookings/${paid.id}/cancel`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      refundPence: preview.amountPence,
      booking: { status: 'canceled', refundedPence: 50_675, refundDuePence: 0, flag: null },
    });
    expect(refunds.calls).toEqual([
      {
        paymentIntentId: paid.paymentIntentId,
        amountPence: 50_675,
        idempotencyKey: refundIdempotencyKey(paid.id),
      },
    ]);
    expect(notified).toEqual([
      { event: 'canceled', stayId: paid.id, refundPence: 50_675, statusInTx: 'canceled' },
    ]);
    const actions = await auditActions();
    expect(actions).toContainEqual(
      expect.objectContaining({ action: 'booking.canceled', stayId: paid.id, refundPence: 50_675 }),
    );
    expect(actions).toContainEqual(
      expect.objectContaining({ action: 'booking.refunded', stayId: paid.id, amountPence: 50_675 }),
    );
    const again = await post(`/api/bookings/${paid.id}/cancel`);
    expect(again.statusCode).toBe(409);
    expect(refunds.calls).toHaveLength(1);
  });

  it('holds no transaction while the provider is called: the database answers, the booking already cancelled', async () => {
    const paid = await insertPaidBooking(t.database.db, PAID_STAY);
    let seen: string | undefined;
    refunds.runDuringNext(async () => {
      // PGlite runs one statement at a time for the whole process: an open transaction would block this read.
      const [row] = await t.database.db.select().from(stays).where(eq(stays.id, paid.id));
      seen = row?.status;
    });
    expect((await post(`/api/bookings/${paid.id}/cancel`)).statusCode).toBe(200);
    expect(seen).toBe('canceled');
  });

  it('gives a paid guest everything back when the owner cancels on their own account', async () => {
    const paid = await insertPaidBooking(t.database.db, PAID_STAY);
    const response = await post(`/api/bookings/${paid.id}/cancel`, { byOwner: true });
    expect(response.json()).toMatchObject({ refundPence: 80_900, booking: { refundedPence: 80_900 } });
  });

  it('keeps a refund the provider refused due, flags it, and Cancel retries it with the same idempotency key', async () => {
    const paid = await insertPaidBooking(t.database.db, PAID_STAY);
    refunds.failNext(new Error('Stripe is unreachable'));
    const failed = await post(`/api/bookings/${paid.id}/cancel`);
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toMatchObject({ error: 'refund_failed' });
    expect(failed.json().message).toContain('£506.75');
    expect(notified).toEqual([]);
    const afterFailure = ((await get('/api/bookings')).json() as AdminBooking[])[0]!;
    expect(afterFailure).toMatchObject({ status: 'canceled', refundedPence: 0, refundDuePence: 50_675 });
    expect(afterFailure.flag).toMatch(/Refund of £506.75 failed: Stripe is unreachable/);

    await t.setClock('2026-12-10T10:00:00Z'); // later, when the terms would give less: the amount owed stays
    const retried = await post(`/api/bookings/${paid.id}/cancel`);
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({
      refundPence: 50_675,
      booking: { refundedPence: 50_675, refundDuePence: 0, flag: null },
    });
    expect(refunds.calls.map((c) => [c.amountPence, c.idempotencyKey])).toEqual([
      [50_675, refundIdempotencyKey(paid.id)],
      [50_675, refundIdempotencyKey(paid.id)],
    ]);
    expect(notified).toEqual([
      { event: 'canceled', stayId: paid.id, refundPence: 50_675, statusInTx: 'canceled' },
    ]);
  });

  it('cancels an unpaid pending booking without calling the provider and frees its nights', async () => {
    const pending = await insertStay(t.database.db, {
      status: 'pending',
      holdExpiresAt: new Date('2026-11-30T10:00:00Z'),
      ...PAID_STAY,
    });
    const response = await post(`/api/bookings/${pending.id}/cancel`);
    expect(response.json()).toMatchObject({ refundPence: 0, booking: { status: 'canceled' } });
    expect(refunds.calls).toEqual([]);
    expect(notified).toEqual([
      { event: 'canceled', stayId: pending.id, refundPence: 0, statusInTx: 'canceled' },
    ]);
    const rebooked = await post(
      '/api/admin/bookings',
      phoneBookingForm({ checkInDate: PAID_STAY.checkIn, checkOutDate: PAID_STAY.checkOut }),
    );
    expect(rebooked.statusCode).toBe(201);
  });

  it('cancels a lapsed (expired) hold without telling the guest', async () => {
    const expired = await insertStay(t.database.db, { status: 'expired', ...PAID_STAY });
    const response = await post(`/api/bookings/${expired.id}/cancel`);
    expect(response.json()).toMatchObject({ refundPence: 0, booking: { status: 'canceled' } });
    expect(notified).toEqual([]);
  });

  it('unblocks an owner block without telling anyone', async () => {
    const block = await insertStay(t.database.db, {
      kind: 'block',
      contactName: 'Owner Block',
      contactEmail: '',
      ...PAID_STAY,
    });
    const response = await post(`/api/bookings/${block.id}/cancel`);
    expect(response.statusCode).toBe(200);
    expect(response.json().booking).toMatchObject({ kind: 'block', status: 'canceled' });
    expect(notified).toEqual([]);
    expect(await auditActions()).toContainEqual(
      expect.objectContaining({ action: 'block.removed', stayId: block.id }),
    );
  });
});

describe('POST /api/admin/bookings', () => {
  const phoneBooking = {
    checkInDate: '2026-12-14',
    checkOutDate: '2026-12-15',
    guestCount: 3,
    contactName: 'Bea Phone',
    contactEmail: 'bea@example.test',
    holdDays: 3,
  };

  it('holds the nights for the chosen days as a pending booking and gives its checkout link (1 night allowed)', async () => {
    const response = await post('/api/admin/bookings', phoneBooking);
    expect(response.statusCode).toBe(201);
    const { booking, checkoutPath, checkoutUrl } = response.json();
    expect(booking).toMatchObject({
      kind: 'guest',
      source: 'owner',
      status: 'pending',
      checkInDate: '2026-12-14',
      checkOutDate: '2026-12-15',
      guestCount: 3,
      totalPrice: 225 + 100 + 11, // one weekday night, cleaning, 5% service fee (£11.25 → £11)
      holdExpiresAt: '2026-11-26T10:00:00.000Z',
    });
    expect(checkoutPath).toBe(`/checkout/${booking.id}`);
    expect(checkoutUrl).toBe(`http://localhost:3000/checkout/${booking.id}`);
    expect(await auditActions()).toContainEqual(
      expect.objectContaining({ action: 'booking.created_by_owner', stayId: booking.id, holdDays: 3 }),
    );
  });

  it('answers 409 when a live stay or an imported channel event takes one of the nights', async () => {
    await insertStay(t.database.db, { checkIn: '2026-12-13', checkOut: '2026-12-15' });
    const taken = await post('/api/admin/bookings', phoneBooking);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe('dates_unavailable');

    await t.database.db.insert(importedEvents).values({
      sourceId: 'airbnb',
      propertyId: 1,
      uid: 'abc@airbnb',
      checkIn: '2026-12-20',
      checkOut: '2026-12-22',
    });
    const imported = await post('/api/admin/bookings', {
      ...phoneBooking,
      checkInDate: '2026-12-21',
      checkOutDate: '2026-12-23',
    });
    expect(imported.statusCode).toBe(409);
  });

  it('takes the nights of a hold that has lapsed', async () => {
    const lapsed = await insertStay(t.database.db, {
      status: 'pending',
      holdExpiresAt: new Date('2026-11-23T09:59:00Z'),
      checkIn: '2026-12-14',
      checkOut: '2026-12-16',
    });
    expect((await post('/api/admin/bookings', phoneBooking)).statusCode).toBe(201);
    const [row] = await t.database.db.select().from(stays).where(eq(stays.id, lapsed.id));
    expect(row?.status).toBe('expired');
  });

  it('answers 400 with a readable message for a check-in in the past or a bad e-mail', async () => {
    const past = await post('/api/admin/bookings', { ...phoneBooking, checkInDate: '2026-11-22' });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toMatch(/past/);
    const badEmail = await post('/api/admin/bookings', { ...phoneBooking, contactEmail: 'nope' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().message).toMatch(/Valid email is required/);
  });

  it('names a missing or unreadable number in words, not as NaN', async () => {
    const { holdDays: _left, ...withoutHold } = phoneBooking;
    const noHold = await post('/api/admin/bookings', withoutHold);
    expect(noHold.statusCode).toBe(400);
    expect(noHold.json().message).toBe(
      'holdDays: Give the number of days to hold the dates for payment (1 to 30)',
    );
    const wordGuests = await post('/api/admin/bookings', { ...phoneBooking, guestCount: 'two' });
    expect(wordGuests.statusCode).toBe(400);
    expect(wordGuests.json().message).toBe('guestCount: Give the number of guests (1 to 4)');
    const halfDay = await post('/api/admin/bookings', { ...phoneBooking, holdDays: 1.5 });
    expect(halfDay.json().message).toBe('holdDays: Give a whole number of days');
  });
});

describe('GET /api/admin/bookings.csv', () => {
  it('exports every booking as CSV, neutralising cells a spreadsheet would run, and audits the export', async () => {
    await insertStay(t.database.db, {
      contactName: '=HYPERLINK("http://evil.test","Click")',
      checkIn: '2026-12-14',
      checkOut: '2026-12-16',
    });
    const response = await get('/api/admin/bookings.csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toBe('attachment; filename="bookings-2026-11-23.csv"');
    const lines = response.body.trim().split('\r\n');
    expect(lines[0]).toMatch(/^Reference,Kind,Source,Status,Check-in,Check-out,Guests,Name,Email/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('"\'=HYPERLINK(""http://evil.test"",""Click"")"');
    expect(await auditActions()).toContainEqual(
      expect.objectContaining({ action: 'bookings.exported', rows: 1 }),
    );
  });

  it('gives each booking its short reference first and its long id last', async () => {
    const stay = await insertStay(t.database.db, {
      id: '8d386281-a7c4-4b0e-9f51-2d6e8a0c4b13',
      checkIn: '2026-12-14',
      checkOut: '2026-12-16',
    });
    const [header, row] = (await get('/api/admin/bookings.csv')).body.trim().split('\r\n') as [
      string,
      string,
    ];
    expect(header.split(',').at(-1)).toBe('Booking id');
    expect(row.split(',')[0]).toBe('TWR-HMW6-50D7');
    expect(row.split(',').at(-1)).toBe(stay.id);
  });
});

describe('GET /api/admin/audit', () => {
  it('lists the latest admin actions, newest first, with who did them', async () => {
    const pending = await insertOwnerHold('2026-11-30T10:00:00Z', PAID_STAY);
    await post(`/api/bookings/${pending.id}/confirm`);
    const response = await get('/api/admin/audit?limit=2');
    expect(response.statusCode).toBe(200);
    const entries = response.json();
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({ actor: 'owner', action: 'booking.confirmed' });
  });
});

describe('POST /api/admin/block-dates refused', () => {
  const block = (checkInDate: string, checkOutDate: string, reason = '') =>
    post('/api/admin/block-dates', { propertyId: 1, checkInDate, checkOutDate, reason });

  it('names the booking it overlaps, with its dates and reference, and blocks nothing', async () => {
    const booked = await insertPaidBooking(t.database.db, {
      checkIn: '2027-01-10',
      checkOut: '2027-01-14',
      contactName: 'Alice Smith',
    });
    const refused = await block('2027-01-12', '2027-01-16', 'Painting');
    expectRefusal(refused, 409, {
      error: 'dates_unavailable',
      message: `These dates overlap Alice Smith's booking, Sun 10 Jan 2027 – Thu 14 Jan 2027 (Ref ${bookingReference(booked.id)}). Please choose other dates.`,
    });
    const kept = await t.database.db.select().from(stays);
    expect(kept.map((row) => row.kind)).toEqual(['guest']);
  });

  it('names the owner’s own block it overlaps, with its reason', async () => {
    expect((await block('2027-02-01', '2027-02-05', 'Boiler service')).statusCode).toBe(201);
    const refused = await block('2027-02-04', '2027-02-06');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'These dates overlap your block of Mon 1 Feb 2027 – Fri 5 Feb 2027 (Boiler service): unblock it first, or choose other dates.',
    );
  });

  it('names a booking taken by phone that awaits payment', async () => {
    const id = await ownerBooking('2027-03-01', '2027-03-04');
    const refused = await block('2027-03-03', '2027-03-05');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      `These dates overlap Bea Phone's booking awaiting payment, Mon 1 Mar 2027 – Thu 4 Mar 2027 (Ref ${bookingReference(id)}). Please choose other dates.`,
    );
  });
});
