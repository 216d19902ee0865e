import { z } from 'zod';
import { MAX_RELEASE_DAYS } from '../damage-hold.ts';
import { textField, wholeNumber } from '../input-fields.ts';

/**
 * The damage deposit as the guest and the owner see it (docs/decisions/031-damage-deposit-hold.md): what is
 * held, how (one hold, a hold renewed once, or a charge refunded), where it stands, and what the owner claimed.
 */

export const DAMAGE_HOLD_STATUSES = [
  'planned',
  'held',
  'charged',
  'needs_authorisation',
  'released',
  'refunded',
  'claimed',
] as const;
export type DamageHoldStatus = (typeof DAMAGE_HOLD_STATUSES)[number];

export const DamageHoldViewSchema = z.object({
  amountPence: z.number().int(),
  kind: z.enum(['hold', 'hold_renewed', 'charge']),
  /** The plan in plain words (describeDamageHold). */
  description: z.string(),
  status: z.enum(DAMAGE_HOLD_STATUSES),
  placeAt: z.string(),
  releaseAt: z.string(),
  claimedPence: z.number().int().nullable(),
  claimReason: z.string().nullable(),
});
export type DamageHoldView = z.infer<typeof DamageHoldViewSchema>;

/** The owner's setting as the booking card reads it (`GET /api/config`): null when no deposit is held. */
export const DamageHoldSettingSchema = z
  .object({
    amountPence: z.number().int(),
    releaseDays: z.number().int().min(0).max(MAX_RELEASE_DAYS),
  })
  .nullable();
export type DamageHoldSetting = z.infer<typeof DamageHoldSettingSchema>;

/** `POST /api/admin/bookings/{reference}/damage-hold/claim`: the owner takes part or all of the deposit. */
export const DamageHoldClaimSchema = z.object({
  amountPence: wholeNumber('amountPence', { min: 1, max: 1_000_000 }),
  reason: textField({ multiline: true })
    .trim()
    .min(2, 'Say why you take this amount: the guest is e-mailed the reason.')
    .max(1000, 'The reason is too long.'),
});
export type DamageHoldClaim = z.infer<typeof DamageHoldClaimSchema>;

/** `POST /api/manage/{reference}/damage-hold/authorise`: where the guest authorises the hold. */
export const DamageHoldAuthoriseSchema = z.object({ url: z.string() });
