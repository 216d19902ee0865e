import { describe, expect, it } from 'vitest';
import { formatGbp } from './format.ts';
import { poundsToPence, quoteStay, serviceFeeGbp } from './pricing.ts';

describe('serviceFeeGbp', () => {
  it('is 5 % of the accommodation rounded half up to the whole pound', () => {
    expect(serviceFeeGbp(550)).toBe(28); // £27.50 → £28
    expect(serviceFeeGbp(450)).toBe(23); // £22.50 → £23
    expect(serviceFeeGbp(775)).toBe(39); // £38.75 → £39
    expect(serviceFeeGbp(1675)).toBe(84); // £83.75 → £84
    expect(serviceFeeGbp(1010)).toBe(51); // £50.50 → £51
    expect(serviceFeeGbp(1000)).toBe(50);
    expect(serviceFeeGbp(1005)).toBe(50); // £50.25 → £50
    expect(serviceFeeGbp(0)).toBe(0);
  });
});

describe('quoteStay', () => {
  it('prices Thursday to Sunday (3 nights, two at the weekend rate) at £914', () => {
    expect(quoteStay('2027-03-04', '2027-03-07')).toMatchObject({
      nights: 3,
      weekdayNights: 1,
      weekendNights: 2,
      weekdayRate: 225,
      weekendRate: 275,
      accommodation: 775,
      cleaningFee: 100,
      serviceFee: 39,
      total: 914,
      currency: 'gbp',
    });
  });

  it('prices a Monday-to-Monday week at 1675 / 100 / 84 / 1859', () => {
    const quote = quoteStay('2027-03-01', '2027-03-08');
    expect(quote).toMatchObject({ nights: 7, weekdayNights: 5, weekendNights: 2 });
    expect([quote.accommodation, quote.cleaningFee, quote.serviceFee, quote.total]).toEqual([
      1675, 100, 84, 1859,
    ]);
  });

  it('charges Friday and Saturday nights at the weekend rate and Sunday at the weekday rate', () => {
    expect(quoteStay('2027-03-05', '2027-03-07')).toMatchObject({ weekendNights: 2, accommodation: 550 });
    expect(quoteStay('2027-03-07', '2027-03-09')).toMatchObject({ weekendNights: 0, accommodation: 450 });
    expect(quoteStay('2027-03-04', '2027-03-06')).toMatchObject({ weekdayNights: 1, weekendNights: 1 });
  });

  it('rounds the service fee half up: two weekend nights (£27.50) and two weekday nights (£22.50)', () => {
    expect(quoteStay('2027-03-05', '2027-03-07')).toMatchObject({ serviceFee: 28, total: 678 });
    expect(quoteStay('2027-03-01', '2027-03-03')).toMatchObject({ serviceFee: 23, total: 573 });
  });

  it('prices across the year end and 29 February', () => {
    // Wed 30 Dec 2026, Thu 31 Dec, Fri 1 Jan 2027, Sat 2 Jan → 2 weekday + 2 weekend nights.
    expect(quoteStay('2026-12-30', '2027-01-03')).toMatchObject({
      nights: 4,
      weekdayNights: 2,
      weekendNights: 2,
      accommodation: 1000,
    });
    // Mon 28 Feb 2028 is not, Tue 29 Feb 2028 is a real night.
    expect(quoteStay('2028-02-28', '2028-03-01')).toMatchObject({ nights: 2, accommodation: 450 });
  });

  it('prices a weekend across the clock change as ordinary nights', () => {
    expect(quoteStay('2027-03-26', '2027-03-29')).toMatchObject({
      nights: 3,
      weekendNights: 2,
      weekdayNights: 1,
      total: 775 + 100 + 39,
    });
    expect(quoteStay('2027-10-29', '2027-11-01')).toMatchObject({ nights: 3, total: 914 });
  });

  it('prices 28 nights (4 whole weeks)', () => {
    const quote = quoteStay('2027-03-01', '2027-03-29');
    expect(quote).toMatchObject({ nights: 28, weekendNights: 8, accommodation: 6700, serviceFee: 335 });
    expect(quote.total).toBe(6700 + 100 + 335);
  });

  it('is all zero for no nights', () => {
    expect(quoteStay('2027-03-04', '2027-03-04')).toMatchObject({ nights: 0, cleaningFee: 0, total: 0 });
  });
});

describe('money helpers', () => {
  it('converts pounds to pence and formats pence as pounds', () => {
    expect(poundsToPence(914)).toBe(91400);
    expect(formatGbp(185900)).toBe('£1,859');
    expect(formatGbp(2750)).toBe('£27.50');
  });
});
