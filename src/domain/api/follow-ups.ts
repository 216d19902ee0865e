import { z } from 'zod';
import { timestamp } from './fields.ts';

/**
 * Follow-ups of lapsed checkouts (docs/decisions/032-checkout-follow-ups.md): the owner's switch
 * (PUT /api/admin/follow-ups) and what the admin shows of them (GET /api/admin/follow-ups).
 */
export const FollowUpSettingsSchema = z.object({
  enabled: z.boolean({ error: 'enabled must be true or false.' }),
});
export type FollowUpSettings = z.infer<typeof FollowUpSettingsSchema>;

export const FollowUpSummarySchema = FollowUpSettingsSchema.extend({
  /** Follow-ups sent, ever. */
  sent: z.number(),
  /** Of those, how many guests then booked (a confirmed stay of the same address made after the e-mail). */
  bookedAfter: z.number(),
  /** Addresses that asked for no more. */
  optedOut: z.number(),
  lastSentAt: timestamp.nullable(),
});
export type FollowUpSummary = z.infer<typeof FollowUpSummarySchema>;

/** The token of an opt-out link: the address's keyed hash and its signature. */
export const OptOutQuerySchema = z.object({
  token: z
    .string({ error: 'The link is missing its token: please use the link in the e-mail as it is.' })
    .max(200, 'This link is not valid: please use the link in the e-mail as it is.')
    .regex(
      /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/,
      'This link is not valid: please use the link in the e-mail as it is.',
    ),
});
