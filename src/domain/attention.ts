import { formatGbp } from './format.ts';

/**
 * Why the owner must look at a booking (docs/decisions/005-attention-and-money-owed.md). The database keeps the
 * code; the owner reads the sentence, never the code. One stay has at most one at a time.
 */
export const ATTENTION_CODES = [
  /** A channel's reservation shares a night with this confirmed booking: the nights may be sold twice. */
  'calendar_conflict',
  /** The guest paid after the hold lapsed and the nights had been taken: refunded in full, no booking. */
  'paid_after_nights_taken',
  /** The guest paid after the booking was cancelled: refunded in full. */
  'paid_after_cancellation',
  /** Cancelled with a refund that is on its way through the provider. */
  'refund_pending',
  /** The provider refused the cancellation's refund: the owner retries it. */
  'refund_failed',
  /** The balance is still unpaid 7 days before arrival: the owner decides (cancel per the terms, or wait). */
  'balance_unpaid',
] as const;
export type AttentionCode = (typeof ATTENTION_CODES)[number];

/** What the sentence of a booking's attention code reads from the booking. */
export type AttentionFacts = {
  paidPence: number;
  refundedPence: number;
  refundDuePence: number;
  /** The balance still due (deposit bookings), for 'balance_unpaid'. */
  balancePence?: number;
  /** The provider's own words when a refund failed. */
  attentionDetail?: string | null;
};

function joinNames(names: string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

function lateRefundOutcome(stay: AttentionFacts): string {
  const paid = formatGbp(stay.paidPence);
  return stay.paidPence > 0 && stay.refundedPence >= stay.paidPence
    ? `the ${paid} payment was refunded in full and the guest was told by e-mail.`
    : `the guest was told by e-mail, but the full refund of ${paid} has not gone through yet: check it in the payment provider's dashboard.`;
}

/**
 * The sentence the owner sees for a booking's attention code; `channels` names the channels whose imported
 * events conflict with it, when the caller knows them.
 */
export function attentionSentence(
  code: AttentionCode,
  stay: AttentionFacts,
  channels: string[] = [],
): string {
  switch (code) {
    case 'calendar_conflict':
      if (channels.length === 0) {
        return 'A booking imported from Airbnb or Booking.com overlaps these nights: check the channels and settle it with the guests before anyone travels.';
      }
      return `${joinNames(channels)} ${channels.length === 1 ? 'has a booking' : 'have bookings'} on some of these nights too: check ${channels.length === 1 ? channels[0] : 'them'} and settle it with the guests before anyone travels.`;
    case 'paid_after_nights_taken':
      return `The guest paid after the hold on these dates had lapsed, and the nights had been booked by then, so no booking was made: ${lateRefundOutcome(stay)}`;
    case 'paid_after_cancellation':
      return `The guest paid after this booking had been cancelled: ${lateRefundOutcome(stay)}`;
    case 'refund_pending':
      return `Refund of ${formatGbp(stay.refundDuePence)} pending.`;
    case 'balance_unpaid':
      return `The balance${stay.balancePence ? ` of ${formatGbp(stay.balancePence)}` : ''} is still unpaid a week before arrival. Decide: cancel under the terms, or wait (nothing is cancelled automatically).`;
    case 'refund_failed':
      return `Refund of ${formatGbp(stay.refundDuePence)} failed: ${stay.attentionDetail ?? 'the payment provider refused it'}. Press Retry refund to try again.`;
  }
}
