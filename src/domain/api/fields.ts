import { z } from 'zod';

/**
 * Fields that mean the same thing in every answer that has them.
 * One schema for the route, the browser's fetch call and its form (docs/architecture.md).
 */

/** An amount of money in pence, a whole number: how the site keeps every price and payment. */
export const pence = z.number().int();

/** A booking's days: its check-in day and its check-out day (yyyy-MM-dd, on the property's calendar). */
export const stayDates = {
  checkInDate: z.string(),
  checkOutDate: z.string(),
};
