import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingReference } from '../../domain/booking-reference.ts';
import { todayOnPropertyClock } from '../../domain/dates.ts';
import { computeRefund } from '../../domain/refunds.ts';
import { stayNightShares } from '../../domain/reports.ts';
import { DEFAULT_BASE_RATES } from '../../domain/test-fixtures.ts';
import { importedEvents, stays } from '../db/schema.ts';
import { payForStay } from '../test/paid-booking.ts';
import { adminToken, createTestApp, type TestApp } from '../test/test-app.ts';
import { toReportStay } from './reports.ts';
import { ownerCalls } from './test-support.ts';

let t: TestApp;
let token: string;

const get = (url: string, auth = true) =>
  t.app.inject({ method: 'GET', url, headers: auth ? { authorization: `Bearer ${token}` } : {} });
const call = ownerCalls(
  () => t,
  () => token,
);
const stayRow = async (id: string) => (await t.database.db.select().from(stays).where(eq(stays.id, id)))[0]!;

let across: string; // 30 May to 2 June 2027, stays
let cancelled: string; // 10 to 13 May 2027, cancelled by the owner: refunded in full
let byTerms: string; // 10 to 13 June 2027, cancelled under the terms: the levy back with what they give
/** The three paid stays' rows as stored now. */
const theThreeStays = async () => ({
  stayed: await stayRow(across),
  refunded: await stayRow(cancelled),
  refundedByTerms: await stayRow(byTerms),
});

beforeAll(async () => {
  t = await createTestApp();
  token = await adminToken(t.app);
  await call('PUT', '/api/admin/rate-plan/base', {
    ...DEFAULT_BASE_RATES,
    levy: { percent: 7, startDate: '2027-04-01' },
  });
  const guest = { name: 'Ada Guest', email: 'ada@example.com' };
  across = (await payForStay(call, { checkInDate: '2027-05-30', checkOutDate: '2027-06-02' }, guest))
    .bookingId;
  cancelled = (await payForStay(call, { checkInDate: '2027-05-10', checkOutDate: '2027-05-13' }, guest))
    .bookingId;
  await call('POST', `/api/bookings/${cancelled}/cancel`, { byOwner: true });
  byTerms = (await payForStay(call, { checkInDate: '2027-06-10', checkOutDate: '2027-06-13' }, guest))
    .bookingId;
  await call('POST', `/api/bookings/${byTerms}/cancel`, { byOwner: false });
  await call('POST', '/api/admin/block-dates', {
    propertyId: 1,
    checkInDate: '2027-05-20',
    checkOutDate: '2027-05-22',
    reason: 'Painting',
  });
  await t.database.db.insert(importedEvents).values([
    { sourceId: 'airbnb', propertyId: 1, uid: 'a@airbnb', checkIn: '2027-05-24', checkOut: '2027-05-27' },
    // Our own stay sent back by the channel: not its reservation.
    {
      sourceId: 'booking',
      propertyId: 1,
      uid: 'b@booking',
      checkIn: '2027-05-30',
      checkOut: '2027-06-02',
      echo: true,
    },
  ]);
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/admin/reports', () => {
  it('answers 401 without the admin session', async () => {
    expect((await get('/api/admin/reports?from=2027-05-01&to=2027-05-31', false)).statusCode).toBe(401);
  });

  it('answers a month’s figures from the stored quotes: a stay across the month end counts its May nights', async () => {
    const response = await get('/api/admin/reports?from=2027-05-01&to=2027-05-31');
    expect(response.statusCode).toBe(200);
    const report = response.json();
    const shares = stayNightShares(toReportStay(await stayRow(across))).filter((s) => s.date <= '2027-05-31');
    const sum = (pick: (s: (typeof shares)[number]) => number) => shares.reduce((a, s) => a + pick(s), 0);
    const refunded = await stayRow(cancelled);
    expect(refunded.refundedPence).toBe(refunded.totalPence);
    expect(report).toMatchObject({
      nightsAvailable: 29,
      nightsSold: 2,
      revenue: {
        accommodation: sum((s) => s.accommodation),
        cleaning: sum((s) => s.cleaning),
        service: sum((s) => s.service),
        levy: sum((s) => s.levy),
        refunds: refunded.totalPence,
      },
      adr: Math.round(sum((s) => s.accommodation) / 2),
      revpar: Math.round(sum((s) => s.accommodation) / 29),
      cancellations: 1,
      channels: { direct: 2, airbnb: 3, booking: 0 },
    });
    expect(report.occupancy).toBeCloseTo(2 / 29);
    expect(report.revenue.levy).toBeGreaterThan(0);
    expect(report.months.map((m: { month: string }) => m.month)).toEqual(['2027-05']);
    expect(report.pace[0]).toEqual({ month: '2026-11', nights: 0, lastYearNights: 0 });
  });

  it('answers each month of a range, the stay’s nights and money split between May and June', async () => {
    const row = await stayRow(across);
    const { months } = (await get('/api/admin/reports?from=2027-05-01&to=2027-06-30')).json();
    expect(months.map((m: { nightsSold: number }) => m.nightsSold)).toEqual([2, 1]);
    expect(months[0].revenue.accommodation + months[1].revenue.accommodation).toBe(row.accommodationPence);
    expect(months[0].revenue.levy + months[1].revenue.levy).toBe(row.levyPence);
  });

  it('answers a bad range with a sentence', async () => {
    const cases: [string, string][] = [
      ['from=2027-05-31&to=2027-05-01', 'The end of the range (to) must be on or after its start (from).'],
      ['from=2027-02-30&to=2027-03-01', 'from is not a real date.'],
      ['from=May&to=2027-03-01', 'from must be a date written yyyy-MM-dd'],
      ['to=2027-03-01', 'from is required (yyyy-MM-dd)'],
      ['from=2020-01-01&to=2027-03-01', 'A report covers at most 1200 days: choose a shorter range.'],
    ];
    for (const [query, message] of cases) {
      const response = await get(`/api/admin/reports?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message, query).toContain(message);
    }
  });
});

describe('the visitor levy return', () => {
  it('refunds the levy with the accommodation when a guest’s stay is cancelled under the terms', async () => {
    const row = await stayRow(byTerms);
    const terms = computeRefund({
      checkIn: row.checkIn,
      cancelledOn: todayOnPropertyClock(t.clock.now()),
      accommodationPence: row.accommodationPence,
      serviceFeePence: row.serviceFeePence,
      cleaningFeePence: row.cleaningFeePence,
      paidPence: row.paidPence,
    });
    expect(row.levyPence).toBeGreaterThan(0);
    expect(row.refundedPence).toBe(terms.amountPence + row.levyPence);
  });

  it('equals the sum of the quotes’ levy lines less the levy refunded, stays listed', async () => {
    const { stayed, refunded, refundedByTerms } = await theThreeStays();
    const response = await get('/api/admin/reports/levy?quarter=2027-Q2');
    expect(response.statusCode).toBe(200);
    const result = response.json();
    expect(result).toMatchObject({
      quarter: '2027-Q2',
      from: '2027-04-01',
      to: '2027-06-30',
      levy: { percent: 7, startDate: '2027-04-01' },
      liableStays: 1,
      accommodationPence: stayed.accommodationPence,
      levyChargedPence: stayed.levyPence + refunded.levyPence + refundedByTerms.levyPence,
      levyRefundedPence: refunded.levyPence + refundedByTerms.levyPence,
      netDuePence: stayed.levyPence,
    });
    expect(result.stays.map((s: { reference: string }) => s.reference)).toEqual([
      bookingReference(cancelled),
      bookingReference(across),
      bookingReference(byTerms),
    ]);
    expect(result.quarters).toEqual(['2027-Q2']); // today (November 2026) is before the levy: its first quarter

    const csv = await get('/api/admin/reports/levy.csv?quarter=2027-Q2');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('visitor-levy-2027-Q2.csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines).toHaveLength(5);
    expect(lines[4]).toContain(`,${(stayed.levyPence / 100).toFixed(2)}`);
  });

  it('refuses a quarter before the levy, a quarter written wrong, and any return without a levy', async () => {
    const before = await get('/api/admin/reports/levy?quarter=2027-Q1');
    expect(before.statusCode).toBe(400);
    expect(before.json().message).toBe(
      'The visitor levy starts on Thursday 1 April 2027: its first return is for 2027-Q2.',
    );
    const wrong = await get('/api/admin/reports/levy?quarter=2027-5');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toContain('quarter must be written like 2027-Q2');
    await call('PUT', '/api/admin/rate-plan/base', { ...DEFAULT_BASE_RATES, levy: null });
    const none = await get('/api/admin/reports/levy?quarter=2027-Q2');
    expect(none.statusCode).toBe(409);
    expect(none.json().error).toBe('levy_not_set');
    await call('PUT', '/api/admin/rate-plan/base', {
      ...DEFAULT_BASE_RATES,
      levy: { percent: 7, startDate: '2027-04-01' },
    });
  });
});

describe('the tax year', () => {
  it('counts money received and refunded on the day it moved, as JSON and CSV', async () => {
    const { stayed, refunded, refundedByTerms } = await theThreeStays();
    const response = await get('/api/admin/reports/tax-year?year=2026');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      label: '2026–27',
      from: '2026-04-06',
      to: '2027-04-05',
      receivedPence: stayed.paidPence + refunded.paidPence + refundedByTerms.paidPence,
      refundedPence: refunded.refundedPence + refundedByTerms.refundedPence,
      netPence: stayed.paidPence + refundedByTerms.paidPence - refundedByTerms.refundedPence,
      payments: 3,
      refunds: 2,
      feesPence: null,
    });
    expect((await get('/api/admin/reports/tax-year?year=2027')).json().receivedPence).toBe(0);
    const csv = await get('/api/admin/reports/tax-year.csv?year=2026');
    expect(csv.headers['content-disposition']).toContain('tax-year-2026-04-06-to-2027-04-05.csv');
    expect(csv.body.split('\r\n')[0]).toBe(
      'Date,Reference,What,Received (GBP),Refunded (GBP),Provider fee (GBP)',
    );
    const bad = await get('/api/admin/reports/tax-year?year=twenty');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('year must be');
  });
});
