import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ManageCancelResponse, ManagedBooking, StayDetails } from '../../domain/api/guest-journey.ts';
import { bookingReference } from '../../domain/booking-reference.ts';
import { addDays, todayOnPropertyClock } from '../../domain/dates.ts';
import { computeRefund } from '../../domain/refunds.ts';
import { createRecordingRefunds, insertPaidBooking } from '../admin-bookings/test-support.ts';
import { auditLog, outbox, stays } from '../db/schema.ts';
import { MESSAGE_KINDS } from '../email/notifications.ts';
import { adminToken, createTestApp, emptyTables, TEST_NOW, type TestApp } from '../test/test-app.ts';
import { idPrefixOf } from './manage-booking.ts';
import { MANAGE_REQUESTS_PER_MINUTE } from './routes.ts';

const refunds = createRecordingRefunds();
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ overrides: { refunds } });
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  t.clock.set(TEST_NOW);
  refunds.calls.length = 0;
  await emptyTables(t.database, outbox, stays);
});

const today = () => todayOnPropertyClock(t.clock.now());
/** A paid, confirmed 3-night stay `daysOut` days from today. */
const paidStay = (daysOut: number) =>
  insertPaidBooking(t.database.db, {
    checkIn: addDays(today(), daysOut),
    checkOut: addDays(today(), daysOut + 3),
  });

const manageUrl = (stay: { id: string }, path = '', key?: string) =>
  `/api/manage/${bookingReference(stay.id)}${path}${key === undefined ? '' : `?key=${encodeURIComponent(key)}`}`;
const get = (url: string, remoteAddress?: string) =>
  t.app.inject({ method: 'GET', url, ...(remoteAddress ? { remoteAddress } : {}) });
const post = (url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, ...(payload ? { payload } : {}) });

describe('GET /api/manage/:reference', () => {
  it('shows the stay, its price, what is paid and due, and the refund of cancelling today; private and unindexed', async () => {
    const stay = await paidStay(20);
    const response = await get(manageUrl(stay, '', stay.manageKey));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-robots-tag']).toContain('noindex');
    const booking = response.json<ManagedBooking>();
    expect(booking).toMatchObject({
      reference: bookingReference(stay.id),
      status: 'confirmed',
      checkInDate: stay.checkIn,
      nights: 3,
      contactName: 'Ada Guest',
      checkInTime: '4:00 PM',
      money: { totalPence: stay.totalPence, paidPence: stay.totalPence, duePence: 0 },
      refund: { percent: 75, daysBeforeCheckIn: 20 },
    });
    expect(JSON.stringify(booking)).not.toContain(stay.contactEmail);
  });

  it('answers a wrong key, no key and a booking that does not exist with the same 404', async () => {
    const stay = await paidStay(20);
    const missing = { id: '0123abcd-ef01-4abc-8def-0123456789ab' };
    const answers = await Promise.all([
      // The right key but its last digit (which is itself 0 one time in 16).
      get(manageUrl(stay, '', `${stay.manageKey.slice(0, -1)}${stay.manageKey.endsWith('0') ? '1' : '0'}`)),
      get(manageUrl(stay, '', '')),
      get(manageUrl(stay)),
      get(manageUrl(missing, '', stay.manageKey)),
      get('/api/manage/not-a-reference?key=abc'),
      post(manageUrl(stay, '/cancel', 'wrong')),
      get(manageUrl(stay, '/calendar.ics', 'wrong')),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual(answers[3]!.json());
      expect(answer.headers['cache-control']).toBe('no-store');
    }
    expect(refunds.calls).toHaveLength(0);
  });

  it('reads a reference as a guest may type it', () => {
    const id = '8d386281-a4b2-4c11-9a6e-2b8f4d1e9c70';
    expect(idPrefixOf(bookingReference(id))).toBe('8d386281-a4');
    expect(idPrefixOf(bookingReference(id).toLowerCase())).toBe('8d386281-a4');
    expect(idPrefixOf('TWR-123')).toBeNull();
  });

  it('is rate-limited per client address', async () => {
    const stay = await paidStay(20);
    const url = manageUrl(stay, '', 'wrong');
    for (let i = 0; i < MANAGE_REQUESTS_PER_MINUTE; i++)
      expect((await get(url, '127.0.0.77')).statusCode).toBe(404);
    const limited = await get(url, '127.0.0.77');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await get(manageUrl(stay, '', stay.manageKey), '127.0.0.78')).statusCode).toBe(200);
  });
});

describe('GET /api/manage/:reference/calendar.ics', () => {
  it('downloads the stay as an iCalendar file', async () => {
    const stay = await paidStay(20);
    const response = await get(manageUrl(stay, '/calendar.ics', stay.manageKey));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/calendar');
    expect(response.headers['content-disposition']).toContain('attachment; filename="the-tower-twr-');
    expect(response.body).toContain('BEGIN:VEVENT');
    // RFC 5545 folds long lines: unfold before reading.
    expect(response.body.replaceAll('\r\n ', '')).toContain(
      `${bookingReference(stay.id)}?key=${stay.manageKey}`,
    );
  });
});

describe('POST /api/manage/:reference/cancel', () => {
  it.each([
    [45, 100],
    [20, 75],
    [10, 50],
    [3, 25],
    [0, 0],
  ])(
    'cancelling %i days out refunds what the table gives (%i percent), frees the nights and tells the guest',
    async (daysOut, percent) => {
      const stay = await paidStay(daysOut);
      const expected = computeRefund({
        checkIn: stay.checkIn,
        cancelledOn: today(),
        accommodationPence: stay.accommodationPence,
        serviceFeePence: stay.serviceFeePence,
        cleaningFeePence: stay.cleaningFeePence,
        paidPence: stay.paidPence,
      });
      expect(expected.rule.percent).toBe(percent);
      const preview = (await get(manageUrl(stay, '', stay.manageKey))).json<ManagedBooking>();
      expect(preview.refund?.amountPence).toBe(expected.amountPence);

      const response = await post(manageUrl(stay, '/cancel', stay.manageKey));
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<ManageCancelResponse>();
      expect(body.refundPence).toBe(expected.amountPence);
      expect(body.refundPending).toBe(false);
      expect(body.booking.status).toBe('canceled');
      expect(body.booking.money.refundedPence).toBe(expected.amountPence);
      expect(refunds.calls.map((c) => c.amountPence)).toEqual(
        expected.amountPence > 0 ? [expected.amountPence] : [],
      );

      const available = await get(
        `/api/availability?propertyId=1&checkInDate=${stay.checkIn}&checkOutDate=${stay.checkOut}`,
      );
      if (daysOut > 0) expect(available.json()).toEqual({ available: true });
      const guestMail = await t.database.db
        .select()
        .from(outbox)
        .where(eq(outbox.kind, MESSAGE_KINDS.guestBookingCanceled));
      expect(guestMail).toHaveLength(1);
      expect(guestMail[0]!.to).toBe(stay.contactEmail);

      const again = await post(manageUrl(stay, '/cancel', stay.manageKey));
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ error: 'already_canceled' });
      expect(refunds.calls.length).toBeLessThanOrEqual(1);
    },
  );

  it('records the guest as the one who cancelled, and the owner sees the refund', async () => {
    const stay = await paidStay(20);
    await post(manageUrl(stay, '/cancel', stay.manageKey));
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'booking.canceled'));
    expect(audit.at(-1)).toMatchObject({ actor: 'guest', details: { stayId: stay.id, byOwner: false } });
    const [row] = await t.database.db.select().from(stays).where(eq(stays.id, stay.id));
    expect(row).toMatchObject({ status: 'canceled', refundDuePence: 0 });
    expect(row!.refundedPence).toBeGreaterThan(0);
  });

  it('cannot cancel a stay that has begun', async () => {
    const stay = await insertPaidBooking(t.database.db, {
      checkIn: addDays(today(), -1),
      checkOut: addDays(today(), 2),
    });
    const view = (await get(manageUrl(stay, '', stay.manageKey))).json<ManagedBooking>();
    expect(view.refund).toBeNull();
    const response = await post(manageUrl(stay, '/cancel', stay.manageKey));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: 'stay_started' });
  });
});

describe('POST /api/manage/:reference/change-request', () => {
  it('writes to the owner with the dates wanted and changes nothing', async () => {
    const stay = await paidStay(20);
    const response = await post(manageUrl(stay, '/change-request', stay.manageKey), {
      checkInDate: addDays(today(), 27),
      checkOutDate: addDays(today(), 30),
      message: 'Could we come a week later?',
    });
    expect(response.statusCode, response.body).toBe(200);
    const [mail] = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.kind, MESSAGE_KINDS.ownerChangeRequest));
    expect(mail?.text).toContain('Could we come a week later?');
    expect(mail?.stayId).toBe(stay.id);
    const [row] = await t.database.db.select().from(stays).where(eq(stays.id, stay.id));
    expect(row?.checkIn).toBe(stay.checkIn);

    const backwards = await post(manageUrl(stay, '/change-request', stay.manageKey), {
      checkInDate: addDays(today(), 30),
      checkOutDate: addDays(today(), 27),
      message: '',
    });
    expect(backwards.statusCode).toBe(400);
  });
});

describe("the owner's link for the guest", () => {
  it('is shown to the owner and, replaced, the old link stops working', async () => {
    const stay = await paidStay(20);
    const auth = { authorization: `Bearer ${await adminToken(t.app)}` };
    const details = await t.app.inject({
      method: 'GET',
      url: `/api/admin/bookings/${stay.id}/journey`,
      headers: auth,
    });
    expect(details.json<StayDetails>().manageUrl).toBe(
      `http://localhost:3000/booking/${bookingReference(stay.id)}?key=${stay.manageKey}`,
    );
    const rotated = await t.app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${stay.id}/manage-link`,
      headers: auth,
    });
    expect(rotated.statusCode).toBe(200);
    const newKey = new URL(rotated.json<StayDetails>().manageUrl).searchParams.get('key')!;
    expect(newKey).toMatch(/^[0-9a-f]{64}$/);
    expect((await get(manageUrl(stay, '', stay.manageKey))).statusCode).toBe(404);
    expect((await get(manageUrl(stay, '', newKey))).statusCode).toBe(200);
  });
});
