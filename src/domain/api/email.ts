import { z } from 'zod';
import { textField, wholeNumber } from '../input-fields.ts';
import { timestamp } from './fields.ts';

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
  nextAttemptAt: timestamp,
  createdAt: timestamp,
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

/** How the mail server's connection is protected: STARTTLS after connecting (port 587) or TLS from the start (465). */
export const MAIL_SECURITY = ['starttls', 'tls'] as const;
export type MailSecurity = (typeof MAIL_SECURITY)[number];
/** The mail server's fields the server's environment may set (SMTP_HOST, SMTP_PORT, SMTP_SECURE, SMTP_USER). */
export const MAIL_SERVER_FIELDS = ['host', 'port', 'security', 'user'] as const;

/**
 * GET /api/admin/settings/mail-server: the mail server as the site uses it. A field in `fromEnvironment` is set
 * by the server's environment, which wins over the form (shown read-only). The password is never sent back:
 * only whether one is stored (docs/decisions/024-settings-in-the-admin.md).
 */
export const MailServerSettingsSchema = z.object({
  host: z.string().nullable(),
  port: z.number().int(),
  security: z.enum(MAIL_SECURITY),
  user: z.string().nullable(),
  passwordSet: z.boolean(),
  fromEnvironment: z.array(z.enum(MAIL_SERVER_FIELDS)),
});
export type MailServerSettings = z.infer<typeof MailServerSettingsSchema>;

/**
 * PUT /api/admin/settings/mail-server: checked by logging in to the server before anything is stored. A blank
 * password keeps the stored one; fields the environment sets are taken from it, whatever the form says.
 */
export const SaveMailServerSchema = z.object({
  host: textField({ error: 'Enter the mail server’s address, such as smtp.gmail.com.' })
    .trim()
    .min(1, 'Enter the mail server’s address, such as smtp.gmail.com.')
    .max(253, 'The mail server’s address is at most 253 characters.')
    .regex(/^[A-Za-z0-9.:[\]-]+$/, 'The mail server’s address is a host name such as smtp.gmail.com.'),
  port: wholeNumber('port', { min: 1, max: 65535 }),
  security: z.enum(MAIL_SECURITY, { error: 'security must be starttls or tls' }),
  user: textField({ error: 'Enter the account that sends, usually its e-mail address.' })
    .trim()
    .min(1, 'Enter the account that sends, usually its e-mail address.')
    .max(320, 'The account is at most 320 characters.'),
  password: textField().max(1000).optional(),
});
export type SaveMailServer = z.infer<typeof SaveMailServerSchema>;
