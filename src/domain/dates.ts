import { PROPERTY_TIME_ZONE } from './property.ts';

/**
 * Dates of a stay are calendar days written `yyyy-MM-dd` (an ISO date, no time, no zone). A stay occupies the
 * nights [checkIn, checkOut): the night of a date is the night that starts on that day.
 * Arithmetic is done on UTC midnights, so clock changes never shift a day.
 */
export type IsoDate = string;

export const DAY_MS = 86_400_000;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** The digit at `index` of `value`, or NaN (only ASCII 0–9, as the `\d` of a non-unicode regular expression). */
function digitAt(value: string, index: number): number {
  const code = value.charCodeAt(index) - 48;
  return code >= 0 && code <= 9 ? code : Number.NaN;
}

/**
 * UTC midnight (ms) of a real calendar date written `yyyy-MM-dd`, or NaN. Parsed by hand, without a regular
 * expression or a Date: the stay checks of every API request run through it. Years before 100 are refused,
 * as JavaScript's Date (which reads them as 19xx) always did here.
 */
function parseIsoDate(value: string): number {
  if (value.length !== 10 || value.charCodeAt(4) !== 45 || value.charCodeAt(7) !== 45) return Number.NaN;
  const y = digitAt(value, 0) * 1000 + digitAt(value, 1) * 100 + digitAt(value, 2) * 10 + digitAt(value, 3);
  const m = digitAt(value, 5) * 10 + digitAt(value, 6);
  const d = digitAt(value, 8) * 10 + digitAt(value, 9);
  if (!(y >= 100 && m >= 1 && m <= 12 && d >= 1)) return Number.NaN; // NaN fails every comparison
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  if (d > (m === 2 && leap ? 29 : DAYS_IN_MONTH[m - 1]!)) return Number.NaN;
  return Date.UTC(y, m - 1, d);
}

/** True for a real calendar date in `yyyy-MM-dd` form (2027-02-29 is not one). */
export function isIsoDate(value: string): boolean {
  return !Number.isNaN(parseIsoDate(value));
}

function toUtcMs(date: IsoDate): number {
  const ms = parseIsoDate(date);
  if (Number.isNaN(ms)) throw new RangeError(`Not a yyyy-MM-dd date: ${date}`);
  return ms;
}

function toUtc(date: IsoDate): Date {
  return new Date(toUtcMs(date));
}

const twoDigits = (n: number) => (n < 10 ? `0${n}` : `${n}`);

/**
 * The `yyyy-MM-dd` of a UTC midnight, by arithmetic (H. Hinnant's days-to-civil): a Date and its ISO string
 * per night cost more than the rest of a quote. Years outside 1000–9999 take the slow road.
 */
function fromUtcMs(ms: number): IsoDate {
  const z = Math.floor(ms / DAY_MS) + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1460) +
      Math.floor(dayOfEra / 36_524) -
      Math.floor(dayOfEra / 146_096)) /
      365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const shiftedMonth = Math.floor((5 * dayOfYear + 2) / 153); // 0 = March … 11 = February
  const day = dayOfYear - Math.floor((153 * shiftedMonth + 2) / 5) + 1;
  const month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  if (year < 1000 || year > 9999) return new Date(ms).toISOString().slice(0, 10);
  return `${year}-${twoDigits(month)}-${twoDigits(day)}`;
}

function fromUtc(date: Date): IsoDate {
  return fromUtcMs(date.getTime());
}

export function addDays(date: IsoDate, days: number): IsoDate {
  return fromUtcMs(toUtcMs(date) + days * DAY_MS);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return Math.round((toUtcMs(to) - toUtcMs(from)) / DAY_MS);
}

/** The nights of a stay: every date from check-in up to, not including, check-out. */
export function nightsOf(checkIn: IsoDate, checkOut: IsoDate): IsoDate[] {
  const start = toUtcMs(checkIn);
  const count = Math.round((toUtcMs(checkOut) - start) / DAY_MS);
  const nights: IsoDate[] = [];
  for (let i = 0; i < count; i++) nights.push(fromUtcMs(start + i * DAY_MS));
  return nights;
}

/** 0 = Sunday … 6 = Saturday. */
export function dayOfWeek(date: IsoDate): number {
  // 1970-01-01 was a Thursday (4); `% 7` keeps the sign, hence + 11.
  return (((toUtcMs(date) / DAY_MS) % 7) + 11) % 7;
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

/** The last answer of todayOnPropertyClock, by UTC minute (see there). */
let todayMemo = { minute: Number.NaN, day: '' };

/**
 * Today's date on the property's clock (Europe/London), whatever the server's or the browser's zone.
 * Time zone offsets (London's: 0 or 1 hour) are whole minutes, so the date only changes on a whole UTC
 * minute: the answer is remembered for the minute it was asked in (formatting in a time zone is slow, and every
 * stay check asks).
 */
export function todayOnPropertyClock(now: Date): IsoDate {
  const minute = Math.floor(now.getTime() / 60_000);
  if (minute === todayMemo.minute) return todayMemo.day;
  let year = '';
  let month = '';
  let day = '';
  for (const part of propertyDayFormat().formatToParts(now)) {
    if (part.type === 'year') year = part.value;
    else if (part.type === 'month') month = part.value;
    else if (part.type === 'day') day = part.value;
  }
  todayMemo = { minute, day: `${year}-${month}-${day}` };
  return todayMemo.day;
}

let propertyTime: Intl.DateTimeFormat | undefined;

/** '14:32': the time of `at` on the property's clock (Europe/London), 24-hour, as the owner reads it. */
export function timeOnPropertyClock(at: Date): string {
  propertyTime ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: PROPERTY_TIME_ZONE,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return propertyTime.format(at);
}

/** True when the two stays share at least one night (touching stays do not). */
export function staysOverlap(
  a: { checkIn: IsoDate; checkOut: IsoDate },
  b: { checkIn: IsoDate; checkOut: IsoDate },
) {
  return a.checkIn < b.checkOut && b.checkIn < a.checkOut;
}
