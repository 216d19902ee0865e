import type { AdminBooking } from '../../../../domain/api/admin-bookings.ts';
import { statusLabel, statusTone } from './booking-list.ts';

const TONES = {
  green: 'bg-green-100 text-green-900 ring-green-700/30',
  blue: 'bg-blue-100 text-blue-900 ring-blue-700/30',
  yellow: 'bg-yellow-100 text-yellow-900 ring-yellow-700/30',
  red: 'bg-red-100 text-red-900 ring-red-700/30',
} as const;

/** Confirmed green (blue 'BLOCKED' for an owner block), pending yellow, all others red (spec section 2). */
export function StatusBadge({ booking }: { booking: AdminBooking }) {
  const tone = statusTone(booking);
  return (
    <span
      data-tone={tone}
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 font-semibold text-xs ring-1 ring-inset ${TONES[tone]}`}
    >
      {statusLabel(booking)}
    </span>
  );
}
