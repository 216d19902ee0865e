import { addMonths, daysBetween, type IsoDate, isIsoDate, todayOnPropertyClock } from './dates.ts';
import {
  BOOKING_WINDOW_MONTHS,
  MAX_NIGHTS,
  MIN_NIGHTS,
  OWNER_STAY_MAX_MONTHS,
  OWNER_WINDOW_MONTHS,
} from './property.ts';

export type StayRuleViolation =
  | 'invalid_date'
  | 'checkout_not_after_checkin'
  | 'too_few_nights'
  | 'too_many_nights'
  | 'checkin_in_past'
  | 'checkin_too_far_ahead'
  | 'owner_checkin_too_far_ahead'
  | 'owner_stay_too_long';

export const STAY_RULE_MESSAGES: Record<StayRuleViolation, string> = {
  invalid_date: 'Dates must be real calendar dates written as yyyy-MM-dd.',
  checkout_not_after_checkin: 'The check-out date must be after the check-in date.',
  too_few_nights: `The Tower requires a minimum stay of ${MIN_NIGHTS} nights for all bookings.`,
  too_many_nights: `Bookings are limited to a maximum of ${MAX_NIGHTS} nights. For longer stays, please contact us directly.`,
  checkin_in_past: 'The check-in date is in the past. Please choose a date from today onwards.',
  checkin_too_far_ahead: `Bookings open ${BOOKING_WINDOW_MONTHS} months ahead. Please choose an earlier check-in date.`,
  owner_checkin_too_far_ahead: `Owner bookings and blocks can start at most ${OWNER_WINDOW_MONTHS} months ahead. Please choose an earlier check-in date.`,
  owner_stay_too_long: `An owner booking or block can last at most ${OWNER_STAY_MAX_MONTHS} months. For a longer period, add another one after it.`,
};

/**
 * The rules a guest's stay must keep (spec README, "Stay rules on the server"): real dates, check-out after
 * check-in, 2–28 nights, check-in from today and at most 12 months ahead on the property's clock.
 * Owner-made bookings and blocks (`ownerMade`) skip the night limits and the guests' 12 months; they keep to a
 * wider horizon instead (check-in at most 24 months ahead, at most 12 months long), so a mistyped year never
 * takes the calendar, or a price, to the year 9999. Returns the first rule broken, or null.
 */
export function checkStayRules(
  stay: { checkIn: string; checkOut: string },
  now: Date,
  options: { ownerMade?: boolean } = {},
): StayRuleViolation | null {
  if (!isIsoDate(stay.checkIn) || !isIsoDate(stay.checkOut)) return 'invalid_date';
  const nights = daysBetween(stay.checkIn, stay.checkOut);
  if (nights <= 0) return 'checkout_not_after_checkin';
  if (!options.ownerMade) {
    if (nights < MIN_NIGHTS) return 'too_few_nights';
    if (nights > MAX_NIGHTS) return 'too_many_nights';
  }
  const today = todayOnPropertyClock(now);
  if (stay.checkIn < today) return 'checkin_in_past';
  if (!options.ownerMade) return stay.checkIn > lastBookableCheckIn(today) ? 'checkin_too_far_ahead' : null;
  if (stay.checkIn > addMonths(today, OWNER_WINDOW_MONTHS)) return 'owner_checkin_too_far_ahead';
  if (stay.checkOut > addMonths(stay.checkIn, OWNER_STAY_MAX_MONTHS)) return 'owner_stay_too_long';
  return null;
}

let lastBookableMemo: { today: IsoDate; last: IsoDate } | undefined;

/** The latest check-in a guest may choose: 12 months from today (remembered for the last day asked). */
export function lastBookableCheckIn(today: IsoDate): IsoDate {
  if (today !== lastBookableMemo?.today) {
    lastBookableMemo = { today, last: addMonths(today, BOOKING_WINDOW_MONTHS) };
  }
  return lastBookableMemo.last;
}
