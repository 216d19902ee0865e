import { daysBetween, type IsoDate } from './dates.ts';

/** £25 is deducted from every refund above zero (spec section 9). */
export const REFUND_PROCESSING_FEE_PENCE = 2500;

export type RefundRule = {
  /** Share of accommodation and service fee refunded, in percent. */
  percent: 100 | 75 | 50 | 25 | 0;
  /** The row of the terms, for the owner and the guest. */
  label: string;
  cleaningFeeRefunded: boolean;
};

export type RefundInput = {
  checkIn: IsoDate;
  /** Cancellation day on the property's clock. */
  cancelledOn: IsoDate;
  accommodationPence: number;
  serviceFeePence: number;
  cleaningFeePence: number;
  /** The owner cancels a guest's stay: everything back, no fee. */
  cancelledByOwner?: boolean;
  /** Never refund more than was paid (what was charged, less what was refunded already). */
  paidPence: number;
  /**
   * What has been charged of the booking so far (a deposit, or deposit and balance). The table applies
   * to the amounts paid: each part of the price counts in the share of the total that was charged. Absent: paid
   * in full, as every booking was before payment schedules.
   * See docs/decisions/016-deposit-now-balance-later.md.
   */
  chargedPence?: number;
  /**
   * The visitor levy charged with the stay. It is refunded with the accommodation on any cancellation, in full
   * (its share of what was charged), outside the terms' percentage and the fee: the stay does not take place, so
   * no levy is due on it (Aberdeen's visitor levy guidance; docs/decisions/027-reports-and-the-levy-return.md).
   */
  levyPence?: number;
};

export type Refund = { amountPence: number; rule: RefundRule; daysBeforeCheckIn: number; feePence: number };

/** The row of the cancellation table (spec README, "Cancellation refund") for whole days before check-in. */
export function refundRule(daysBeforeCheckIn: number): RefundRule {
  if (daysBeforeCheckIn > 30)
    return { percent: 100, label: 'More than 30 days before check-in: 100%', cleaningFeeRefunded: true };
  if (daysBeforeCheckIn >= 14)
    return { percent: 75, label: '14–30 days before check-in: 75%', cleaningFeeRefunded: false };
  if (daysBeforeCheckIn >= 7)
    return { percent: 50, label: '7–13 days before check-in: 50%', cleaningFeeRefunded: false };
  if (daysBeforeCheckIn >= 1)
    return { percent: 25, label: '1–6 days before check-in: 25%', cleaningFeeRefunded: false };
  return { percent: 0, label: 'Same day or no-show: no refund', cleaningFeeRefunded: false };
}

/**
 * The refund of a cancelled paid booking. The preview the owner sees and the refund issued both come from here.
 * The percentage applies to accommodation and service fee; the cleaning fee only when d > 30; £25 comes off any
 * refund above zero; never below zero, never above what was paid. On a partly paid booking (a deposit)
 * the table applies to what was charged so far: the same share of each part of the price.
 * See docs/decisions/016-deposit-now-balance-later.md.
 */
export function computeRefund(input: RefundInput): Refund {
  const daysBeforeCheckIn = daysBetween(input.cancelledOn, input.checkIn);
  if (input.cancelledByOwner) {
    return {
      amountPence: input.paidPence,
      rule: { percent: 100, label: 'Cancelled by the owner: full refund', cleaningFeeRefunded: true },
      daysBeforeCheckIn,
      feePence: 0,
    };
  }
  const rule = refundRule(daysBeforeCheckIn);
  const share = Math.round(((input.accommodationPence + input.serviceFeePence) * rule.percent) / 100);
  const fullGross = share + (rule.cleaningFeeRefunded ? input.cleaningFeePence : 0);
  const totalPence = input.accommodationPence + input.serviceFeePence + input.cleaningFeePence;
  const levyPence = input.levyPence ?? 0;
  const chargedWithLevy = input.chargedPence ?? totalPence + levyPence;
  // a × b ÷ c half up to the penny: a part's share of what was charged.
  const shareOf = (part: number, total: number) =>
    Math.floor((part * Math.max(0, chargedWithLevy) * 2 + total) / (2 * total));
  // The levy back in full, or its share of a partly paid booking's charge.
  const levyBack =
    chargedWithLevy >= totalPence + levyPence || levyPence <= 0
      ? levyPence
      : shareOf(levyPence, totalPence + levyPence);
  const charged = chargedWithLevy - levyBack;
  // Partly paid: the terms' refund of the whole price, in the share of it that was charged (half up to the penny).
  const gross =
    charged >= totalPence || totalPence <= 0
      ? fullGross
      : Math.floor((fullGross * Math.max(0, charged) * 2 + totalPence) / (2 * totalPence));
  const feePence = gross > 0 ? Math.min(REFUND_PROCESSING_FEE_PENCE, gross) : 0;
  const amountPence = Math.min(input.paidPence, Math.max(0, gross - REFUND_PROCESSING_FEE_PENCE) + levyBack);
  return { amountPence, rule, daysBeforeCheckIn, feePence };
}
