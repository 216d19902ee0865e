import { type AdminBooking, CALENDAR_SOURCE_LABELS, type ImportedEvent } from '../../../domain/api.ts';
import { formatGbp } from '../../../domain/pricing.ts';
import { STAY_FLAGS } from '../../../domain/stay-flags.ts';

type FlaggedBooking = Pick<AdminBooking, 'flag' | 'paidPence' | 'refundedPence'>;

/** A flag written as a code ('calendar_conflict'), not as a sentence. */
const CODE = /^[a-z0-9]+(?:_[a-z0-9]+)*$/;

function joinNames(names: string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

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

function refundOutcome(booking: FlaggedBooking): string {
  const paid = formatGbp(booking.paidPence);
  return booking.paidPence > 0 && booking.refundedPence >= booking.paidPence
    ? `the ${paid} payment was refunded in full and the guest was told by e-mail.`
    : `the guest was told by e-mail, but the full refund of ${paid} has not gone through yet: check it in the payment provider's dashboard.`;
}

/**
 * What a stay's flag means, as a sentence for the owner: every code the server writes (src/domain/stay-flags.ts),
 * with what the booking and the channels' imported events add. A flag that is a sentence already is shown as it
 * is; null when there is no flag.
 */
export function flagSentence(booking: FlaggedBooking, channels: string[] = []): string | null {
  const flag = booking.flag?.trim();
  if (!flag) return null;
  switch (flag) {
    case STAY_FLAGS.calendarConflict:
      if (channels.length === 0) {
        return 'A booking imported from Airbnb or Booking.com overlaps these nights: check the channels and settle it with the guests before anyone travels.';
      }
      return `${joinNames(channels)} ${channels.length === 1 ? 'has a booking' : 'have bookings'} on some of these nights too: check ${channels.length === 1 ? channels[0] : 'them'} and settle it with the guests before anyone travels.`;
    case STAY_FLAGS.paidAfterNightsTaken:
      return `The guest paid after the hold on these dates had lapsed, and the nights had been booked by then, so no booking was made: ${refundOutcome(booking)}`;
    case STAY_FLAGS.paidAfterCancellation:
      return `The guest paid after this booking had been cancelled: ${refundOutcome(booking)}`;
    default:
      return CODE.test(flag)
        ? 'Something unusual happened with this booking: look at its payment and its recent activity before the stay.'
        : flag;
  }
}
