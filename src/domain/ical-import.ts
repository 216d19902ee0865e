import { TZDate } from '@date-fns/tz';
import ICAL from 'ical.js';
import { addDays, type IsoDate } from './dates.ts';
import { CHECK_IN_TIME, MAX_NIGHTS, PROPERTY_TIME_ZONE } from './property.ts';
import { lastBookableCheckIn } from './stay-rules.ts';

/**
 * Turns a channel's iCalendar feed (Airbnb, Booking.com, VRBO, Google…) into the nights it blocks.
 * Parsing is ical.js's (RFC 5545: folded lines, CRLF or LF, VTIMEZONE, RRULE/EXDATE, RECURRENCE-ID); this
 * module only decides which nights each event occupies:
 *
 * - **All-day events** (DATE values) block the nights [DTSTART, DTEND): DTEND is exclusive (RFC 5545 3.6.1).
 *   No DTEND (and no DURATION) means one day, so one night.
 * - **Timed events** (DATE-TIME: UTC, TZID, floating) are stays on the property's clock (Europe/London): check-in
 *   is the London date of the start, check-out the London date of the end. A night begins at our check-in time
 *   (CHECK_IN_TIME, 16:00), so an event that ends by then leaves that evening's night free, and one that ends
 *   after it holds that night too (check-out the next day). So 15:00 Fri → 11:00 Sun blocks Fri and Sat nights;
 *   15:00 Fri → 18:00 Sun blocks Sun night as well. An event within one day, one that ends at or before its
 *   start and one without an end block the night of their start day.
 * - **Time zones:** a TZID is resolved from the feed's VTIMEZONE; a TZID without one is read as an IANA zone
 *   name when it is one (Europe/London, America/New_York), otherwise (a Windows zone name) as London time, like
 *   floating times are.
 * - `STATUS:CANCELLED` events (or cancelled occurrences) block nothing. Recurring events are expanded for the
 *   bookable window only; overrides (same UID with RECURRENCE-ID) replace their occurrence. Repeated UIDs
 *   without RECURRENCE-ID are separate events; identical (uid, check-in) pairs are merged.
 * - Only events with a night inside the window are returned (past stays are not).
 */

export type ImportedRange = { uid: string; checkIn: IsoDate; checkOut: IsoDate; summary: string };

/** The nights [from, to) an import looks at. */
export type NightWindow = { from: IsoDate; to: IsoDate };

/** A feed that is not an iCalendar file at all; its message is for the owner. */
export class IcalImportError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'IcalImportError';
  }
}

/**
 * The bookable window: from today to the last night a guest can book, i.e. the latest check-in (12 months
 * ahead) plus the longest stay.
 */
export function bookableNightWindow(today: IsoDate): NightWindow {
  return { from: today, to: addDays(lastBookableCheckIn(today), MAX_NIGHTS) };
}

/**
 * Recurrence steps one feed may take in all, so a hostile RRULE cannot spin for ever (a daily rule since 1970
 * is ~21,000 steps, about 2 s with ical.js).
 */
const MAX_RECURRENCE_STEPS = 50_000;
const MAX_SUMMARY_LENGTH = 200;

type Wall = { date: IsoDate; time: string };

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The check-in time as a London wall-clock time, comparable with `Wall.time`. */
const NIGHT_STARTS_AT = `${pad(CHECK_IN_TIME.hour)}:${pad(CHECK_IN_TIME.minute)}:00`;

function isIanaZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

function londonWall(epochMs: number): Wall {
  const d = new TZDate(epochMs, PROPERTY_TIME_ZONE);
  return {
    date: `${pad(d.getFullYear(), 4)}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`,
    time: `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`,
  };
}

/** The London wall-clock date and time of an iCalendar value. */
function toLondonWall(time: ICAL.Time, tzidParameter: string | undefined): Wall {
  const date = `${pad(time.year, 4)}-${pad(time.month)}-${pad(time.day)}`;
  if (time.isDate) return { date, time: '00:00:00' };
  const floating = !time.zone || time.zone.tzid === 'floating';
  if (!floating) return londonWall(time.toUnixTime() * 1000);
  if (tzidParameter && isIanaZone(tzidParameter)) {
    const instant = TZDate.tz(
      tzidParameter,
      time.year,
      time.month - 1,
      time.day,
      time.hour,
      time.minute,
      time.second,
    );
    return londonWall(instant.getTime());
  }
  return { date, time: `${pad(time.hour)}:${pad(time.minute)}:${pad(time.second)}` };
}

/** The nights an event from `start` to `end` occupies (see the rules at the top). */
function nightsBetween(
  start: ICAL.Time,
  end: ICAL.Time,
  tzid: { start: string | undefined; end: string | undefined },
): { checkIn: IsoDate; checkOut: IsoDate } {
  const from = toLondonWall(start, tzid.start);
  const to = toLondonWall(end, tzid.end);
  const checkIn = from.date;
  const oneNight = { checkIn, checkOut: addDays(checkIn, 1) };
  if (`${to.date}T${to.time}` <= `${from.date}T${from.time}`) return oneNight;
  // All-day values are at 00:00, before any check-in time: their DTEND stays exclusive.
  const checkOut = to.time <= NIGHT_STARTS_AT ? to.date : addDays(to.date, 1);
  return checkOut > checkIn ? { checkIn, checkOut } : oneNight;
}

function tzidOf(component: ICAL.Component, property: 'dtstart' | 'dtend'): string | undefined {
  const value = component.getFirstProperty(property)?.getParameter('tzid');
  return typeof value === 'string' ? value : undefined;
}

function isCancelled(component: ICAL.Component): boolean {
  const status = component.getFirstPropertyValue('status');
  return typeof status === 'string' && status.trim().toUpperCase() === 'CANCELLED';
}

function summaryOf(component: ICAL.Component): string {
  const value = component.getFirstPropertyValue('summary');
  return typeof value === 'string' ? value.trim().slice(0, MAX_SUMMARY_LENGTH) : '';
}

function rangeOfEvent(
  event: ICAL.Event,
  start: ICAL.Time,
  end: ICAL.Time,
): { checkIn: IsoDate; checkOut: IsoDate } {
  const component = event.component;
  const startTzid = tzidOf(component, 'dtstart');
  // With a DURATION or no DTEND, ical.js derives the end in the start's zone.
  const endTzid = component.hasProperty('dtend') ? tzidOf(component, 'dtend') : startTzid;
  return nightsBetween(start, end, { start: startTzid, end: endTzid });
}

function parseCalendars(text: string): ICAL.Component[] {
  if (!text.trim()) throw new IcalImportError('The feed is empty: it contains no calendar.');
  let parsed: unknown;
  try {
    parsed = ICAL.parse(text);
  } catch {
    throw new IcalImportError('The feed is not a valid iCalendar (.ics) file.');
  }
  // ical.js returns one jCal component, or a list of them when the text holds several.
  const list = (
    Array.isArray(parsed) && typeof parsed[0] === 'string' ? [parsed] : (parsed as unknown[])
  ) as unknown[];
  const calendars = list
    .map((jcal) => new ICAL.Component(jcal as unknown[]))
    .filter((c) => c.name === 'vcalendar');
  if (calendars.length === 0) throw new IcalImportError('The feed is not a valid iCalendar (.ics) file.');
  return calendars;
}

/**
 * The nights every event of the feed blocks within `window`, one range per event or occurrence.
 * Throws IcalImportError when the text is not an iCalendar file.
 */
export function importIcal(text: string, window: NightWindow): ImportedRange[] {
  const calendars = parseCalendars(text);
  const byKey = new Map<string, ImportedRange>();
  const add = (uid: string, range: { checkIn: IsoDate; checkOut: IsoDate }, summary: string) => {
    if (range.checkOut <= window.from || range.checkIn >= window.to) return;
    const key = `${uid}\n${range.checkIn}`;
    const existing = byKey.get(key);
    if (existing && existing.checkOut >= range.checkOut) return;
    byKey.set(key, { uid, checkIn: range.checkIn, checkOut: range.checkOut, summary });
  };

  let steps = 0;
  for (const calendar of calendars) {
    const groups = new Map<string, { masters: ICAL.Component[]; overrides: ICAL.Component[] }>();
    calendar.getAllSubcomponents('vevent').forEach((vevent, index) => {
      if (!vevent.hasProperty('dtstart')) return; // not an event that occupies time
      const rawUid = vevent.getFirstPropertyValue('uid');
      const uid = typeof rawUid === 'string' && rawUid.trim() ? rawUid.trim() : `no-uid-${index}`;
      const group = groups.get(uid) ?? { masters: [], overrides: [] };
      (vevent.hasProperty('recurrence-id') ? group.overrides : group.masters).push(vevent);
      groups.set(uid, group);
    });

    for (const [uid, { masters, overrides }] of groups) {
      // Overrides with no master in the feed stand on their own.
      const singles = masters.length === 0 ? overrides : [];
      for (const component of [...masters, ...singles]) {
        if (isCancelled(component)) continue;
        const event = new ICAL.Event(component, {
          exceptions: masters.length > 0 ? overrides : [],
          strictExceptions: true,
        });
        if (!event.isRecurring() || event.isRecurrenceException()) {
          add(uid, rangeOfEvent(event, event.startDate, event.endDate), summaryOf(component));
          continue;
        }
        const iterator = event.iterator();
        for (let next = iterator.next(); next && steps < MAX_RECURRENCE_STEPS; next = iterator.next()) {
          steps++;
          if (toLondonWall(next, tzidOf(component, 'dtstart')).date >= window.to) break;
          const details = event.getOccurrenceDetails(next);
          if (isCancelled(details.item.component)) continue;
          add(
            uid,
            rangeOfEvent(details.item, details.startDate, details.endDate),
            summaryOf(details.item.component),
          );
        }
      }
    }
  }
  return [...byKey.values()].sort((a, b) =>
    a.checkIn === b.checkIn ? a.uid.localeCompare(b.uid) : a.checkIn < b.checkIn ? -1 : 1,
  );
}
