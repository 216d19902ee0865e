import { describe, expect, it } from 'vitest';
import { ATTENTION_CODES, attentionSentence } from './attention.ts';

const paid = { paidPence: 86_100, refundedPence: 86_100, refundDuePence: 0 };

describe('attentionSentence', () => {
  it('gives every code as a sentence, never the code', () => {
    for (const code of ATTENTION_CODES) {
      const sentence = attentionSentence(code, { ...paid, refundDuePence: 5_000 });
      expect(sentence, code).toMatch(/^[A-Z].*\.$/);
      expect(sentence, code).not.toContain(code);
      expect(sentence, code).not.toMatch(/\b[a-z]+_[a-z_]+\b/);
    }
  });

  it('says whether a late payment has been refunded yet', () => {
    expect(attentionSentence('paid_after_nights_taken', paid)).toBe(
      'The guest paid after the hold on these dates had lapsed, and the nights had been booked by then, so no booking was made: the £861 payment was refunded in full and the guest was told by e-mail.',
    );
    expect(attentionSentence('paid_after_cancellation', { ...paid, refundedPence: 0 })).toBe(
      "The guest paid after this booking had been cancelled: the guest was told by e-mail, but the full refund of £861 has not gone through yet: check it in the payment provider's dashboard.",
    );
  });

  it('names the refund still owed, and the provider’s words when it failed', () => {
    expect(attentionSentence('refund_pending', { ...paid, refundDuePence: 50_675 })).toBe(
      'Refund of £506.75 pending.',
    );
    expect(
      attentionSentence('refund_failed', {
        ...paid,
        refundDuePence: 50_675,
        attentionDetail: 'Stripe is unreachable',
      }),
    ).toBe('Refund of £506.75 failed: Stripe is unreachable. Press Retry refund to try again.');
  });

  it('names the channels of a calendar conflict', () => {
    expect(attentionSentence('calendar_conflict', paid, ['Booking.com'])).toBe(
      'Booking.com has a booking on some of these nights too: check Booking.com and settle it with the guests before anyone travels.',
    );
  });
});
