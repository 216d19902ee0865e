import ICAL from 'ical.js';
import { bookingReference } from '../../domain/booking-reference.ts';
import type { IsoDate } from '../../domain/dates.ts';
import { CHECK_IN_TIME, CHECK_OUT_TIME, PROPERTY_NAME } from '../../domain/property.ts';
import { propertyLocalInstant } from '../../domain/property-clock.ts';

const PRODUCT_ID = '-//The Tower Aberdeen//Direct bookings//EN';

export { propertyLocalInstant } from '../../domain/property-clock.ts';

/**
 * The guest's confirmation page, with the booking's reference and what happens next. The long id stays in the
 * link; the reference is what people read.
 */
export const bookingPageUrl = (stayId: string, siteUrl: string) =>
  `${siteUrl}/booking-success?bookingId=${encodeURIComponent(stayId)}`;

/**
 * The guest's 'manage my booking' page: `/booking/{reference}?key=…`. The key is the stay's own secret (the
 * reference alone is guessable); without it the page answers as if there were no booking.
 */
export const manageBookingUrl = (stay: { id: string; manageKey: string }, siteUrl: string) =>
  `${siteUrl}/booking/${bookingReference(stay.id)}?key=${encodeURIComponent(stay.manageKey)}`;

export type StayEvent = {
  stayId: string;
  checkIn: IsoDate;
  checkOut: IsoDate;
  siteUrl: string;
  siteEmail: string;
  guestCount: number;
  /** The stay's manage key: the calendar links to the guest's manage page (else to the confirmation page). */
  manageKey?: string;
};

/**
 * The guest's stay as an iCalendar file (RFC 5545), written with ical.js: from check-in at 4:00 PM to check-out at
 * 11:00 AM, in UTC so every calendar shows the right local time without a VTIMEZONE block.
 */
export function stayCalendarFile(stay: StayEvent, now: Date): string {
  const calendar = new ICAL.Component(['vcalendar', [], []]);
  calendar.updatePropertyWithValue('prodid', PRODUCT_ID);
  calendar.updatePropertyWithValue('version', '2.0');
  calendar.updatePropertyWithValue('calscale', 'GREGORIAN');
  calendar.updatePropertyWithValue('method', 'PUBLISH');

  const vevent = new ICAL.Component('vevent');
  const event = new ICAL.Event(vevent);
  event.uid = `${stay.stayId}@${new URL(stay.siteUrl).hostname}`;
  event.summary = `Your stay at ${PROPERTY_NAME}, Aberdeen`;
  event.location = `${PROPERTY_NAME}, Aberdeen, Scotland`;
  const bookingUrl = stay.manageKey
    ? manageBookingUrl({ id: stay.stayId, manageKey: stay.manageKey }, stay.siteUrl)
    : bookingPageUrl(stay.stayId, stay.siteUrl);
  event.description = [
    `Booking reference: ${bookingReference(stay.stayId)}`,
    `Guests: ${stay.guestCount}`,
    `Check-in from ${CHECK_IN_TIME.label}, check-out by ${CHECK_OUT_TIME.label}.`,
    'Your access codes arrive by e-mail 24 hours before you arrive.',
    `Questions: ${stay.siteEmail}`,
    `Your booking: ${bookingUrl}`,
  ].join('\n');
  event.startDate = ICAL.Time.fromJSDate(
    propertyLocalInstant(stay.checkIn, CHECK_IN_TIME.hour, CHECK_IN_TIME.minute),
    true,
  );
  event.endDate = ICAL.Time.fromJSDate(
    propertyLocalInstant(stay.checkOut, CHECK_OUT_TIME.hour, CHECK_OUT_TIME.minute),
    true,
  );
  vevent.updatePropertyWithValue('dtstamp', ICAL.Time.fromJSDate(now, true));
  vevent.updatePropertyWithValue('url', bookingUrl);
  vevent.updatePropertyWithValue('status', 'CONFIRMED');
  calendar.addSubcomponent(vevent);
  return `${calendar.toString()}\r\n`;
}
