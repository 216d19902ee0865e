import { describe, expect, it } from 'vitest';
import type { ImportedEvent } from '../../../../domain/api/admin-bookings.ts';
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
  const booking = { ...paid, refundDuePence: 0 };

  it('names the channel of a calendar conflict when the imported events tell it', () => {
    const conflict = { ...booking, attention: 'calendar_conflict' as const, flag: 'from the server' };
    expect(flagSentence(conflict, ['Airbnb'])).toBe(
      'Airbnb has a booking on some of these nights too: check Airbnb and settle it with the guests before anyone travels.',
    );
    expect(flagSentence(conflict, ['Airbnb', 'Booking.com'])).toBe(
      'Airbnb and Booking.com have bookings on some of these nights too: check them and settle it with the guests before anyone travels.',
    );
    expect(flagSentence(conflict)).toBe(
      'A booking imported from Airbnb or Booking.com overlaps these nights: check the channels and settle it with the guests before anyone travels.',
    );
  });

  it('shows the server’s sentence for every other attention, and nothing when there is none', () => {
    const failed = 'Refund of £50 failed: card_declined. Press Retry refund to try again.';
    expect(flagSentence({ ...booking, attention: 'refund_failed', flag: failed })).toBe(failed);
    expect(flagSentence({ ...booking, attention: null, flag: null })).toBeNull();
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
