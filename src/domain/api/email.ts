import { z } from 'zod';
import { textField, wholeNumber } from '../input-fields.ts';

/**
 * The owner's e-mail setup and the outbox the owner sees (spec sections 5 and 7): src/server/email/.
 * One schema for the route, the browser's fetch call and its form (docs/architecture.md).
 */

/**
 * E-mail setup (spec sections 5 and 7): the server checks "non-blank after trimming" itself (400). The password
 * goes into the mail server's login, whose AUTH PLAIN separates its parts with NUL: no control characters.
 */
export const SetEmailPasswordSchema = z.object({ password: textField().max(1000) });

/**
 * The Email tab's status (spec section 7: `configured`, `email`). `email` is the sending account (SMTP_USER, else
 * SMTP_FROM), null when the server has none configured. `mailServer` adds whether the server knows its mail
 * server (SMTP_HOST and SMTP_USER), so the tab can say so before the owner types a password in vain.
 */
export const EmailStatusSchema = z.object({
  configured: z.boolean(),
  email: z.string().nullable(),
  mailServer: z.boolean(),
});

export type EmailStatus = z.infer<typeof EmailStatusSchema>;

/** POST /api/admin/email/test-message: the owner's test message went to `to` (OWNER_EMAIL). */
export const EmailTestResultSchema = z.object({ to: z.string(), message: z.string() });

export type EmailTestResult = z.infer<typeof EmailTestResultSchema>;

/** Messages of the e-mail outbox that the owner should see: waiting to be sent, or given up on. */
export const OutboxMessageSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  status: z.enum(['queued', 'sent', 'failed']),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string(),
  createdAt: z.string(),
});

export const OutboxListSchema = z.object({
  queued: z.number().int(),
  failed: z.number().int(),
  messages: z.array(OutboxMessageSchema),
});

/** `:id` of an e-mail in the outbox (a bigserial: any whole number JavaScript holds exactly). */
export const OutboxIdParamsSchema = z.object({
  id: wholeNumber('id', { min: 1, max: Number.MAX_SAFE_INTEGER, coerce: true }),
});
