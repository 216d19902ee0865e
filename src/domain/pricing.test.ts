import { describe, expect, it } from 'vitest';
import { formatGbp } from './format.ts';
import { poundsToPence, priceStay, quoteStay } from './pricing.ts';
import { DEFAULT_RATE_PLAN } from './rate-plan-rules.ts';
import { THURSDAY_TO_SUNDAY_QUOTE } from './test-fixtures.ts';

describe('priceStay: the service fee', () => {
  /** Two weekday nights at `weekdayPence` each, under the default plan's 5 % service fee. */
  const twoWeekdayNights = (weekdayPence: number) =>
    priceStay({ checkIn: '2027-03-01', checkOut: '2027-03-03' }, { ...DEFAULT_RATE_PLAN, weekdayPence });

  it('is 5 % of the accommodation rounded half up to the whole pound', () => {
    expect(twoWeekdayNights(27_500)).toMatchObject({ accommodation: 550, serviceFee: 28 }); // £27.50 → £28
    expect(twoWeekdayNights(22_500)).toMatchObject({ accommodation: 450, serviceFee: 23 }); // £22.50 → £23
    expect(twoWeekdayNights(50_500)).toMatchObject({ accommodation: 1010, serviceFee: 51 }); // £50.50 → £51
    expect(twoWeekdayNights(50_000)).toMatchObject({ accommodation: 1000, serviceFee: 50 });
    expect(twoWeekdayNights(50_250)).toMatchObject({ accommodation: 1005, serviceFee: 50 }); // £50.25 → £50
    expect(twoWeekdayNights(0)).toMatchObject({ accommodation: 0, serviceFee: 0 });
  });
});

describe('quoteStay', () => {
  it('prices Thursday to Sunday (3 nights, two at the weekend rate) at £914', () => {
    const { checkIn, checkOut, quote } = THURSDAY_TO_SUNDAY_QUOTE;
    expect(quoteStay(checkIn, checkOut)).toMatchObject(quote);
  });

  it('prices a Monday-to-Monday week at 1675 / 100 / 84 / 1859', () => {
    const quote = quoteStay('2027-03-01', '2027-03-08');
    expect(quote).toMatchObject({ nights: 7, weekdayNights: 5, weekendNights: 2 });
    expect([quote.accommodation, quote.cleaningFee, quote.serviceFee, quote.total]).toEqual([
      1675, 100, 84, 1859,
    ]);
  });

  it('charges Friday and Saturday nights at the weekend rate and Sunday at the weekday rate', () => {
    expect(quoteStay('2027-03-01', '2027-03-08').nightly.map((night) => [night.date, night.weekend])).toEqual(
      [
        ['2027-03-01', false],
        ['2027-03-02', false],
        ['2027-03-03', false],
        ['2027-03-04', false],
        ['2027-03-05', true],
        ['2027-03-06', true],
        ['2027-03-07', false],
      ],
    );
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
    // Saturday before the clocks go forward, the Sunday of the change, and 29 February 2028 (a Tuesday).
    expect(quoteStay('2027-03-27', '2027-03-29').nightly.map((night) => night.weekend)).toEqual([
      true,
      false,
    ]);
    expect(quoteStay('2027-10-30', '2027-11-01').nightly.map((night) => night.weekend)).toEqual([
      true,
      false,
    ]);
    expect(quoteStay('2028-02-29', '2028-03-01').nightly.map((night) => night.weekend)).toEqual([false]);
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
