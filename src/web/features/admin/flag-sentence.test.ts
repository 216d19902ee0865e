import { describe, expect, it } from 'vitest';
import type { ImportedEvent } from '../../../domain/api.ts';
import { STAY_FLAGS } from '../../../domain/stay-flags.ts';
import { conflictChannels, flagSentence } from './flag-sentence.ts';

const paid = { paidPence: 86_100, refundedPence: 86_100 };
const stay = { checkInDate: '2026-12-09', checkOutDate: '2026-12-12' };
const event = (
  sourceId: string,
  checkInDate: string,
  checkOutDate: string,
  conflict = true,
): ImportedEvent => ({
  sourceId,
  uid: `${sourceId}-${checkInDate}`,
  checkInDate,
  checkOutDate,
  summary: 'Reserved',
  conflict,
});

describe('flagSentence', () => {
  it('gives every code the server writes as a sentence, never the code', () => {
    for (const code of Object.values(STAY_FLAGS)) {
      const sentence = flagSentence({ ...paid, flag: code });
      expect(sentence, code).toMatch(/^[A-Z].*\.$/);
      expect(sentence, code).not.toContain(code);
      expect(sentence, code).not.toMatch(/\b[a-z]+_[a-z_]+\b/);
    }
  });

  it('names the channel of a calendar conflict when the imported events tell it', () => {
    expect(flagSentence({ ...paid, flag: 'calendar_conflict' }, ['Airbnb'])).toBe(
      'Airbnb has a booking on some of these nights too: check Airbnb and settle it with the guests before anyone travels.',
    );
    expect(flagSentence({ ...paid, flag: 'calendar_conflict' }, ['Airbnb', 'Booking.com'])).toBe(
      'Airbnb and Booking.com have bookings on some of these nights too: check them and settle it with the guests before anyone travels.',
    );
    expect(flagSentence({ ...paid, flag: 'calendar_conflict' })).toBe(
      'A booking imported from Airbnb or Booking.com overlaps these nights: check the channels and settle it with the guests before anyone travels.',
    );
  });

  it('says whether a late payment has been refunded yet', () => {
    expect(flagSentence({ ...paid, flag: 'paid_after_nights_taken' })).toBe(
      'The guest paid after the hold on these dates had lapsed, and the nights had been booked by then, so no booking was made: the £861 payment was refunded in full and the guest was told by e-mail.',
    );
    expect(flagSentence({ paidPence: 86_100, refundedPence: 0, flag: 'paid_after_cancellation' })).toBe(
      "The guest paid after this booking had been cancelled: the guest was told by e-mail, but the full refund of £861 has not gone through yet: check it in the payment provider's dashboard.",
    );
  });

  it('shows a flag that is a sentence already as it is, and an unknown code as a plain sentence', () => {
    const failed = 'Refund of £50 failed: card_declined. Press Retry refund to try again.';
    expect(flagSentence({ ...paid, flag: failed })).toBe(failed);
    expect(flagSentence({ ...paid, flag: 'Refund of £50 pending.' })).toBe('Refund of £50 pending.');
    expect(flagSentence({ ...paid, flag: 'some_new_code' })).toBe(
      'Something unusual happened with this booking: look at its payment and its recent activity before the stay.',
    );
    expect(flagSentence({ ...paid, flag: null })).toBeNull();
  });
});

describe('conflictChannels', () => {
  it('lists the channels whose conflicting events share a night with the stay, once each', () => {
    const imported = [
      event('airbnb', '2026-12-11', '2026-12-14'),
      event('airbnb', '2026-12-08', '2026-12-10'),
      event('booking', '2026-12-12', '2026-12-15'), // arrives the morning the stay leaves: no shared night
      event('booking', '2026-12-10', '2026-12-11', false), // not marked as a conflict
    ];
    expect(conflictChannels(stay, imported)).toEqual(['Airbnb']);
    expect(conflictChannels(stay, [...imported, event('booking', '2026-12-09', '2026-12-10')])).toEqual([
      'Airbnb',
      'Booking.com',
    ]);
  });
});
