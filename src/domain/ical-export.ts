import ICAL from 'ical.js';
import type { IsoDate } from './dates.ts';

/**
 * Our own calendar feed, for Airbnb and Booking.com to import so they close the nights booked here.
 * Each stay is one all-day event [check-in, check-out) (DTEND exclusive, RFC 5545 3.6.1) with a UID that stays
 * the same for the stay's whole life (`<stayId>@<host>`), so the channels update rather than duplicate it.
 * No guest's name, e-mail, phone or the owner's reason leaves the site: every event reads 'Not available'.
 * ical.js writes the text (CRLF line ends, lines folded at 75 octets, escaping).
 */

export type ExportedStay = { id: string; checkIn: IsoDate; checkOut: IsoDate };

export const EXPORT_EVENT_SUMMARY = 'Not available';
export const EXPORT_PRODUCT_ID = '-//The Tower//Direct bookings//EN';

function dateValue(date: IsoDate): ICAL.Time {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return ICAL.Time.fromData({ year, month, day, isDate: true });
}

function utcStamp(now: Date): ICAL.Time {
  // DTSTAMP is a UTC date-time without fractions of a second (RFC 5545 3.8.7.2).
  return ICAL.Time.fromJSDate(new Date(Math.floor(now.getTime() / 1000) * 1000), true);
}

/** The .ics text of our feed: the given stays, in check-in order. */
export function buildIcalExport(options: {
  stays: ExportedStay[];
  /** The site's host name, for UIDs: `thetower.example`. */
  host: string;
  calendarName: string;
  now: Date;
}): string {
  const calendar = new ICAL.Component('vcalendar');
  calendar.addPropertyWithValue('prodid', EXPORT_PRODUCT_ID);
  calendar.addPropertyWithValue('version', '2.0');
  calendar.addPropertyWithValue('calscale', 'GREGORIAN');
  calendar.addPropertyWithValue('method', 'PUBLISH');
  calendar.addPropertyWithValue('x-wr-calname', options.calendarName);
  const stamp = utcStamp(options.now);
  const sorted = [...options.stays].sort((a, b) =>
    a.checkIn === b.checkIn ? a.id.localeCompare(b.id) : a.checkIn < b.checkIn ? -1 : 1,
  );
  for (const stay of sorted) {
    const event = new ICAL.Component('vevent');
    event.addPropertyWithValue('uid', `${stay.id}@${options.host}`);
    event.addPropertyWithValue('dtstamp', stamp);
    event.addPropertyWithValue('dtstart', dateValue(stay.checkIn));
    event.addPropertyWithValue('dtend', dateValue(stay.checkOut));
    event.addPropertyWithValue('summary', EXPORT_EVENT_SUMMARY);
    event.addPropertyWithValue('transp', 'OPAQUE');
    calendar.addSubcomponent(event);
  }
  return `${calendar.toString()}\r\n`;
}
