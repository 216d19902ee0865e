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
