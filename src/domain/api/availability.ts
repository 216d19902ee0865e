import { z } from 'zod';
import { dateField, PG_INTEGER_MAX, textField, wholeNumber } from '../input-fields.ts';
import { calendarDay, pence } from './fields.ts';

/**
 * Availability and quotes (spec section 7): src/server/availability/.
 * One schema for the route, the browser's fetch call and its form (docs/architecture.md).
 */

export const propertyIdField = wholeNumber('propertyId', { min: 1, max: PG_INTEGER_MAX, coerce: true });

/** `?propertyId&checkInDate&checkOutDate` of `/api/availability` and `/api/quote`. */
export const StayQuerySchema = z.object({
  propertyId: propertyIdField,
  checkInDate: dateField('checkInDate'),
  checkOutDate: dateField('checkOutDate'),
});

export const PropertyIdParamsSchema = z.object({ propertyId: propertyIdField });

/** `?promoCode` of `/api/quote`, beside the stay: the code the guest typed (any case). */
export const PromoCodeTextSchema = textField().trim().max(40, 'A promo code is at most 40 characters.');

export const QuoteQuerySchema = StayQuerySchema.extend({ promoCode: PromoCodeTextSchema.optional() });

const QuoteNightSchema = z.object({
  date: calendarDay,
  pricePence: pence,
  weekend: z.boolean(),
  season: z.string().nullable(),
  special: z.boolean(),
});

/**
 * The price of a stay: what the page shows and what the payment charges. The first fields are the original
 * contract, in pounds (now with pence when a discount or levy makes them); the rest itemise it in pence
 * (src/domain/pricing.ts, docs/decisions/013-rate-plan.md).
 */
export const QuoteSchema = z.object({
  nights: z.number().int(),
  weekdayNights: z.number().int(),
  weekendNights: z.number().int(),
  weekdayRate: z.number(),
  weekendRate: z.number(),
  accommodation: z.number(),
  cleaningFee: z.number(),
  serviceFee: z.number(),
  total: z.number(),
  currency: z.literal('gbp'),
  nightly: z.array(QuoteNightSchema),
  lines: z.array(
    z.object({
      kind: z.enum(['weekday', 'weekend', 'special']),
      season: z.string().nullable(),
      pricePence: pence,
      nights: z.number().int(),
    }),
  ),
  nightsPence: pence,
  discounts: z.array(
    z.object({
      kind: z.enum(['length_of_stay', 'promo']),
      label: z.string(),
      amountPence: pence,
    }),
  ),
  discountPence: pence,
  accommodationPence: pence,
  cleaningFeePence: pence,
  serviceFeePercent: z.number(),
  serviceFeePence: pence,
  levy: z.object({ percent: z.number(), nights: z.number().int(), pence: z.number().int() }).nullable(),
  levyPence: pence,
  totalPence: pence,
  promoCode: z.string().nullable(),
});

/**
 * Taken nights from today on (`yyyy-MM-dd`, sorted): confirmed stays, live payment holds, owner blocks and
 * channel events. `bookingsCount` counts the guest stays and channel events among them, `blockedDatesCount`
 * the owner blocks.
 */
export const UnavailableDatesSchema = z.object({
  unavailableDates: z.array(z.string()),
  bookingsCount: z.number().int(),
  blockedDatesCount: z.number().int(),
});

export type UnavailableDates = z.infer<typeof UnavailableDatesSchema>;

export const AvailabilitySchema = z.object({ available: z.boolean() });
