import { describe, expect, it } from 'vitest';
import {
  type LevyStay,
  levyQuarters,
  levyReturn,
  nextQuarter,
  parseQuarter,
  quarterOf,
} from './levy-return.ts';

/** 3 nights at £200 in May 2027, 7 % levy on all of them: £600 + £100 cleaning + £30 service + £42 levy. */
function stay(change: Partial<LevyStay> = {}): LevyStay {
  return {
    id: 's1',
    reference: 'AAA111',
    status: 'confirmed',
    checkIn: '2027-05-10',
    checkOut: '2027-05-13',
    accommodationPence: 60_000,
    totalPence: 77_200,
    levyPence: 4_200,
    paidPence: 77_200,
    refundedPence: 0,
    nightPrices: [20_000, 20_000, 20_000],
    levyNights: 3,
    ...change,
  };
}

describe('quarters', () => {
  it('reads 2027-Q2 as April to June and finds the quarter of a day', () => {
    expect(parseQuarter('2027-Q2')).toEqual({ quarter: '2027-Q2', from: '2027-04-01', to: '2027-06-30' });
    expect(parseQuarter('2027-Q4')?.to).toBe('2027-12-31');
    expect(parseQuarter('2027-Q5')).toBeNull();
    expect(quarterOf('2028-02-29').quarter).toBe('2028-Q1');
    expect(nextQuarter(quarterOf('2027-12-31')).quarter).toBe('2028-Q1');
    const quarters = (today: string) => levyQuarters('2027-04-01', today).map((q) => q.quarter);
    expect(quarters('2026-11-26')).toEqual(['2027-Q2']);
    expect(quarters('2027-10-01')).toEqual(['2027-Q4', '2027-Q3', '2027-Q2']);
  });
});

describe('the levy return of a quarter', () => {
  const q2 = parseQuarter('2027-Q2')!;

  it('sums the stored quotes’ levy lines of the stays beginning in it, less what was refunded', () => {
    const result = levyReturn(
      [
        stay(),
        stay({ id: 's2', reference: 'BBB222', checkIn: '2027-06-29', checkOut: '2027-07-02' }), // begins in Q2
        stay({ id: 's3', reference: 'CCC333', checkIn: '2027-07-01', checkOut: '2027-07-03' }), // Q3
        // Cancelled and refunded in full: its levy is charged and refunded.
        stay({ id: 's4', reference: 'DDD444', status: 'canceled', refundedPence: 77_200 }),
        // Cancelled, £400 of £772 refunded: the levy goes back first, so none of it is due.
        stay({ id: 's5', reference: 'EEE555', status: 'canceled', refundedPence: 40_000 }),
        // Cancelled before paying: no levy was charged.
        stay({ id: 's6', reference: 'FFF666', status: 'canceled', paidPence: 0 }),
      ],
      q2,
    );
    expect(result.stays.map((line) => line.reference)).toEqual(['AAA111', 'DDD444', 'EEE555', 'BBB222']);
    expect(result.levyChargedPence).toBe(4 * 4_200);
    expect(result.levyRefundedPence).toBe(2 * 4_200);
    expect(result.netDuePence).toBe(2 * 4_200);
    expect(result.liableStays).toBe(2);
    expect(result.accommodationPence).toBe(2 * 60_000);
  });

  it('charges the levy on the levied nights’ share only, and a deposit’s share of it when cancelled', () => {
    const across = stay({
      checkIn: '2027-03-31',
      checkOut: '2027-04-02',
      nightPrices: [20_000, 40_000],
      levyNights: 1,
    });
    expect(levyReturn([across], parseQuarter('2027-Q1')!).stays[0]?.accommodationPence).toBe(40_000);
    const deposit = stay({ status: 'canceled', paidPence: 38_600, refundedPence: 0 }); // half paid, nothing back
    const line = levyReturn([deposit], q2).stays[0];
    expect(line?.levyChargedPence).toBe(2_100);
    expect(line?.netDuePence).toBe(2_100);
  });
});
