import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { THURSDAY_TO_SUNDAY_QUOTE } from '../../domain/test-fixtures.ts';
import { UNAVAILABLE_CACHE_TTL_MS } from '../bookings/calendar.ts';
import { pgErrorCode } from '../db/database.ts';
import { auditLog, importedEvents, stays } from '../db/schema.ts';
import { signedInTestApp } from '../test/per-file.ts';
import { expectRefusal } from '../test/refusal.ts';
import { emptyTables, TEST_NOW } from '../test/test-app.ts';

const t = signedInTestApp();
beforeEach(async () => {
  t.clock.set(TEST_NOW);
  await emptyTables(t.database, importedEvents, stays);
  t.app.bookings.calendar.forget();
});

type StayRow = typeof stays.$inferInsert;
async function insertStay(overrides: Partial<StayRow> & Pick<StayRow, 'checkIn' | 'checkOut'>) {
  // Through the app's bookings module, which reads the guest's calendar again after the write.
  return t.app.bookings.insertStay({
    id: randomUUID(),
    propertyId: 1,
    kind: 'guest',
    status: 'confirmed',
    contactName: 'Ada Guest',
    contactEmail: 'ada@example.test',
    ...overrides,
  });
}

const get = (url: string) => t.app.inject({ method: 'GET', url });
const availability = (checkIn: string, checkOut: string, propertyId = 1) =>
  get(`/api/availability?propertyId=${propertyId}&checkInDate=${checkIn}&checkOutDate=${checkOut}`);
const quote = (checkIn: string, checkOut: string, propertyId = 1) =>
  get(`/api/quote?propertyId=${propertyId}&checkInDate=${checkIn}&checkOutDate=${checkOut}`);
const blockDates = (payload: Record<string, unknown>, auth = true) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/block-dates',
    payload,
    headers: auth ? { authorization: `Bearer ${t.token}` } : {},
  });

describe('the stays table', () => {
  it('refuses two overlapping live rows with the exclusion error 23P01 (plain SQL)', async () => {
    const db = t.database.db;
    await db.execute(sql`insert into stays (id, property_id, kind, status, check_in, check_out, contact_name)
      values ('sql-a', 1, 'guest', 'confirmed', '2027-03-04', '2027-03-07', 'A')`);
    const error = await db
      .execute(sql`insert into stays (id, property_id, kind, status, check_in, check_out, contact_name)
        values ('sql-b', 1, 'block', 'pending', '2027-03-06', '2027-03-08', 'B')`)
      .then(() => undefined)
      .catch((caught: unknown) => caught);
    expect(pgErrorCode(error)).toBe('23P01');
  });

  it('accepts rows that only touch, and overlapping rows that are no longer live', async () => {
    const db = t.database.db;
    await db.execute(sql`insert into stays (id, property_id, kind, status, check_in, check_out, contact_name)
      values ('t-a', 1, 'guest', 'confirmed', '2027-03-04', '2027-03-07', 'A'),
             ('t-b', 1, 'guest', 'confirmed', '2027-03-07', '2027-03-09', 'B'),
             ('t-c', 1, 'guest', 'canceled', '2027-03-05', '2027-03-08', 'C'),
             ('t-d', 1, 'guest', 'expired', '2027-03-05', '2027-03-08', 'D')`);
    const [row] = (
      (await db.execute(sql`select count(*)::int as n from stays`)) as unknown as { rows: { n: number }[] }
    ).rows;
    expect(row?.n).toBe(4);
  });
});

describe('GET /api/availability', () => {
  it('is true for free nights', async () => {
    const response = await availability('2027-03-04', '2027-03-07');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ available: true });
  });

  it('is false when an owner block overlaps by one night', async () => {
    await insertStay({
      kind: 'block',
      contactName: 'Owner Block',
      checkIn: '2027-03-06',
      checkOut: '2027-03-10',
    });
    expect((await availability('2027-03-04', '2027-03-07')).json()).toEqual({ available: false });
  });

  it('is false when a confirmed booking overlaps by one night', async () => {
    await insertStay({ checkIn: '2027-03-01', checkOut: '2027-03-05' });
    expect((await availability('2027-03-04', '2027-03-07')).json()).toEqual({ available: false });
  });

  it('is true when two stays only touch, on either side', async () => {
    await insertStay({ checkIn: '2027-03-01', checkOut: '2027-03-04' });
    await insertStay({ checkIn: '2027-03-07', checkOut: '2027-03-09' });
    expect((await availability('2027-03-04', '2027-03-07')).json()).toEqual({ available: true });
  });

  it('is false during a live payment hold and true once the hold has lapsed', async () => {
    const holdExpiresAt = new Date(new Date(TEST_NOW).getTime() + 15 * 60_000);
    await insertStay({ status: 'pending', holdExpiresAt, checkIn: '2027-03-05', checkOut: '2027-03-06' });
    expect((await availability('2027-03-04', '2027-03-07')).json()).toEqual({ available: false });
    t.clock.advance(15 * 60_000);
    expect((await availability('2027-03-04', '2027-03-07')).json()).toEqual({ available: true });
  });

  it('is false when an imported channel event overlaps, true for canceled stays', async () => {
    await insertStay({ status: 'canceled', checkIn: '2027-03-04', checkOut: '2027-03-07' });
    expect((await availability('2027-03-04', '2027-03-07')).json()).toEqual({ available: true });
    await t.database.db.insert(importedEvents).values({
      sourceId: 'airbnb',
      propertyId: 1,
      uid: 'abc@airbnb',
      checkIn: '2027-03-06',
      checkOut: '2027-03-08',
    });
    t.app.bookings.calendar.forget(); // calendar sync's import reads the calendar again after its commit
    expect((await availability('2027-03-04', '2027-03-07')).json()).toEqual({ available: false });
  });

  it('sees a write made around the bookings module (another process) once the cache time has passed', async () => {
    expect((await availability('2027-03-04', '2027-03-07')).json()).toEqual({ available: true });
    await t.database.db.insert(stays).values({
      id: randomUUID(),
      propertyId: 1,
      kind: 'guest',
      status: 'confirmed',
      contactName: 'Written elsewhere',
      checkIn: '2027-03-05',
      checkOut: '2027-03-06',
    });
    t.clock.advance(UNAVAILABLE_CACHE_TTL_MS);
    expect((await availability('2027-03-04', '2027-03-07')).json()).toEqual({ available: false });
  });

  it.each([
    ['a malformed date', '2027-3-4', '2027-03-07', 'invalid_date', 'yyyy-MM-dd'],
    ['29 February of a common year', '2027-02-29', '2027-03-03', 'invalid_date', 'yyyy-MM-dd'],
    ['check-out before check-in', '2027-03-07', '2027-03-04', 'checkout_not_after_checkin', 'after'],
    ['one night', '2027-03-04', '2027-03-05', 'too_few_nights', 'minimum stay of 2 nights'],
    ['29 nights', '2027-03-01', '2027-03-30', 'too_many_nights', 'maximum of 28 nights'],
    ['a check-in in the past', '2026-11-22', '2026-11-25', 'checkin_in_past', 'past'],
    [
      'a check-in more than 12 months ahead',
      '2027-11-24',
      '2027-11-27',
      'checkin_too_far_ahead',
      '12 months',
    ],
  ])('answers 400 with a message for %s', async (_case, checkIn, checkOut, code, words) => {
    const response = await availability(checkIn, checkOut);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(code);
    expect(response.json().message).toContain(words);
  });

  it('answers 400 naming the missing parameter', async () => {
    const response = await get('/api/availability?propertyId=1&checkInDate=2027-03-04');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: 'invalid_input',
      message: expect.stringContaining('checkOutDate'),
    });
  });

  it('answers 404 for an unknown property and 400 for a property id that is not a number', async () => {
    const unknown = await availability('2027-03-04', '2027-03-07', 99);
    expectRefusal(unknown, 404, { error: 'property_not_found', message: 'There is no property with id 99.' });
    const bad = await get('/api/availability?propertyId=abc&checkInDate=2027-03-04&checkOutDate=2027-03-07');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('propertyId');
  });
});

describe('GET /api/quote', () => {
  it('prices Thursday 2027-03-04 to Sunday 2027-03-07: 3 nights, 775 + 100 + 39 = 914', async () => {
    const response = await quote(THURSDAY_TO_SUNDAY_QUOTE.checkIn, THURSDAY_TO_SUNDAY_QUOTE.checkOut);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject(THURSDAY_TO_SUNDAY_QUOTE.quote);
  });

  it('prices a Monday-to-Monday week at 1675 / 100 / 84 / 1859', async () => {
    const body = (await quote('2027-03-01', '2027-03-08')).json();
    expect([body.nights, body.accommodation, body.cleaningFee, body.serviceFee, body.total]).toEqual([
      7, 1675, 100, 84, 1859,
    ]);
  });

  it('answers 400 for a stay outside the rules and 404 for an unknown property', async () => {
    const oneNight = await quote('2027-03-04', '2027-03-05');
    expectRefusal(oneNight, 400, {
      error: 'too_few_nights',
      message: 'The Tower requires a minimum stay of 2 nights for all bookings.',
    });
    expect((await quote('2027-03-04', '2027-03-07', 2)).statusCode).toBe(404);
  });
});

describe('GET /api/unavailable-dates/:propertyId', () => {
  it('lists every taken night from today on, with the counts', async () => {
    await insertStay({ checkIn: '2026-11-20', checkOut: '2026-11-25' }); // began before today
    await insertStay({ checkIn: '2026-11-01', checkOut: '2026-11-05' }); // over
    await insertStay({
      kind: 'block',
      contactName: 'Owner Block',
      checkIn: '2026-12-24',
      checkOut: '2026-12-26',
    });
    await insertStay({
      status: 'pending',
      holdExpiresAt: new Date('2026-11-23T10:15:00Z'),
      checkIn: '2027-01-01',
      checkOut: '2027-01-03',
    });
    await insertStay({
      status: 'pending',
      holdExpiresAt: new Date('2026-11-23T09:00:00Z'), // lapsed
      checkIn: '2027-02-01',
      checkOut: '2027-02-03',
    });
    await insertStay({ status: 'canceled', checkIn: '2027-02-10', checkOut: '2027-02-12' });
    await t.database.db.insert(importedEvents).values({
      sourceId: 'booking',
      propertyId: 1,
      uid: 'b-1',
      checkIn: '2027-01-02',
      checkOut: '2027-01-04',
    });
    const response = await get('/api/unavailable-dates/1');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      unavailableDates: [
        '2026-11-23',
        '2026-11-24',
        '2026-12-24',
        '2026-12-25',
        '2027-01-01',
        '2027-01-02',
        '2027-01-03',
      ],
      bookingsCount: 3,
      blockedDatesCount: 1,
    });
  });

  it('frees the nights of a hold when it lapses, even while the answer is cached', async () => {
    await insertStay({
      status: 'pending',
      holdExpiresAt: new Date('2026-11-23T10:15:00Z'),
      checkIn: '2027-01-01',
      checkOut: '2027-01-03',
    });
    expect((await get('/api/unavailable-dates/1')).json().unavailableDates).toEqual([
      '2027-01-01',
      '2027-01-02',
    ]);
    t.clock.set('2026-11-23T10:15:00Z');
    expect((await get('/api/unavailable-dates/1')).json().unavailableDates).toEqual([]);
  });

  it('answers 404 for an unknown property', async () => {
    const response = await get('/api/unavailable-dates/7');
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('There is no property with id 7.');
  });
});

describe('POST /api/admin/block-dates', () => {
  it('answers 401 without the admin token', async () => {
    const response = await blockDates({ checkInDate: '2027-03-04', checkOutDate: '2027-03-07' }, false);
    expect(response.statusCode).toBe(401);
  });

  it('creates an owner block on property 1 by default, shows it at once and writes the audit log', async () => {
    expect((await get('/api/unavailable-dates/1')).json().unavailableDates).toEqual([]); // now cached
    const response = await blockDates({
      checkInDate: '2027-03-04',
      checkOutDate: '2027-03-05',
      reason: 'Boiler',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      id: expect.any(String),
      propertyId: 1,
      kind: 'block',
      status: 'confirmed',
      checkInDate: '2027-03-04',
      checkOutDate: '2027-03-05',
      contactName: 'Owner Block',
      reason: 'Boiler',
    });
    expect((await get('/api/unavailable-dates/1')).json()).toEqual({
      unavailableDates: ['2027-03-04'],
      bookingsCount: 0,
      blockedDatesCount: 1,
    });
    expect((await availability('2027-03-02', '2027-03-05')).json()).toEqual({ available: false });
    const audit = await t.database.db.select().from(auditLog);
    expect(audit.find((row) => row.action === 'stays.block')).toMatchObject({
      actor: 'owner',
      details: { stayId: response.json().id, checkInDate: '2027-03-04', reason: 'Boiler' },
    });
  });

  it('lets the owner block more than 28 nights', async () => {
    const response = await blockDates({ checkInDate: '2027-06-01', checkOutDate: '2027-08-01' });
    expect(response.statusCode).toBe(201);
  });

  it('answers 409 when the nights overlap a live stay, and takes the place of a lapsed hold', async () => {
    await insertStay({ checkIn: '2027-03-01', checkOut: '2027-03-05' });
    const overlap = await blockDates({ checkInDate: '2027-03-04', checkOutDate: '2027-03-06' });
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json()).toMatchObject({
      error: 'dates_unavailable',
      message: expect.stringContaining('overlap'),
    });

    const lapsed = await insertStay({
      status: 'pending',
      holdExpiresAt: new Date('2026-11-23T09:59:00Z'),
      checkIn: '2027-04-01',
      checkOut: '2027-04-03',
    });
    expect((await blockDates({ checkInDate: '2027-04-01', checkOutDate: '2027-04-02' })).statusCode).toBe(
      201,
    );
    const rows = await t.database.db.select().from(stays);
    expect(rows.find((row) => row.id === lapsed.id)?.status).toBe('expired');
  });

  it('answers 400 for a block in the past or with check-out before check-in', async () => {
    const past = await blockDates({ checkInDate: '2026-11-22', checkOutDate: '2026-11-24' });
    expect(past.statusCode).toBe(400);
    expect(past.json().error).toBe('checkin_in_past');
    const reversed = await blockDates({ checkInDate: '2027-03-07', checkOutDate: '2027-03-04' });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().error).toBe('checkout_not_after_checkin');
    const missing = await blockDates({ checkInDate: '2027-03-07' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('checkOutDate');
  });
});

describe('bookings repository', () => {
  it('expires lapsed holds only', async () => {
    const repo = t.app.bookings;
    const lapsed = await insertStay({
      status: 'pending',
      holdExpiresAt: new Date('2026-11-23T10:00:00Z'),
      checkIn: '2027-04-01',
      checkOut: '2027-04-03',
    });
    const live = await insertStay({
      status: 'pending',
      holdExpiresAt: new Date('2026-11-23T10:00:01Z'),
      checkIn: '2027-05-01',
      checkOut: '2027-05-03',
    });
    const now = t.clock.now();
    expect(await repo.expireLapsedHolds({ now })).toEqual([lapsed.id]);
    expect(await repo.isFree({ propertyId: 1, checkIn: '2027-04-01', checkOut: '2027-04-03', now })).toBe(
      true,
    );
    expect(await repo.isFree({ propertyId: 1, checkIn: '2027-05-01', checkOut: '2027-05-03', now })).toBe(
      false,
    );
    expect(
      await repo.isFree({
        propertyId: 1,
        checkIn: '2027-05-01',
        checkOut: '2027-05-03',
        now,
        excludeStayId: live.id,
      }),
    ).toBe(true);
    expect(await t.app.bookings.calendar.takenNights(1, now)).toEqual(['2027-05-01', '2027-05-02']);
  });
});
