import { PROPERTY_TIME_ZONE } from './property.ts';

/**
 * Dates of a stay are calendar days written `yyyy-MM-dd` (an ISO date, no time, no zone). A stay occupies the
 * nights [checkIn, checkOut): the night of a date is the night that starts on that day.
 * Arithmetic is done on UTC midnights, so clock changes never shift a day.
 */
export type IsoDate = string;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** True for a real calendar date in `yyyy-MM-dd` form (2027-02-29 is not one). */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

function toUtc(date: IsoDate): Date {
  if (!isIsoDate(date)) throw new RangeError(`Not a yyyy-MM-dd date: ${date}`);
  return new Date(`${date}T00:00:00Z`);
}

function fromUtc(date: Date): IsoDate {
  return date.toISOString().slice(0, 10);
}

export function addDays(date: IsoDate, days: number): IsoDate {
  return fromUtc(new Date(toUtc(date).getTime() + days * DAY_MS));
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return Math.round((toUtc(to).getTime() - toUtc(from).getTime()) / DAY_MS);
}

/** The nights of a stay: every date from check-in up to, not including, check-out. */
export function nightsOf(checkIn: IsoDate, checkOut: IsoDate): IsoDate[] {
  const count = daysBetween(checkIn, checkOut);
  return Array.from({ length: Math.max(0, count) }, (_, i) => addDays(checkIn, i));
}

/** 0 = Sunday … 6 = Saturday. */
export function dayOfWeek(date: IsoDate): number {
  return toUtc(date).getUTCDay();
}

/** Friday and Saturday nights are charged at the weekend rate (spec section 9). */
export function isWeekendNight(date: IsoDate): boolean {
  const day = dayOfWeek(date);
  return day === 5 || day === 6;
}

/** Adds calendar months, keeping the day where the month has it (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(date: IsoDate, months: number): IsoDate {
  const d = toUtc(date);
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), lastDay));
  return fromUtc(target);
}

/**
 * Calendar days on the property's clock; one formatter, made on first use (it is the hot path of every stay
 * check, and making it is slow: pages that never ask for today do not pay for it while they load).
 */
let propertyDay: Intl.DateTimeFormat | undefined;
const propertyDayFormat = () =>
  (propertyDay ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: PROPERTY_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }));

/** Today's date on the property's clock (Europe/London), whatever the server's or the browser's zone. */
export function todayOnPropertyClock(now: Date): IsoDate {
  let year = '';
  let month = '';
  let day = '';
  for (const part of propertyDayFormat().formatToParts(now)) {
    if (part.type === 'year') year = part.value;
    else if (part.type === 'month') month = part.value;
    else if (part.type === 'day') day = part.value;
  }
  return `${year}-${month}-${day}`;
}

export function compareIsoDates(a: IsoDate, b: IsoDate): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** True when the two stays share at least one night (touching stays do not). */
export function staysOverlap(
  a: { checkIn: IsoDate; checkOut: IsoDate },
  b: { checkIn: IsoDate; checkOut: IsoDate },
) {
  return a.checkIn < b.checkOut && b.checkIn < a.checkOut;
}
