import { z } from 'zod';
import { textField, wholeNumber } from '../input-fields.ts';
import { pence, timestamp } from './fields.ts';

/**
 * The damage deposit as the guest's page, the owner's booking and the booking card see it
 * (docs/decisions/031-damage-deposit-hold.md).
 */

export const DAMAGE_HOLD_STATUSES = [
  /** Nothing placed yet: placed 30 hours before arrival. */
  'planned',
  /** Held on the card (not taken). */
  'held',
  /** Taken as a charge (a stay longer than two holds can cover), refunded on the release day. */
  'charged',
  /** The bank declined it or asked for authentication: the guest authorises it on their page. */
  'needs_authorisation',
  /** The hold was released whole. */
  'released',
  /** The charge was refunded whole. */
  'refunded',
  /** The owner claimed part or all of it; the rest was released or refunded. */
  'claimed',
] as const;
export type DamageHoldStatus = (typeof DAMAGE_HOLD_STATUSES)[number];

export const DamageHoldViewSchema = z.object({
  amountPence: pence,
  kind: z.enum(['hold', 'hold_renewed', 'charge']),
  /** describeDamageHold's plain words (src/domain/damage-hold.ts). */
  description: z.string(),
  status: z.enum(DAMAGE_HOLD_STATUSES),
  /** When it is (or was) placed. */
  placeAt: timestamp,
  /** When what is not claimed is released or refunded. */
  releaseAt: timestamp,
  claimedPence: pence.nullable(),
  claimReason: z.string().nullable(),
});
export type DamageHoldView = z.infer<typeof DamageHoldViewSchema>;

/**
 * `POST /api/manage/{reference}/damage-hold/authorise?key=…`: where the guest authorises the hold with their card,
 * on-session: the checkout page, `/checkout/{bookingId}?damageHold={paymentIntentId}&clientSecret={secret}&return=
 * {the manage page's path}` (a path on this site). The page confirms the intent with Stripe.js (or the demo
 * card form) and goes back to `return`; the manage page's check-in then finds the hold in place.
 */
export const DamageHoldAuthoriseSchema = z.object({ url: z.string() });

/** `POST /api/admin/bookings/{reference}/damage-hold/claim`: what the owner keeps, and why. */
export const DamageHoldClaimSchema = z.object({
  amountPence: wholeNumber('amountPence', { min: 1, max: 1_000_000 }),
  reason: textField({ multiline: true })
    .trim()
    .min(1, 'Say why you are claiming from the damage deposit.')
    .max(2000, 'The reason is too long.'),
});
export type DamageHoldClaim = z.infer<typeof DamageHoldClaimSchema>;

/** `GET /api/config`'s damage deposit: what the booking card tells the guest before payment; null: none. */
export const DamageHoldConfigSchema = z
  .object({ amountPence: pence, releaseDays: z.number().int() })
  .nullable();
