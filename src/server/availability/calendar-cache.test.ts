import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../domain/dates.ts';
import { UNAVAILABLE_CACHE_TTL_MS } from '../bookings/calendar.ts';
import { bookingPageRequest, startCheckout } from '../payments/test/payment-harness.ts';
import { createTestApp, TEST_ADMIN, type TestApp } from '../test/test-app.ts';

// The guest's calendar (/api/unavailable-dates) and the availability check are answered from memory between
// writes. These tests prime that memory first, then write through the API, and expect the next read to agree.

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: TEST_ADMIN })).json().token;
});
afterAll(async () => {
  await t.close();
});

const calendar = async () => {
  const response = await t.app.inject({ method: 'GET', url: '/api/unavailable-dates/1' });
  expect(response.statusCode).toBe(200);
  return response.json().unavailableDates as string[];
};
const available = async (checkInDate: string, checkOutDate: string) => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/availability?propertyId=1&checkInDate=${checkInDate}&checkOutDate=${checkOutDate}`,
  });
  expect(response.statusCode).toBe(200);
  return response.json().available as boolean;
};
const blockDates = (checkInDate: string, checkOutDate: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/block-dates',
    headers: { authorization: `Bearer ${token}` },
    payload: { checkInDate, checkOutDate, reason: 'cache test' },
  });

describe('GET /api/unavailable-dates and /api/availability between writes', () => {
  it('answer the calendar as JSON, the same from the database and from memory', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/unavailable-dates/1' });
    const second = await t.app.inject({ method: 'GET', url: '/api/unavailable-dates/1' });
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(second.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(second.body).toBe(first.body);
    expect(first.json()).toEqual({
      unavailableDates: expect.any(Array),
      bookingsCount: 0,
      blockedDatesCount: 0,
    });
  });

  it('show an owner block made through the admin API at once, in the calendar and the availability check', async () => {
    expect(await calendar()).not.toContain('2027-02-02');
    expect(await available('2027-02-01', '2027-02-04')).toBe(true);
    expect((await blockDates('2027-02-02', '2027-02-03')).statusCode).toBe(201);
    expect(await calendar()).toContain('2027-02-02');
    expect(await available('2027-02-01', '2027-02-04')).toBe(false);
  });

  it('show a payment hold at once and free its nights the moment its hold lapses on the clock', async () => {
    const dates = { checkInDate: '2027-03-01', checkOutDate: '2027-03-04' };
    expect(await available(dates.checkInDate, dates.checkOutDate)).toBe(true);
    const hold = await startCheckout(t.app, dates);
    expect(hold.statusCode, hold.body).toBe(200);
    const holdExpiresAt = new Date(hold.json().holdExpiresAt).getTime();
    expect(await calendar()).toEqual(expect.arrayContaining(['2027-03-01', '2027-03-02', '2027-03-03']));
    expect(await available(dates.checkInDate, dates.checkOutDate)).toBe(false);

    t.clock.set(new Date(holdExpiresAt - 1).toISOString());
    expect(await available(dates.checkInDate, dates.checkOutDate)).toBe(false);
    expect(await calendar()).toContain('2027-03-01');

    t.clock.set(new Date(holdExpiresAt).toISOString());
    expect(await calendar()).not.toContain('2027-03-01');
    expect(await available(dates.checkInDate, dates.checkOutDate)).toBe(true);
  });

  it('keep a write made while the calendar is being refreshed in the background', async () => {
    expect(await calendar()).not.toContain('2027-04-06');
    t.clock.advance(UNAVAILABLE_CACHE_TTL_MS / 2); // the next read refreshes ahead, serving from memory
    const [, block] = await Promise.all([calendar(), blockDates('2027-04-06', '2027-04-08')]);
    expect(block.statusCode).toBe(201);
    expect(await calendar()).toEqual(expect.arrayContaining(['2027-04-06', '2027-04-07']));
    expect(await available('2027-04-05', '2027-04-08')).toBe(false);
  });
});

describe('GET /api/unavailable-dates while bookings are written', () => {
  it('answers from memory after a write is answered, without the database, and shows the write', async () => {
    const own = await createTestApp();
    try {
      const dates = { checkInDate: '2027-05-03', checkOutDate: '2027-05-06' };
      expect((await own.app.inject({ method: 'GET', url: '/api/unavailable-dates/1' })).statusCode).toBe(200);
      const hold = await startCheckout(own.app, dates);
      expect(hold.statusCode, hold.body).toBe(200);
      // The bookings module read the calendar again after the hold committed: the next reader needs no database.
      await own.database.close();
      const read = await own.app.inject({ method: 'GET', url: '/api/unavailable-dates/1' });
      expect(read.statusCode).toBe(200);
      expect(read.json().unavailableDates).toEqual(
        expect.arrayContaining(['2027-05-03', '2027-05-04', '2027-05-05']),
      );
    } finally {
      await own.app.close();
    }
  });

  it('shows every hold of a burst to the reader right after its answer, and all of them afterwards', async () => {
    const stayOf = (i: number) => {
      const checkInDate = addDays('2027-06-01', 2 * i);
      return { checkInDate, checkOutDate: addDays(checkInDate, 2) };
    };
    // Twenty guests at once (each from its own address), each holding two nights, and readers in between.
    const holds = Array.from({ length: 20 }, async (_, i) => {
      const hold = await t.app.inject({
        method: 'POST',
        url: '/api/create-payment-intent',
        remoteAddress: `127.0.2.${i + 1}`,
        payload: bookingPageRequest(stayOf(i)),
      });
      expect(hold.statusCode, hold.body).toBe(200);
      expect(await calendar()).toContain(stayOf(i).checkInDate);
    });
    const readers = Array.from({ length: 20 }, () => calendar());
    await Promise.all([...holds, ...readers]);
    const all = await calendar();
    for (let i = 0; i < 20; i++) expect(all).toContain(stayOf(i).checkInDate);
  });
});
