import { z } from 'zod';
import { PROMO_KINDS, RatePlanSchema } from '../rate-plan.ts';
import { calendarDay, pence } from './fields.ts';

/**
 * The rate plan and promo codes as the Prices routes answer them: src/server/pricing/.
 * One schema for the route, the browser's fetch call and its form (docs/architecture.md).
 */

/** GET /api/rate-plan: the plan the booking card and the calendar price with (promo codes stay private). */
export const PublicRatePlanSchema = RatePlanSchema;

export const PromoCodeSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: z.enum(PROMO_KINDS),
  percent: z.number().nullable(),
  amountPence: pence.nullable(),
  bookFrom: calendarDay.nullable(),
  bookTo: calendarDay.nullable(),
  stayFrom: calendarDay.nullable(),
  stayTo: calendarDay.nullable(),
  maxUses: z.number().int().nullable(),
  active: z.boolean(),
  /** Bookings confirmed with it, or holding their nights with it now. */
  uses: z.number().int(),
});

/** The owner's Prices tab: the plan and every promo code. Every change answers the same. */
export const AdminRatePlanSchema = z.object({ plan: RatePlanSchema, promoCodes: z.array(PromoCodeSchema) });

export type AdminRatePlan = z.infer<typeof AdminRatePlanSchema>;
