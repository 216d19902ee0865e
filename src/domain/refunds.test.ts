import { describe, expect, it } from 'vitest';
import { addDays } from './dates.ts';
import { computeRefund, REFUND_PROCESSING_FEE_PENCE, refundRule } from './refunds.ts';

/** A 3-night weekday stay: £675 accommodation, £34 service fee, £100 cleaning; £809 paid. */
const CHECK_IN = '2027-03-15';
const PAID = {
  accommodationPence: 67_500,
  serviceFeePence: 3_400,
  cleaningFeePence: 10_000,
  paidPence: 80_900,
};
const cancelDaysBefore = (days: number, overrides: Partial<Parameters<typeof computeRefund>[0]> = {}) =>
  computeRefund({ checkIn: CHECK_IN, cancelledOn: addDays(CHECK_IN, -days), ...PAID, ...overrides });

describe('refundRule (spec section 9, spec README "Cancellation refund")', () => {
  it.each([
    [365, 100, true],
    [31, 100, true],
    [30, 75, false],
    [14, 75, false],
    [13, 50, false],
    [7, 50, false],
    [6, 25, false],
    [1, 25, false],
    [0, 0, false],
    [-1, 0, false],
  ])('%i days before check-in → %i %%, cleaning fee refunded: %s', (days, percent, cleaning) => {
    expect(refundRule(days)).toMatchObject({ percent, cleaningFeeRefunded: cleaning });
  });
});

describe('computeRefund', () => {
  it('more than 30 days out (31): everything back, cleaning fee included, less the £25 fee', () => {
    expect(cancelDaysBefore(31)).toMatchObject({
      amountPence: 80_900 - REFUND_PROCESSING_FEE_PENCE,
      daysBeforeCheckIn: 31,
      feePence: 2_500,
      rule: { percent: 100, cleaningFeeRefunded: true },
    });
  });

  it('exactly 30 days out: 75 % of accommodation and service fee, no cleaning fee, less £25', () => {
    // 75 % of £709 = £531.75 → £506.75 after the fee.
    expect(cancelDaysBefore(30)).toMatchObject({
      amountPence: 50_675,
      feePence: 2_500,
      rule: { percent: 75 },
    });
  });

  it('exactly 14 days out: still 75 %', () => {
    expect(cancelDaysBefore(14)).toMatchObject({ amountPence: 50_675, rule: { percent: 75 } });
  });

  it('13 days out: 50 %', () => {
    // 50 % of £709 = £354.50 → £329.50.
    expect(cancelDaysBefore(13)).toMatchObject({ amountPence: 32_950, rule: { percent: 50 } });
  });

  it('exactly 7 days out: still 50 %', () => {
    expect(cancelDaysBefore(7)).toMatchObject({ amountPence: 32_950, rule: { percent: 50 } });
  });

  it('6 days out and the day before: 25 %', () => {
    // 25 % of £709 = £177.25 → £152.25.
    expect(cancelDaysBefore(6)).toMatchObject({ amountPence: 15_225, rule: { percent: 25 } });
    expect(cancelDaysBefore(1)).toMatchObject({ amountPence: 15_225, rule: { percent: 25 } });
  });

  it('the same day: nothing back and no fee', () => {
    expect(cancelDaysBefore(0)).toMatchObject({ amountPence: 0, feePence: 0, rule: { percent: 0 } });
  });

  it('after check-in (a no-show): nothing back', () => {
    expect(cancelDaysBefore(-2)).toMatchObject({ amountPence: 0, feePence: 0, daysBeforeCheckIn: -2 });
  });

  it('never goes below zero when the share is smaller than the £25 fee', () => {
    const refund = cancelDaysBefore(3, {
      accommodationPence: 5_000,
      serviceFeePence: 300,
      cleaningFeePence: 0,
    });
    expect(refund.amountPence).toBe(0);
  });

  it('never refunds more than was paid', () => {
    expect(cancelDaysBefore(60, { paidPence: 10_000 }).amountPence).toBe(10_000);
  });

  it('counts whole days on the calendar across a clock change (last Sunday of March)', () => {
    expect(
      computeRefund({ checkIn: '2027-04-27', cancelledOn: '2027-03-28', ...PAID }).daysBeforeCheckIn,
    ).toBe(30);
  });

  it('the owner cancelling a guest’s stay gives everything paid back with no fee, whenever it happens', () => {
    for (const days of [60, 20, 3, 0]) {
      expect(cancelDaysBefore(days, { cancelledByOwner: true })).toMatchObject({
        amountPence: 80_900,
        feePence: 0,
        rule: { percent: 100, cleaningFeeRefunded: true },
      });
    }
  });
});

describe('computeRefund on a partly paid booking (deposit now, balance later)', () => {
  // £809 total; a 30 % deposit is £242.70, the balance £566.30.
  const DEPOSIT_PAID = { ...PAID, paidPence: 24_270, chargedPence: 24_270 };

  it('more than 30 days out: the deposit back, less the £25 fee', () => {
    expect(cancelDaysBefore(60, DEPOSIT_PAID)).toMatchObject({
      amountPence: 24_270 - 2_500,
      feePence: 2_500,
    });
  });

  it('14–30 days out with only the deposit paid: 75 % of the paid share of accommodation and service fee', () => {
    // Full price: 75 % of £709 = £531.75 (no cleaning). Paid share 242.70 / 809 = 30 % → £159.525 → £159.53.
    expect(cancelDaysBefore(20, DEPOSIT_PAID).amountPence).toBe(15_953 - 2_500);
  });

  it('with deposit and balance paid: exactly as a booking paid in full', () => {
    expect(cancelDaysBefore(20, { chargedPence: 80_900 })).toEqual(cancelDaysBefore(20));
  });

  it('never more than was paid, never below zero', () => {
    expect(cancelDaysBefore(60, { paidPence: 1_000, chargedPence: 24_270 }).amountPence).toBe(1_000);
    expect(cancelDaysBefore(3, { paidPence: 2_000, chargedPence: 2_000 }).amountPence).toBe(0);
  });

  it('the owner cancelling gives back everything that was paid', () => {
    expect(cancelDaysBefore(20, { ...DEPOSIT_PAID, cancelledByOwner: true }).amountPence).toBe(24_270);
  });
});

describe('the visitor levy on cancellation (refunded with the accommodation)', () => {
  // The same stay with a 7 % levy on the accommodation: £47.25, so £856.25 paid.
  const LEVIED = { ...PAID, levyPence: 4_725, paidPence: 85_625 };

  it('comes back in full on top of what the terms give, the £25 fee not taken from it', () => {
    expect(cancelDaysBefore(20, LEVIED).amountPence).toBe(cancelDaysBefore(20).amountPence + 4_725);
    expect(cancelDaysBefore(60, LEVIED).amountPence).toBe(85_625 - 2_500);
    // Even on the day, when the terms give nothing back: no stay, no levy.
    expect(cancelDaysBefore(0, LEVIED)).toMatchObject({ amountPence: 4_725, feePence: 0 });
  });

  it('comes back in its share of a deposit, the terms applying to the rest as before', () => {
    // 30 % of £856.25 charged: £256.88, of which the levy's share is £14.18 (30 % of £47.25, half up).
    const deposit = { ...LEVIED, paidPence: 25_688, chargedPence: 25_688 };
    expect(cancelDaysBefore(60, deposit).amountPence).toBe(25_688 - 2_500);
    expect(cancelDaysBefore(0, deposit).amountPence).toBe(1_418);
  });
});
