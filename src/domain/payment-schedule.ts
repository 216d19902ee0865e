import { z } from 'zod';
import { addDays, daysBetween, type IsoDate } from './dates.ts';

/**
 * Deposit now, balance later: how a guest's booking is paid. The owner chooses pay in full, or a
 * deposit of `depositPercent` % when the check-in is more than `balanceDaysBefore` days away, the balance charged
 * automatically `balanceDaysBefore` days before check-in to the card saved at booking. Stays booked inside that
 * window are paid in full. A booking keeps the plan it was made under (stored on the stay). The browser shows the
 * plan from the same function the server charges by.
 * See docs/decisions/016-deposit-now-balance-later.md.
 */

export const DEFAULT_DEPOSIT_PERCENT = 30;
export const DEFAULT_BALANCE_DAYS_BEFORE = 42;
/** Reminders after a failed balance, in days after the failure. */
export const BALANCE_REMINDER_DAYS = [2, 5] as const;
/** Still unpaid this many days before arrival: the owner decides (cancel per the terms, or wait). */
export const BALANCE_OWNER_DECIDES_DAYS_BEFORE = 7;

export const PaymentScheduleSettingSchema = z.object({
  mode: z.enum(['full', 'deposit'], { error: "mode must be 'full' or 'deposit'" }),
  depositPercent: z
    .number({ error: 'Give the deposit as a whole percentage' })
    .int('Give the deposit as a whole percentage')
    .min(1, 'The deposit must be at least 1 %')
    .max(99, 'The deposit must be at most 99 %'),
  balanceDaysBefore: z
    .number({ error: 'Give the number of days before check-in' })
    .int('Give a whole number of days')
    .min(1, 'The balance must be due at least 1 day before check-in')
    .max(330, 'The balance must be due at most 330 days before check-in'),
});
export type PaymentScheduleSetting = z.infer<typeof PaymentScheduleSettingSchema>;

/** A fresh install pays in full, as before; the deposit figures are the ones offered when the owner switches. */
export const DEFAULT_PAYMENT_SCHEDULE: PaymentScheduleSetting = {
  mode: 'full',
  depositPercent: DEFAULT_DEPOSIT_PERCENT,
  balanceDaysBefore: DEFAULT_BALANCE_DAYS_BEFORE,
};

export type PaymentPlan =
  | { kind: 'full'; todayPence: number; totalPence: number }
  | {
      kind: 'deposit';
      /** Charged at booking. */
      todayPence: number;
      totalPence: number;
      balancePence: number;
      /** The day the balance is charged (property's clock). */
      balanceDueOn: IsoDate;
    };

/**
 * The plan a booking keeps (stored on its stay when it was held or quoted): what its first payment on the checkout
 * page takes and what the guest agrees to before paying it.
 */
export function keptPlan(stay: {
  scheduleKind: string;
  totalPence: number;
  depositPence: number;
  balancePence: number;
  balanceDueOn: IsoDate | null;
}): PaymentPlan {
  if (stay.scheduleKind !== 'deposit' || stay.balanceDueOn === null) {
    return { kind: 'full', todayPence: stay.totalPence, totalPence: stay.totalPence };
  }
  return {
    kind: 'deposit',
    todayPence: stay.depositPence,
    totalPence: stay.totalPence,
    balancePence: stay.balancePence,
    balanceDueOn: stay.balanceDueOn,
  };
}

/** What a stay stores of its plan (the inverse of `keptPlan`): its kind, and the deposit, balance and due day. */
export function planColumns(plan: PaymentPlan) {
  return {
    scheduleKind: plan.kind,
    depositPence: plan.kind === 'deposit' ? plan.todayPence : 0,
    balancePence: plan.kind === 'deposit' ? plan.balancePence : 0,
    balanceDueOn: plan.kind === 'deposit' ? plan.balanceDueOn : null,
  };
}

/** P % of a sum in pence, rounded half up to the penny, in integers (no floating-point surprise). */
export function percentOfPence(pence: number, percent: number): number {
  return Math.floor((pence * percent * 2 + 100) / 200);
}

/**
 * The plan of a booking made on `bookedOn` for `checkIn`: a deposit only when the check-in is strictly more than
 * `balanceDaysBefore` days away; deposit + balance is the total to the penny.
 */
export function planPayments(input: {
  totalPence: number;
  checkIn: IsoDate;
  bookedOn: IsoDate;
  setting: PaymentScheduleSetting;
}): PaymentPlan {
  const { totalPence, checkIn, bookedOn, setting } = input;
  const daysAhead = daysBetween(bookedOn, checkIn);
  if (setting.mode === 'full' || daysAhead <= setting.balanceDaysBefore || totalPence <= 0) {
    return { kind: 'full', todayPence: totalPence, totalPence };
  }
  const deposit = percentOfPence(totalPence, setting.depositPercent);
  return {
    kind: 'deposit',
    todayPence: deposit,
    totalPence,
    balancePence: totalPence - deposit,
    balanceDueOn: balanceDueOn(checkIn, setting.balanceDaysBefore),
  };
}

/** The day the balance of a stay is charged: `daysBefore` days before check-in. */
export const balanceDueOn = (checkIn: IsoDate, daysBefore: number): IsoDate => addDays(checkIn, -daysBefore);

/** The day a failed balance's reminder `index` (0, 1) is due, counted from the day it failed. */
export const reminderDueOn = (failedOn: IsoDate, index: number): IsoDate =>
  addDays(failedOn, BALANCE_REMINDER_DAYS[index] ?? Number.POSITIVE_INFINITY);

/** The day an unpaid balance is handed to the owner to decide. */
export const ownerDecidesOn = (checkIn: IsoDate): IsoDate =>
  addDays(checkIn, -BALANCE_OWNER_DECIDES_DAYS_BEFORE);

/**
 * The page on which a guest pays what is still due on their booking (the balance after a failed automatic
 * charge, or when the owner sends the link): the checkout page, which then takes the balance, not the total.
 * The one place this address is made (e-mails, the owner's admin, the guest's booking page).
 */
export function balancePaymentPath(bookingId: string): string {
  return `/checkout/${encodeURIComponent(bookingId)}`;
}

export function balancePaymentUrl(siteUrl: string, bookingId: string): string {
  return `${siteUrl}${balancePaymentPath(bookingId)}`;
}

/** What is still owed on a booking: its balance, while the booking stands and the balance is not paid. */
export function balanceOutstanding(stay: {
  kind: string;
  status: string;
  scheduleKind: string;
  balancePence: number;
  balanceStatus: string;
}): boolean {
  return (
    stay.kind === 'guest' &&
    stay.status === 'confirmed' &&
    stay.scheduleKind === 'deposit' &&
    stay.balancePence > 0 &&
    (stay.balanceStatus === 'scheduled' ||
      stay.balanceStatus === 'failed' ||
      stay.balanceStatus === 'processing')
  );
}
