import { addDays, addMonths, daysBetween, type IsoDate, isIsoDate, nightsOf } from '../../../domain/dates.ts';
import { MAX_NIGHTS } from '../../../domain/property.ts';

/**
 * The date picker's choices as pure rules (spec section 4, spec README "Date picker defaults" and "Nights, not
 * days"): which day may be a check-in, which check-out a default gives, whether a chosen check-out is allowed, the
 * automatic selection, and moving the keyboard focus. The picker (date-range-picker.tsx) turns each answer into
 * state and toasts.
 */

/** What the picker knows of the calendar. */
export type CalendarFacts = {
  /** Today on the property's clock. */
  today: IsoDate;
  /** The last day a stay may start (12 months ahead). */
  lastCheckIn: IsoDate;
  /** Nights already taken. */
  taken: ReadonlySet<IsoDate>;
  /** The fewest nights the booking page asks for a stay starting on `checkIn` (a season may ask more). */
  minNights: number | ((checkIn: IsoDate) => number);
  /** Days the owner closed to arrival (none without a plan). */
  closedToArrival?: (day: IsoDate) => boolean;
  /** Days the owner closed to departure. */
  closedToDeparture?: (day: IsoDate) => boolean;
};

/** The fewest nights for a stay starting on `checkIn`. */
export const minNightsOf = (facts: Pick<CalendarFacts, 'minNights'>, checkIn: IsoDate) =>
  typeof facts.minNights === 'number' ? facts.minNights : facts.minNights(checkIn);

/** A click sets check-out two days after check-in; a typed check-in, one (spec section 4). */
export const CLICK_OFFSET = 2;
export const TYPED_OFFSET = 1;

/** True when no night of [from, to) is taken. */
export const rangeFree = (from: IsoDate, to: IsoDate, taken: ReadonlySet<IsoDate>) =>
  nightsOf(from, to).every((night) => !taken.has(night));

/** A day may be a check-in when it is from today to the last bookable day and its night is free. */
export const canCheckIn = (day: IsoDate, facts: CalendarFacts) =>
  day >= facts.today && day <= facts.lastCheckIn && !facts.taken.has(day) && !facts.closedToArrival?.(day);

/** Every automatic default sets check-out to check-in + max(minimum nights, the spec's offset). */
export const defaultCheckOut = (checkIn: IsoDate, offset: number, minNights: number) =>
  addDays(checkIn, Math.max(minNights, offset));

export type StartAnswer =
  | { ok: true; checkOut: IsoDate }
  | { ok: false; reason: 'checkInUnavailable' | 'closedToArrival' | 'rangeUnavailable' };

/** Making `day` the check-in, with its default check-out. */
export function startAt(day: IsoDate, offset: number, facts: CalendarFacts): StartAnswer {
  if (facts.closedToArrival?.(day) && canCheckIn(day, { ...facts, closedToArrival: undefined }))
    return { ok: false, reason: 'closedToArrival' };
  if (!canCheckIn(day, facts)) return { ok: false, reason: 'checkInUnavailable' };
  let checkOut = defaultCheckOut(day, offset, minNightsOf(facts, day));
  // A default check-out on a day closed to departure moves on to the next day a stay may end.
  while (facts.closedToDeparture?.(checkOut) && daysBetween(day, checkOut) < MAX_NIGHTS)
    checkOut = addDays(checkOut, 1);
  if (!rangeFree(day, checkOut, facts.taken)) return { ok: false, reason: 'rangeUnavailable' };
  return { ok: true, checkOut };
}

export type CheckOutAnswer =
  | { ok: true }
  | { ok: false; reason: 'checkOutUnavailable' | 'closedToDeparture' | 'maximumStay' | 'rangeUnavailable' };

/**
 * Choosing `day` as the check-out of `checkIn`: after it, at most MAX_NIGHTS nights, the night before it free
 * (the day itself may be taken: a guest may leave the morning another arrives) and every night between free.
 */
export function chooseCheckOut(
  checkIn: IsoDate,
  day: IsoDate,
  taken: ReadonlySet<IsoDate>,
  closedToDeparture?: (day: IsoDate) => boolean,
): CheckOutAnswer {
  const nights = daysBetween(checkIn, day);
  if (nights <= 0) return { ok: false, reason: 'checkOutUnavailable' };
  if (nights > MAX_NIGHTS) return { ok: false, reason: 'maximumStay' };
  if (taken.has(addDays(day, -1))) return { ok: false, reason: 'checkOutUnavailable' };
  if (!rangeFree(checkIn, day, taken)) return { ok: false, reason: 'rangeUnavailable' };
  if (closedToDeparture?.(day)) return { ok: false, reason: 'closedToDeparture' };
  return { ok: true };
}

/**
 * The stay an address asks for (`?checkIn=…&checkOut=…`, the link of a follow-up e-mail), when it can be booked
 * now: a check-in day, enough nights for its season and a check-out the rules allow. Null otherwise, and the
 * calendar selects by itself as usual.
 */
export function askedSelection(
  asked: { checkIn: string; checkOut: string } | null | undefined,
  facts: CalendarFacts,
): { checkIn: IsoDate; checkOut: IsoDate } | null {
  if (!asked || !isIsoDate(asked.checkIn) || !isIsoDate(asked.checkOut)) return null;
  const { checkIn, checkOut } = asked;
  if (!canCheckIn(checkIn, facts) || daysBetween(checkIn, checkOut) < minNightsOf(facts, checkIn))
    return null;
  return chooseCheckOut(checkIn, checkOut, facts.taken, facts.closedToDeparture).ok
    ? { checkIn, checkOut }
    : null;
}

/**
 * The automatic selection (spec section 4): the first day of the displayed month, not before today, whose
 * default stay is free; null when the month has none.
 */
export function autoSelection(
  month: IsoDate,
  facts: CalendarFacts,
): { checkIn: IsoDate; checkOut: IsoDate } | null {
  const end = addMonths(month, 1);
  for (let day = month < facts.today ? facts.today : month; day < end; day = addDays(day, 1)) {
    const checkOut = defaultCheckOut(day, TYPED_OFFSET, minNightsOf(facts, day));
    if (
      canCheckIn(day, facts) &&
      rangeFree(day, checkOut, facts.taken) &&
      !facts.closedToDeparture?.(checkOut)
    )
      return { checkIn: day, checkOut };
  }
  return null;
}

/** Where a key moves the focused day of the grid, kept within the months that can be shown; null for other keys. */
export function movedFocus(
  key: string,
  day: IsoDate,
  months: { first: IsoDate; last: IsoDate },
): IsoDate | null {
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
  const moves: Record<string, () => IsoDate> = {
    ArrowLeft: () => addDays(day, -1),
    ArrowRight: () => addDays(day, 1),
    ArrowUp: () => addDays(day, -7),
    ArrowDown: () => addDays(day, 7),
    PageUp: () => addMonths(day, -1),
    PageDown: () => addMonths(day, 1),
    Home: () => addDays(day, -weekday),
    End: () => addDays(day, 6 - weekday),
  };
  const move = moves[key];
  if (!move) return null;
  const target = move();
  const lastDay = addDays(addMonths(months.last, 1), -1);
  return target < months.first ? months.first : target > lastDay ? lastDay : target;
}
