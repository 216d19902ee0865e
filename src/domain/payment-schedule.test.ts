import { describe, expect, it } from 'vitest';
import { addDays } from './dates.ts';
import {
  balanceDueOn,
  balancePaymentPath,
  DEFAULT_PAYMENT_SCHEDULE,
  keptPlan,
  ownerDecidesOn,
  PaymentScheduleSettingSchema,
  percentOfPence,
  planColumns,
  planPayments,
  reminderDueOn,
} from './payment-schedule.ts';

const DEPOSIT = { mode: 'deposit' as const, depositPercent: 30, balanceDaysBefore: 42 };
const CHECK_IN = '2027-08-15';

describe('planPayments', () => {
  it('pays in full under the default setting (a fresh install behaves as before)', () => {
    expect(
      planPayments({
        totalPence: 91_400,
        checkIn: CHECK_IN,
        bookedOn: '2027-01-01',
        setting: DEFAULT_PAYMENT_SCHEDULE,
      }),
    ).toEqual({ kind: 'full', todayPence: 91_400, totalPence: 91_400 });
  });

  it("takes the issue's example: £274.20 today, £639.80 on the due date", () => {
    expect(
      planPayments({ totalPence: 91_400, checkIn: CHECK_IN, bookedOn: '2027-05-01', setting: DEPOSIT }),
    ).toEqual({
      kind: 'deposit',
      todayPence: 27_420,
      totalPence: 91_400,
      balancePence: 63_980,
      balanceDueOn: '2027-07-04',
    });
  });

  it.each([
    [43, 'deposit'],
    [42, 'full'],
    [41, 'full'],
    [0, 'full'],
  ])('check-in %i days away → %s (a deposit only strictly beyond the window)', (days, kind) => {
    const plan = planPayments({
      totalPence: 80_900,
      checkIn: CHECK_IN,
      bookedOn: addDays(CHECK_IN, -days),
      setting: DEPOSIT,
    });
    expect(plan.kind).toBe(kind);
  });

  it('due date is D days before check-in, across a month and a year end', () => {
    expect(balanceDueOn('2027-01-10', 42)).toBe('2026-11-29');
    expect(balanceDueOn('2028-03-01', 1)).toBe('2028-02-29');
  });

  it('deposit + balance is the total to the penny for every total and percentage', () => {
    for (const percent of [1, 7, 30, 33, 50, 67, 99]) {
      for (let total = 1; total < 100_000; total += 997) {
        const plan = planPayments({
          totalPence: total,
          checkIn: CHECK_IN,
          bookedOn: '2027-01-01',
          setting: { ...DEPOSIT, depositPercent: percent },
        });
        if (plan.kind !== 'deposit') throw new Error('expected a deposit');
        expect(plan.todayPence + plan.balancePence).toBe(total);
        expect(Number.isInteger(plan.todayPence)).toBe(true);
      }
    }
  });

  it('rounds the deposit half up to the penny', () => {
    expect(percentOfPence(80_905, 30)).toBe(24_272); // 24 271.5 → 24 272
    expect(percentOfPence(80_903, 30)).toBe(24_271); // 24 270.9 → 24 271
    expect(percentOfPence(101, 50)).toBe(51);
  });

  it('reminders after 2 and 5 days, the owner decides 7 days before arrival', () => {
    expect(reminderDueOn('2027-07-04', 0)).toBe('2027-07-06');
    expect(reminderDueOn('2027-07-04', 1)).toBe('2027-07-09');
    expect(ownerDecidesOn(CHECK_IN)).toBe('2027-08-08');
  });

  it('refuses a setting outside its bounds with a sentence', () => {
    const parsed = PaymentScheduleSettingSchema.safeParse({
      mode: 'deposit',
      depositPercent: 100,
      balanceDaysBefore: 42,
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe('The deposit must be at most 99 %');
  });

  it('a booking keeps the plan it was held under: the same plan read back from its stay', () => {
    const plan = planPayments({
      totalPence: 91_400,
      checkIn: CHECK_IN,
      bookedOn: '2027-05-01',
      setting: DEPOSIT,
    });
    const stay = {
      totalPence: 91_400,
      depositPence: 27_420,
      balancePence: 63_980,
      balanceDueOn: '2027-07-04',
    };
    expect(keptPlan({ ...stay, scheduleKind: 'deposit' })).toEqual(plan);
    // What a stay stores of a plan is what keptPlan reads back.
    expect(planColumns(plan)).toStrictEqual({
      scheduleKind: 'deposit',
      depositPence: 27_420,
      balancePence: 63_980,
      balanceDueOn: '2027-07-04',
    });
    expect(keptPlan({ totalPence: 91_400, ...planColumns(plan) })).toEqual(plan);
    expect(
      keptPlan({
        totalPence: 91_400,
        depositPence: 0,
        balancePence: 0,
        balanceDueOn: null,
        scheduleKind: 'full',
      }),
    ).toEqual({
      kind: 'full',
      todayPence: 91_400,
      totalPence: 91_400,
    });
  });

  it('the balance is paid on the checkout page of the booking', () => {
    expect(balancePaymentPath('0b7c7a0e-1c1a-4a55-9a1f-2a4b9d2e8f10')).toBe(
      '/checkout/0b7c7a0e-1c1a-4a55-9a1f-2a4b9d2e8f10',
    );
  });
});
