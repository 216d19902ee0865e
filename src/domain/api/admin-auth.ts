import { z } from 'zod';
import { textField } from '../input-fields.ts';
import { TwoFactorCodeField } from './admin-account.ts';

/**
 * The owner's login (spec sections 3, 5 and 7): src/server/admin-auth/.
 * One schema for the route, the browser's fetch call and its form (docs/architecture.md).
 */

/**
 * Login form and payload (spec sections 3 and 5): both fields required. The password is any text: it is only
 * ever hashed, never stored, so the owner's ADMIN_PASSWORD may hold any character.
 */
export const AdminLoginSchema = z.object({
  username: textField().trim().min(1, 'Username is required').max(200),
  password: z.string().min(1, 'Password is required').max(1000),
  /** With two-step sign-in on: the authenticator app's 6 digits, or one of the recovery codes. */
  code: TwoFactorCodeField.optional(),
});

export const AdminLoginResponseSchema = z.object({ token: z.string() });

export const AdminVerifyResponseSchema = z.object({ valid: z.literal(true), username: z.string() });
