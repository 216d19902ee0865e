import type { AdminBooking } from '../../../../domain/api/admin-bookings.ts';
import { addDays, type IsoDate } from '../../../../domain/dates.ts';

/**
 * What the dashboard opens on: the stays arriving and leaving today and in the next days, the money guests
 * still owe, and what needs the owner. Read from the owner's bookings list as the server sends it, so each rule
 * keeps its one home: why a stay needs the owner is its attention (src/domain/attention.ts, decision 005), what a
 * guest owes is `duePence` (decision 016), and whether its arrival e-mail has an access code is `hasAccessCode`.
 */

/** "The next 7 days": the days after today that the dashboard looks ahead. */
export const LOOK_AHEAD_DAYS = 7;

export type Need = { booking: AdminBooking; sentence: string };

export type TodayOverview = {
  today: IsoDate;
  arrivalsToday: AdminBooking[];
  arrivalsSoon: AdminBooking[];
  departuresToday: AdminBooking[];
  departuresSoon: AdminBooking[];
  /** Standing bookings with a balance still to pay, the soonest check-in first. */
  moneyDue: AdminBooking[];
  moneyDuePence: number;
  needs: Need[];
};

/** A guest's booking that stands: confirmed (one awaiting payment is among the needs until it is paid). */
const standing = (b: AdminBooking) => b.kind === 'guest' && b.status === 'confirmed';

const byCheckIn = (a: AdminBooking, b: AdminBooking) =>
  a.checkInDate < b.checkInDate ? -1 : a.checkInDate > b.checkInDate ? 1 : 0;
const byCheckOut = (a: AdminBooking, b: AdminBooking) =>
  a.checkOutDate < b.checkOutDate ? -1 : a.checkOutDate > b.checkOutDate ? 1 : 0;

export const NO_ACCESS_CODE =
  'No access code for the arrival e-mail: give the stay one in Guest link and messages, or set a default in the Email tab.';
export const AWAITING_PAYMENT =
  'Not paid yet: the nights are held until the guest pays through the checkout link or the hold lapses.';

export function todayOverview(bookings: AdminBooking[], today: IsoDate): TodayOverview {
  const horizon = addDays(today, LOOK_AHEAD_DAYS);
  const soon = (day: IsoDate) => day > today && day <= horizon;
  const guests = bookings.filter(standing);
  const arriving = (b: AdminBooking) => b.checkInDate >= today && b.checkInDate <= horizon;

  const needs: Need[] = [];
  // A stay's attention, while it can still matter: its stay is not over, or a refund is still owed.
  for (const b of bookings) {
    if (b.flag && (b.checkOutDate >= today || b.refundDuePence > 0))
      needs.push({ booking: b, sentence: b.flag });
  }
  // Stays not ready for their guest: arriving soon without an access code, or not paid yet.
  for (const b of guests.filter(arriving).sort(byCheckIn)) {
    if (!b.hasAccessCode) needs.push({ booking: b, sentence: NO_ACCESS_CODE });
  }
  for (const b of bookings.filter(
    (b) => b.kind === 'guest' && b.source === 'owner' && b.status === 'pending',
  )) {
    if (arriving(b)) needs.push({ booking: b, sentence: AWAITING_PAYMENT });
  }

  const moneyDue = guests.filter((b) => b.duePence > 0 && b.checkOutDate > today).sort(byCheckIn);
  return {
    today,
    arrivalsToday: guests.filter((b) => b.checkInDate === today),
    arrivalsSoon: guests.filter((b) => soon(b.checkInDate)).sort(byCheckIn),
    departuresToday: guests.filter((b) => b.checkOutDate === today),
    departuresSoon: guests.filter((b) => soon(b.checkOutDate)).sort(byCheckOut),
    moneyDue,
    moneyDuePence: moneyDue.reduce((sum, b) => sum + b.duePence, 0),
    needs,
  };
}
