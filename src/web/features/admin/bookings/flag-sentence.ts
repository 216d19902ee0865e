import type { AdminBooking, ImportedEvent } from '../../../../domain/api/admin-bookings.ts';
import { CALENDAR_SOURCE_LABELS } from '../../../../domain/api/calendar-sync.ts';
import { attentionSentence } from '../../../../domain/attention.ts';

/** The channels whose imported events overlap this booking's nights and were marked as conflicts. */
export function conflictChannels(
  booking: Pick<AdminBooking, 'checkInDate' | 'checkOutDate'>,
  imported: ImportedEvent[],
): string[] {
  const names = imported
    .filter((e) => e.conflict && e.checkInDate < booking.checkOutDate && booking.checkInDate < e.checkOutDate)
    .map((e) => CALENDAR_SOURCE_LABELS[e.sourceId as keyof typeof CALENDAR_SOURCE_LABELS] ?? e.sourceId);
  return [...new Set(names)].sort();
}

/**
 * What needs the owner's attention on a booking, as a sentence (src/domain/attention.ts), naming the channels of
 * a calendar conflict when the imported events tell them; null when nothing does.
 */
export function flagSentence(
  booking: Pick<AdminBooking, 'attention' | 'flag' | 'paidPence' | 'refundedPence' | 'refundDuePence'>,
  channels: string[] = [],
): string | null {
  // The server's sentence has every fact but the channels, which only a calendar conflict names.
  if (booking.attention === 'calendar_conflict')
    return attentionSentence('calendar_conflict', booking, channels);
  return booking.flag;
}
