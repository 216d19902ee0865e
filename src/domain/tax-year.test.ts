import { describe, expect, it } from 'vitest';
import { type MoneyMovement, taxYear, taxYearOf, taxYearSummary } from './tax-year.ts';

const movement = (change: Partial<MoneyMovement>): MoneyMovement => ({
  date: '2027-05-01',
  kind: 'payment',
  reference: 'AAA111',
  description: 'Payment in full',
  amountPence: 10_000,
  feePence: null,
  ...change,
});

describe('the tax year', () => {
  it('runs from 6 April to 5 April', () => {
    expect(taxYear(2027)).toEqual({ year: 2027, label: '2027–28', from: '2027-04-06', to: '2028-04-05' });
    expect(taxYearOf('2028-04-05').year).toBe(2027);
    expect(taxYearOf('2028-04-06').year).toBe(2028);
    expect(taxYear(2099).label).toBe('2099–00');
  });

  it('counts money on the day it moved, refunds taken off, fees where reported', () => {
    const summary = taxYearSummary(taxYear(2027), [
      movement({ date: '2027-04-05', amountPence: 99_999 }), // the year before
      movement({ date: '2027-04-06', amountPence: 20_000, feePence: 325 }),
      movement({ date: '2028-04-05', reference: 'BBB222', amountPence: 5_000 }),
      movement({ date: '2027-09-01', kind: 'refund', description: 'Refund', amountPence: 2_500 }),
      movement({ date: '2028-04-06', kind: 'refund', amountPence: 1 }), // the year after
    ]);
    expect(summary.receivedPence).toBe(25_000);
    expect(summary.refundedPence).toBe(2_500);
    expect(summary.netPence).toBe(22_500);
    expect(summary.payments).toBe(2);
    expect(summary.refunds).toBe(1);
    expect(summary.feesPence).toBe(325);
    expect(summary.movements.map((m) => m.date)).toEqual(['2027-04-06', '2027-09-01', '2028-04-05']);
    expect(taxYearSummary(taxYear(2027), []).feesPence).toBeNull();
  });
});
