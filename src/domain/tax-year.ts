import type { IsoDate } from './dates.ts';

/*
 * The UK tax year (6 April to 5 April) on the cash basis most sole traders file: money counts on the day it was
 * received or refunded, whatever the nights it paid for.
 * See docs/decisions/027-reports-and-the-levy-return.md.
 */

export type TaxYear = { year: number; label: string; from: IsoDate; to: IsoDate };

/** The tax year starting on 6 April of `year`: 2027 → 6 April 2027 to 5 April 2028, "2027–28". */
export function taxYear(year: number): TaxYear {
  return {
    year,
    label: `${year}–${String((year + 1) % 100).padStart(2, '0')}`,
    from: `${year}-04-06`,
    to: `${year + 1}-04-05`,
  };
}

/** The tax year a day falls in. */
export const taxYearOf = (date: IsoDate): TaxYear => {
  const year = Number(date.slice(0, 4));
  return taxYear(date.slice(5) >= '04-06' ? year : year - 1);
};

export type MoneyMovement = {
  /** The day the money moved, on the property's clock. */
  date: IsoDate;
  kind: 'payment' | 'refund';
  reference: string;
  /** 'Payment in full', 'Deposit', 'Balance', 'Refund'. */
  description: string;
  /** Always positive: a refund's direction is its kind. */
  amountPence: number;
  /** The provider's fee for the payment where it reports one; null: not known. */
  feePence: number | null;
};

export type TaxYearSummary = TaxYear & {
  receivedPence: number;
  refundedPence: number;
  netPence: number;
  payments: number;
  refunds: number;
  /** The fees the provider reported (null when it reported none). */
  feesPence: number | null;
  movements: MoneyMovement[];
};

/** The money of the tax year: its movements by date, and their totals. */
export function taxYearSummary(year: TaxYear, movements: MoneyMovement[]): TaxYearSummary {
  const within = movements
    .filter((movement) => movement.date >= year.from && movement.date <= year.to)
    .sort((a, b) => a.date.localeCompare(b.date) || a.reference.localeCompare(b.reference));
  const payments = within.filter((movement) => movement.kind === 'payment');
  const refunds = within.filter((movement) => movement.kind === 'refund');
  const total = (list: MoneyMovement[]) => list.reduce((sum, movement) => sum + movement.amountPence, 0);
  const fees = payments.flatMap((movement) => (movement.feePence === null ? [] : [movement.feePence]));
  return {
    ...year,
    receivedPence: total(payments),
    refundedPence: total(refunds),
    netPence: total(payments) - total(refunds),
    payments: payments.length,
    refunds: refunds.length,
    feesPence: fees.length === 0 ? null : fees.reduce((a, b) => a + b, 0),
    movements: within,
  };
}
