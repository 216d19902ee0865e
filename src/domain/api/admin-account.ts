import { z } from 'zod';
import { textField } from '../input-fields.ts';
import { timestamp } from './fields.ts';

/**
 * The owner's account in the admin (Account tab): the password, the signed-in sessions and two-step sign-in with
 * an authenticator app (TOTP, RFC 6238). Shared by the server's routes and the tab's forms.
 */

/** The shortest new password the admin accepts (NIST SP 800-63B asks for at least 8; a passphrase is longer). */
export const NEW_PASSWORD_MIN_LENGTH = 12;
export const NEW_PASSWORD_MAX_LENGTH = 200;

/** A TOTP code (6 digits, spaces allowed as apps show them) or a recovery code (`abcde-fghij`). */
export const TwoFactorCodeField = textField()
  .trim()
  .min(1, 'Enter the code from your authenticator app.')
  .max(64, 'The code is too long: enter the 6 digits from your app, or one recovery code.');

export const ChangePasswordSchema = z.object({
  currentPassword: z.string().min(1, 'Enter your current password.').max(1000),
  newPassword: z
    .string()
    .min(NEW_PASSWORD_MIN_LENGTH, `The new password needs at least ${NEW_PASSWORD_MIN_LENGTH} characters.`)
    .max(NEW_PASSWORD_MAX_LENGTH, `The new password can be at most ${NEW_PASSWORD_MAX_LENGTH} characters.`),
});
export type ChangePassword = z.infer<typeof ChangePasswordSchema>;

export const AdminSessionSchema = z.object({
  /** A short, stable name of the session (never its token). */
  id: z.string(),
  createdAt: timestamp,
  lastSeenAt: timestamp,
  /** The client address it signed in from. */
  address: z.string().nullable(),
  /** "Chrome on Windows", from its User-Agent. */
  browser: z.string(),
  /** The session of the request that asked. */
  current: z.boolean(),
});
export type AdminSession = z.infer<typeof AdminSessionSchema>;

export const RevokeOthersResponseSchema = z.object({ revoked: z.number().int() });

export const TwoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  enabledAt: timestamp.nullable(),
  recoveryCodesLeft: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof TwoFactorStatusSchema>;

export const TwoFactorSetupResponseSchema = z.object({
  /** The shared secret in base32, for typing into an app that cannot scan. */
  secret: z.string(),
  otpauthUrl: z.string(),
  /** The otpauth URL as a QR code: an SVG image as a data URL, made on the server. */
  qrCode: z.string(),
});
export type TwoFactorSetup = z.infer<typeof TwoFactorSetupResponseSchema>;

export const TwoFactorEnableSchema = z.object({ code: TwoFactorCodeField });
export const TwoFactorEnableResponseSchema = z.object({ recoveryCodes: z.array(z.string()) });

export const TwoFactorDisableSchema = z.object({
  password: z.string().min(1, 'Enter your password.').max(1000),
  code: TwoFactorCodeField,
});
export type TwoFactorDisable = z.infer<typeof TwoFactorDisableSchema>;
