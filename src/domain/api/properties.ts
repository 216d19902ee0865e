import { z } from 'zod';

/**
 * GET /api/properties (spec section 7): the property as the original pages read it.
 * One schema for the route, the browser's fetch call and its form (docs/architecture.md).
 */

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
