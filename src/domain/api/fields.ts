import { z } from 'zod';

/**
 * Fields that mean the same thing in every answer that has them.
 * One schema for the route, the browser's fetch call and its form (docs/architecture.md).
 */

/** An amount of money in pence, a whole number: how the site keeps every price and payment. */
export const pence = z.number().int();

/** A moment, as the server writes it: ISO 8601 in UTC (`Date.prototype.toISOString`). */
export const timestamp = z.string();

/** A day on the property's calendar, yyyy-MM-dd (src/domain/dates.ts). */
export const calendarDay = z.string();

/** A booking's days: its check-in day and its check-out day. */
export const stayDates = {
  checkInDate: calendarDay,
  checkOutDate: calendarDay,
};
