import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { phoneBookingForm } from './admin-bookings/test-support.ts';
import { stays } from './db/schema.ts';
import { dayHireEnquiry, dayHireQuoteForm, sendEnquiry } from './enquiries/test-support.ts';
import { silentNotifications } from './notifications/events.ts';
import { bookingPageRequest, stayDates } from './payments/test/payment-harness.ts';
import { expectRefusal } from './test/refusal.ts';
import { adminToken, createTestApp, type TestApp } from './test/test-app.ts';

/**
 * Hostile input that once answered 500: each case is refused with a 400 and a sentence, before it
 * reaches the database; and a data exception that gets past the schemas anyway is a 400 too, logged without
 * the value.
 */

const CONTROL = 'Remove the control characters from this field.';
const PROPERTY_ID_RANGE = 'propertyId: propertyId must be a whole number from 1 to 2147483647';

type Line = { level: number; msg: string; pgCode?: string; route?: string };
const WARN = 40;
const lines: Line[] = [];
/** A value that only a data exception's own message would carry into a log line. */
const SECRET_VALUE = 'value-that-must-not-be-logged';
/** Set by a test: the owner's confirmation then runs a query PostgreSQL refuses with a data exception. */
let failConfirmation = false;

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp({
    env: { LOG_LEVEL: 'warn' },
    overrides: {
      logger: true,
      logStream: { write: (line: string) => lines.push(JSON.parse(line)) },
      notifications: {
        ...silentNotifications,
        bookingConfirmed: async (tx) => {
          // 22P02 invalid_text_representation, whose message quotes the value.
          if (failConfirmation) await tx.execute(sql`select ${SECRET_VALUE}::integer`);
        },
      },
    },
  });
  token = await adminToken(t.app);
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  failConfirmation = false;
  lines.length = 0;
  await t.database.db.delete(stays);
});

const auth = () => ({ authorization: `Bearer ${token}` });
const stayCount = async () => (await t.database.db.select().from(stays)).length;

function expectRefused(response: { statusCode: number; json(): unknown }, message: string) {
  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual({ error: expect.any(String), message });
}

describe('control characters in text', () => {
  const hold = (booking: Record<string, unknown>) => {
    const request = bookingPageRequest(stayDates(3));
    return t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: { ...request, booking: { ...request.booking, ...booking } },
    });
  };

  it('refuses a NUL byte in the guest contactName with a 400 and holds nothing', async () => {
    const response = await hold({ contactName: 'Ada\u0000Lovelace' });
    expectRefused(response, `booking.contactName: ${CONTROL}`);
    expect(await stayCount()).toBe(0);
  });

  it('refuses a NUL byte in specialRequests, and still takes tabs and line breaks there', async () => {
    expectRefused(
      await hold({ specialRequests: 'Late arrival\u0000' }),
      `booking.specialRequests: ${CONTROL}`,
    );
    expectRefused(
      await hold({ specialRequests: 'Bell \u0007 please' }),
      `booking.specialRequests: ${CONTROL}`,
    );
    expect(await stayCount()).toBe(0);
    const ok = await hold({ specialRequests: 'Late arrival,\r\n\tabout 22:00.' });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('refuses DEL and half a surrogate pair in a name, and accepts an emoji', async () => {
    expectRefused(await hold({ contactName: 'Ada\u007f' }), `booking.contactName: ${CONTROL}`);
    expectRefused(await hold({ contactName: 'Ada \ud83d' }), `booking.contactName: ${CONTROL}`);
    const ok = await hold({ contactName: 'Ada 🏰 Lovelace' });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('refuses a NUL byte in the login username', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: 'own\u0000er', password: 'anything at all' },
    });
    expectRefused(response, `username: ${CONTROL}`);
    // A password is only hashed: any character is simply a wrong password.
    const password = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: 'owner', password: 'pass\u0000word' },
    });
    expect(password.statusCode).toBe(401);
    expect(password.json().error).toBe('invalid_credentials');
  });

  it('refuses a NUL byte in a path id: the owner’s booking, the public look-up, a demo payment, the damage deposit', async () => {
    expectRefused(
      await t.app.inject({ method: 'POST', url: '/api/bookings/ab%00cd/confirm', headers: auth() }),
      `id: ${CONTROL}`,
    );
    expectRefused(
      await t.app.inject({ method: 'GET', url: '/api/bookings/ab%00cd/refund-preview', headers: auth() }),
      `id: ${CONTROL}`,
    );
    expectRefused(await t.app.inject({ method: 'GET', url: '/api/bookings/ab%00cd' }), `id: ${CONTROL}`);
    // The damage deposit's routes (docs/decisions/031-damage-deposit-hold.md).
    expectRefused(
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/bookings/ab%00cd/damage-hold/claim',
        headers: auth(),
        payload: { amountPence: 100, reason: 'A broken lamp.' },
      }),
      `reference: ${CONTROL}`,
    );
    expectRefused(
      await t.app.inject({ method: 'POST', url: '/api/manage/ab%00cd/damage-hold/authorise?key=k' }),
      `reference: ${CONTROL}`,
    );
    expectRefused(
      await t.app.inject({
        method: 'POST',
        url: '/api/demo-payments/pi_%00/confirm',
        payload: {
          clientSecret: 'pi_x_secret_y',
          card: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' },
        },
      }),
      `id: ${CONTROL}`,
    );
  });

  it('refuses a NUL byte in the checkout page’s booking id and in a block’s reason', async () => {
    expectRefused(
      await t.app.inject({
        method: 'POST',
        url: '/api/create-payment-intent',
        payload: { amount: 100, bookingId: 'ab\u0000cd' },
      }),
      `bookingId: ${CONTROL}`,
    );
    const dates = stayDates(3);
    expectRefused(
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/block-dates',
        headers: auth(),
        payload: { ...dates, reason: 'boiler\u0000' },
      }),
      `reason: ${CONTROL}`,
    );
    expect(await stayCount()).toBe(0);
  });
});

describe('integers beyond the database’s range', () => {
  const dates = stayDates(3);

  it('refuses GET /api/unavailable-dates/999999999999', async () => {
    expectRefused(
      await t.app.inject({ method: 'GET', url: '/api/unavailable-dates/999999999999' }),
      PROPERTY_ID_RANGE,
    );
    // The largest id the database holds is simply not a property.
    const largest = await t.app.inject({ method: 'GET', url: '/api/unavailable-dates/2147483647' });
    expect(largest.statusCode).toBe(404);
  });

  it('refuses propertyId 999999999999 in availability and in the quote', async () => {
    const query = `propertyId=999999999999&checkInDate=${dates.checkInDate}&checkOutDate=${dates.checkOutDate}`;
    expectRefused(
      await t.app.inject({ method: 'GET', url: `/api/availability?${query}` }),
      PROPERTY_ID_RANGE,
    );
    expectRefused(await t.app.inject({ method: 'GET', url: `/api/quote?${query}` }), PROPERTY_ID_RANGE);
  });

  it('refuses propertyId 999999999999 in block-dates and in the guest’s booking', async () => {
    expectRefused(
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/block-dates',
        headers: auth(),
        payload: { ...dates, propertyId: 999_999_999_999 },
      }),
      PROPERTY_ID_RANGE,
    );
    const request = bookingPageRequest(dates);
    expectRefused(
      await t.app.inject({
        method: 'POST',
        url: '/api/create-payment-intent',
        payload: { ...request, booking: { ...request.booking, propertyId: 999_999_999_999 } },
      }),
      `booking.${PROPERTY_ID_RANGE}`,
    );
    expect(await stayCount()).toBe(0);
  });
});

describe('owner bookings and blocks far in the future', () => {
  const ownerBooking = (checkOutDate: string, checkInDate = '2026-12-01') =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/bookings',
      headers: auth(),
      payload: phoneBookingForm({ checkInDate, checkOutDate }),
    });
  const block = (checkInDate: string, checkOutDate: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/block-dates',
      headers: auth(),
      payload: { checkInDate, checkOutDate },
    });
  const TOO_LONG =
    'An owner booking or block can last at most 12 months. For a longer period, add another one after it.';
  const TOO_FAR =
    'Owner bookings and blocks can start at most 24 months ahead. Please choose an earlier check-in date.';

  it('refuses an owner booking ending 9999-12-31, and takes one of 12 months', async () => {
    const response = await ownerBooking('9999-12-31');
    expectRefusal(response, 400, { error: 'owner_stay_too_long', message: TOO_LONG });
    expect(await stayCount()).toBe(0);
    const year = await ownerBooking('2027-12-01');
    expect(year.statusCode, year.body).toBe(201);
  });

  it('refuses an owner block ending 9999-12-31 or starting more than 24 months ahead', async () => {
    expect((await block('2026-12-01', '9999-12-31')).json()).toEqual({
      error: 'owner_stay_too_long',
      message: TOO_LONG,
    });
    const far = await block('2028-11-24', '2028-11-30');
    expectRefusal(far, 400, { error: 'owner_checkin_too_far_ahead', message: TOO_FAR });
    expect(await stayCount()).toBe(0);
    expect((await block('2028-11-23', '2028-11-30')).statusCode).toBe(201);
  });
});

describe('enquiries and quotes', () => {
  const enquiry = (overrides: Record<string, unknown>) =>
    sendEnquiry(t.app, (ms) => t.clock.advance(ms), dayHireEnquiry(overrides), {
      remoteAddress: '127.0.0.40',
    });

  it('refuses control characters in an enquiry with a sentence, and takes tabs and line breaks in its message', async () => {
    expectRefused(await enquiry({ name: 'Grace\u0000Hopper' }), `name: ${CONTROL}`);
    expectRefused(await enquiry({ message: 'Lunch for twelve \u0007 please' }), `message: ${CONTROL}`);
    expectRefused(await enquiry({ people: 999_999_999_999 }), 'people: At most 50 people');
    expectRefused(
      await enquiry({ dateFrom: '9999-99-99x' }),
      'dateFrom: dateFrom must be a date written yyyy-MM-dd',
    );
    const ok = await enquiry({ message: 'Lunch for twelve,\r\n\tabout 12:30, please.' });
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('refuses a quote in the year 9999 and control characters in what it includes, holding nothing', async () => {
    const quote = (overrides: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/quotes',
        headers: auth(),
        payload: { ...dayHireQuoteForm(), holdDates: true, ...overrides },
      });
    expectRefused(await quote({ included: 'Lunch\u0000' }), `included: ${CONTROL}`);
    const far = await quote({ checkInDate: '9999-12-30' });
    expect(far.statusCode).toBe(400);
    expect(far.json().error).toBe('owner_checkin_too_far_ahead');
    expect(await stayCount()).toBe(0);
  });

  it("refuses a NUL byte in a quote link's key", async () => {
    expectRefused(
      await t.app.inject({ method: 'GET', url: '/api/quotes/q1?key=ab%00cd' }),
      `key: ${CONTROL}`,
    );
  });
});

describe('addresses the router cannot take', () => {
  it('answers a broken %-escape and an overlong path parameter in the {error, message} shape', async () => {
    const broken = await t.app.inject({ method: 'GET', url: '/api/bookings/%zz' });
    expectRefusal(broken, 400, {
      error: 'bad_request',
      message: 'The address of this request is not valid: a % must begin an escape such as %20.',
    });
    const long = await t.app.inject({ method: 'GET', url: `/downloads/${'x'.repeat(101)}` });
    expectRefusal(long, 414, {
      error: 'bad_request',
      message: 'A part of the address of this request is too long.',
    });
  });
});

describe('a data exception that gets past the schemas', () => {
  it('answers 400 invalid_input with a sentence and logs a warning with the code, never the value', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/bookings',
      headers: auth(),
      payload: phoneBookingForm(stayDates(5)),
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().booking.id as string;

    failConfirmation = true;
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${id}/confirm`,
      headers: auth(),
    });
    expectRefusal(response, 400, { error: 'invalid_input', message: 'A value in the request is not valid.' });
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: WARN,
        msg: 'the database refused a value of the request',
        pgCode: '22P02',
        route: '/api/bookings/:id/confirm',
      }),
    );
    expect(JSON.stringify(lines)).not.toContain(SECRET_VALUE);
    // The confirmation's transaction was rolled back.
    const [row] = await t.database.db.select().from(stays);
    expect(row?.status).toBe('pending');
  });
});
