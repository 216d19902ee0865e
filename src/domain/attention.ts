import { formatGbp } from './pricing.ts';

/**
 * Why the owner must look at a booking (docs/decisions/005-attention-and-money-owed.md). The database keeps the
 * code; the owner reads the sentence. One stay has at most one at a time.
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
] as const;
export type AttentionCode = (typeof ATTENTION_CODES)[number];

/** The sentence the owner sees for a booking's attention code. */
export function attentionSentence(
  code: AttentionCode,
  stay: { refundDuePence: number; attentionDetail: string | null },
): string {
  switch (code) {
    case 'calendar_conflict':
      return 'An Airbnb or Booking.com reservation shares nights with this booking: the same nights may be sold twice. Check both calendars.';
    case 'paid_after_nights_taken':
      return 'The guest paid after the hold had lapsed and the nights had been booked: the payment was refunded in full and no booking was made.';
    case 'paid_after_cancellation':
      return 'The guest paid after this booking was cancelled: the payment was refunded in full.';
    case 'refund_pending':
      return `Refund of ${formatGbp(stay.refundDuePence)} pending.`;
    case 'refund_failed':
      return `Refund of ${formatGbp(stay.refundDuePence)} failed: ${stay.attentionDetail ?? 'the payment provider refused it'}. Press Retry refund to try again.`;
  }
}
