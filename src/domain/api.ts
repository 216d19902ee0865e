import { z } from 'zod';

/**
 * Schemas of the API's requests and responses (spec section 7), shared by the server's routes and the browser's
 * fetch calls and forms: one schema, three uses.
 */

export const ApiErrorSchema = z.object({ error: z.string(), message: z.string() });
export type ApiError = z.infer<typeof ApiErrorSchema>;

export const PropertySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  pricePerNight: z.number().int(),
  weekendPrice: z.number().int(),
  cleaningFee: z.number().int(),
  bedrooms: z.number().int(),
  bathrooms: z.number().int(),
  maxGuests: z.number().int(),
  sizeM2: z.number().int(),
  description: z.string(),
});
export type Property = z.infer<typeof PropertySchema>;

/** Login form and payload (spec sections 3 and 5): both fields required. */
export const AdminLoginSchema = z.object({
  username: z.string().trim().min(1, 'Username is required').max(200),
  password: z.string().min(1, 'Password is required').max(1000),
});
export type AdminLogin = z.infer<typeof AdminLoginSchema>;
export const AdminLoginResponseSchema = z.object({ token: z.string() });
export const AdminVerifyResponseSchema = z.object({ valid: z.literal(true), username: z.string() });

/* ---------- Availability, quotes and owner blocks (issue 4) ---------- */

const propertyIdField = z.coerce
  .number({ error: 'propertyId must be a whole number' })
  .int('propertyId must be a whole number')
  .positive('propertyId must be a whole number');

/** A `yyyy-MM-dd` field; whether it is a real date is judged by the stay rules (clear message, code). */
const dateField = (name: string) =>
  z.string({ error: `${name} is required (yyyy-MM-dd)` }).max(32, `${name} must be written yyyy-MM-dd`);

/** `?propertyId&checkInDate&checkOutDate` of `/api/availability` and `/api/quote`. */
export const StayQuerySchema = z.object({
  propertyId: propertyIdField,
  checkInDate: dateField('checkInDate'),
  checkOutDate: dateField('checkOutDate'),
});
export type StayQuery = z.infer<typeof StayQuerySchema>;

export const PropertyIdParamsSchema = z.object({ propertyId: propertyIdField });

/** The price of a stay in whole pounds: what the page shows and what the payment charges. */
export const QuoteSchema = z.object({
  nights: z.number().int(),
  weekdayNights: z.number().int(),
  weekendNights: z.number().int(),
  weekdayRate: z.number().int(),
  weekendRate: z.number().int(),
  accommodation: z.number().int(),
  cleaningFee: z.number().int(),
  serviceFee: z.number().int(),
  total: z.number().int(),
  currency: z.literal('gbp'),
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

/** Block-dates payload (spec section 3): propertyId defaults to 1, reason optional. */
export const BlockDatesSchema = z.object({
  propertyId: propertyIdField.default(1),
  checkInDate: dateField('checkInDate'),
  checkOutDate: dateField('checkOutDate'),
  reason: z.string().trim().max(500, 'reason must be at most 500 characters').optional().default(''),
});
export type BlockDatesInput = z.input<typeof BlockDatesSchema>;

/** An owner block as the admin API returns it: a booking of kind 'block' named 'Owner Block'. */
export const OwnerBlockSchema = z.object({
  id: z.string(),
  propertyId: z.number().int(),
  kind: z.literal('block'),
  status: z.literal('confirmed'),
  checkInDate: z.string(),
  checkOutDate: z.string(),
  contactName: z.literal('Owner Block'),
  reason: z.string(),
});
export type OwnerBlock = z.infer<typeof OwnerBlockSchema>;

/** The guest's form on the booking card (spec section 5), plus the number of guests (1–4, spec README). */
export const BookingFormSchema = z.object({
  contactName: z.string().trim().min(2, 'Name is required').max(200, 'Name is too long'),
  contactEmail: z
    .string()
    .trim()
    .pipe(z.email('Valid email is required').max(254, 'Valid email is required')),
  contactPhone: z.string().trim().max(40, 'Phone number is too long'),
  specialRequests: z.string().trim().max(2000, 'Special requests are too long'),
  guestCount: z
    .number({ error: 'Choose from 1 to 4 guests' })
    .int('Choose from 1 to 4 guests')
    .min(1, 'Choose from 1 to 4 guests')
    .max(4, 'Choose from 1 to 4 guests'),
});
export type BookingForm = z.infer<typeof BookingFormSchema>;
