import { describe, expect, it } from 'vitest';
import {
  type ChannelEvent,
  monthlyFigures,
  type NightSpan,
  pace,
  type ReportStay,
  reportFigures,
  shareByWeights,
  stayNightShares,
} from './reports.ts';

/** A confirmed stay of 3 weekday nights at £200, £100 cleaning, £30 service, no levy, paid in full. */
function stay(change: Partial<ReportStay> = {}): ReportStay {
  return {
    id: 's1',
    status: 'confirmed',
    checkIn: '2027-05-10',
    checkOut: '2027-05-13',
    bookedOn: '2027-04-10',
    canceledOn: null,
    accommodationPence: 60_000,
    cleaningFeePence: 10_000,
    serviceFeePence: 3_000,
    levyPence: 0,
    paidPence: 73_000,
    refundedPence: 0,
    nightPrices: [20_000, 20_000, 20_000],
    levyNights: 0,
    ...change,
  };
}
const input = (stays: ReportStay[], blocks: NightSpan[] = [], channelEvents: ChannelEvent[] = []) => ({
  stays,
  blocks,
  channelEvents,
});

describe('shareByWeights', () => {
  it('shares to the penny by the weights, the remainder to the largest fractions', () => {
    expect(shareByWeights(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(shareByWeights(1000, [1, 3])).toEqual([250, 750]);
    expect(shareByWeights(10, [0, 0])).toEqual([5, 5]);
    expect(shareByWeights(0, [])).toEqual([]);
  });
});

describe('a stay night by night', () => {
  it('shares the stored money by the quoted nights, the levy over the levied (last) nights only', () => {
    const shares = stayNightShares(
      stay({
        checkIn: '2027-03-30',
        checkOut: '2027-04-02',
        nightPrices: [20_000, 20_000, 30_000],
        accommodationPence: 63_000, // after a 10 % discount
        levyPence: 3_150, // 7 % of the last two nights' share (45 000)
        levyNights: 2,
      }),
    );
    expect(shares.map((s) => s.accommodation)).toEqual([18_000, 18_000, 27_000]);
    expect(shares.map((s) => s.levy)).toEqual([0, 1_260, 1_890]);
    expect(shares.reduce((sum, s) => sum + s.cleaning, 0)).toBe(10_000);
  });
});

describe('the figures of a range', () => {
  it('counts nights available as the nights in the range less the owner’s blocks', () => {
    const figures = reportFigures(
      input([], [{ checkIn: '2027-05-30', checkOut: '2027-06-03' }]),
      '2027-05-01',
      '2027-05-31',
    );
    expect(figures.nights).toBe(31);
    expect(figures.nightsBlocked).toBe(2);
    expect(figures.nightsAvailable).toBe(29);
  });

  it('gives occupancy, ADR and RevPAR from the stored quote', () => {
    const figures = reportFigures(
      input([stay()], [{ checkIn: '2027-05-01', checkOut: '2027-05-02' }]),
      '2027-05-01',
      '2027-05-31',
    );
    expect(figures.nightsSold).toBe(3);
    expect(figures.nightsAvailable).toBe(30);
    expect(figures.occupancy).toBeCloseTo(0.1);
    expect(figures.revenue).toEqual({
      accommodation: 60_000,
      cleaning: 10_000,
      service: 3_000,
      levy: 0,
      refunds: 0,
    });
    expect(figures.adr).toBe(20_000);
    expect(figures.revpar).toBe(2_000);
  });

  it('counts a stay across a month end in each month, its money pro rata by night', () => {
    const across = stay({
      checkIn: '2027-05-30',
      checkOut: '2027-06-02',
      nightPrices: [20_000, 20_000, 20_000],
    });
    const [may, june] = monthlyFigures(input([across]), '2027-05-01', '2027-06-30');
    expect(may?.month).toBe('2027-05');
    expect(may?.nightsSold).toBe(2);
    expect(may?.revenue.accommodation).toBe(40_000);
    expect(june?.nightsSold).toBe(1);
    expect(june?.revenue.accommodation).toBe(20_000);
    expect((may?.revenue.cleaning ?? 0) + (june?.revenue.cleaning ?? 0)).toBe(10_000);
  });

  it('reverses a refunded stay: no nights, revenue or levy, its refund counted', () => {
    const refunded = stay({
      status: 'canceled',
      canceledOn: '2027-04-20',
      levyPence: 4_200,
      levyNights: 3,
      paidPence: 77_200,
      refundedPence: 77_200,
    });
    const figures = reportFigures(input([refunded]), '2027-05-01', '2027-05-31');
    expect(figures.nightsSold).toBe(0);
    expect(figures.revenue).toEqual({ accommodation: 0, cleaning: 0, service: 0, levy: 0, refunds: 77_200 });
    expect(figures.cancellations).toBe(1);
  });

  it('averages lead time and length of stay over the stays arriving in the range', () => {
    const figures = reportFigures(
      input([
        stay(), // booked 30 days ahead, 3 nights
        stay({ id: 's2', checkIn: '2027-05-20', checkOut: '2027-05-24', bookedOn: '2027-05-10' }), // 10, 4
        stay({ id: 's3', checkIn: '2027-04-28', checkOut: '2027-05-02', bookedOn: '2027-01-01' }), // arrives before
      ]),
      '2027-05-01',
      '2027-05-31',
    );
    expect(figures.averageLeadTimeDays).toBe(20);
    expect(figures.averageLengthOfStay).toBe(3.5);
    expect(reportFigures(input([]), '2027-05-01', '2027-05-31').averageLeadTimeDays).toBeNull();
  });

  it('mixes the channels by nights: direct, and the imported calendars', () => {
    const figures = reportFigures(
      input(
        [stay()],
        [],
        [
          { source: 'airbnb', checkIn: '2027-05-01', checkOut: '2027-05-05' },
          { source: 'booking', checkIn: '2027-05-30', checkOut: '2027-06-04' },
        ],
      ),
      '2027-05-01',
      '2027-05-31',
    );
    expect(figures.channels).toEqual({ direct: 3, airbnb: 4, booking: 2 });
  });
});

describe('pace', () => {
  it('compares the nights on the books now with the same date a year before', () => {
    const stays = [
      stay({ checkIn: '2027-06-10', checkOut: '2027-06-14', bookedOn: '2027-01-05' }),
      // Booked after today: not on the books yet.
      stay({ id: 'later', checkIn: '2027-06-20', checkOut: '2027-06-22', bookedOn: '2027-03-01' }),
      // Last year: booked before the same date, cancelled after it (so on the books then).
      stay({
        id: 'ly',
        status: 'canceled',
        checkIn: '2026-06-01',
        checkOut: '2026-06-04',
        bookedOn: '2026-01-01',
        canceledOn: '2026-03-01',
      }),
    ];
    const rows = pace(stays, '2027-02-01', 5);
    expect(rows.map((row) => row.month)).toEqual(['2027-02', '2027-03', '2027-04', '2027-05', '2027-06']);
    expect(rows[4]).toEqual({ month: '2027-06', nights: 4, lastYearNights: 3 });
  });
});
