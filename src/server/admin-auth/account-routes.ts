import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminSessionSchema,
  ChangePasswordSchema,
  RevokeOthersResponseSchema,
  TwoFactorDisableSchema,
  TwoFactorEnableResponseSchema,
  TwoFactorEnableSchema,
  TwoFactorSetupResponseSchema,
  TwoFactorStatusSchema,
} from '../../domain/api/admin-account.ts';
import { audit } from '../audit/audit.ts';
import type { AppContext } from '../context.ts';
import type { DbOrTx } from '../db/database.ts';
import { adminUsers } from '../db/schema.ts';
import { badRequest } from '../errors.ts';
import { createLoginThrottle, throttledAnswer } from './login-throttle.ts';
import { newPasswordProblem } from './password-rules.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { listSessions, revokeSessions } from './sessions.ts';
import { disableTwoFactor, type TwoFactor } from './two-factor.ts';

const record = (tx: DbOrTx, actor: string, action: string, details: Record<string, unknown>, now: Date) =>
  audit(tx, { actor, action, details, at: now });

/**
 * The owner's account, inside the admin scope (a valid session first): change the password, see and end
 * sessions, set up and turn off two-step sign-in (docs/decisions/020-the-owners-account.md).
 */
export const adminAccountRoutes: FastifyPluginAsyncZod<AppContext & { twoFactor: TwoFactor }> = async (
  app,
  { db, clock, twoFactor },
) => {
  // The password asked again before a change is throttled like a login (its own count: a guess here does not
  // lock the login, and the login's failures do not lock the owner out of here).
  const throttle = createLoginThrottle(() => clock.now().getTime());

  /** The signed-in owner's row, once the password they typed again is right (or a 400/429). */
  async function confirmPassword(request: FastifyRequest, password: string) {
    const admin = request.admin!;
    const wait = throttle.retryAfterSeconds(request.ip, admin.username);
    if (wait > 0) throw throttledAnswer({ retryAfterSeconds: wait, triesLeft: null });
    const [user] = await db.select().from(adminUsers).where(eq(adminUsers.id, admin.userId));
    if (!user || !(await verifyPassword(password, user.passwordHash))) {
      const outcome = throttle.recordFailure(request.ip, admin.username);
      if (outcome.retryAfterSeconds > 0) throw throttledAnswer(outcome);
      throw badRequest('Your current password is not right.', 'wrong_password');
    }
    throttle.recordSuccess(request.ip, admin.username);
    return user;
  }

  app.post(
    '/admin/password',
    {
      schema: {
        body: ChangePasswordSchema,
        response: { 200: z.object({ signedOutSessions: z.number().int() }) },
      },
    },
    async (request) => {
      const admin = request.admin!;
      const { currentPassword, newPassword } = request.body;
      const user = await confirmPassword(request, currentPassword);
      const problem = newPasswordProblem(newPassword, { username: user.username });
      if (problem) throw badRequest(problem, 'weak_password');
      if (newPassword === currentPassword)
        throw badRequest('The new password is the same as the current one.', 'same_password');
      const passwordHash = await hashPassword(newPassword);
      const now = clock.now();
      const signedOutSessions = await db.transaction(async (tx) => {
        await tx.update(adminUsers).set({ passwordHash, updatedAt: now }).where(eq(adminUsers.id, user.id));
        const ended = await revokeSessions(tx, user.id, now, admin.tokenHash);
        await record(tx, admin.username, 'admin.password_changed', { signedOutSessions: ended }, now);
        return ended;
      });
      return { signedOutSessions };
    },
  );

  app.get(
    '/admin/sessions',
    { schema: { response: { 200: z.array(AdminSessionSchema) } } },
    async (request) => listSessions(db, request.admin!.userId, request.admin!.tokenHash, clock.now()),
  );

  app.post(
    '/admin/sessions/revoke-others',
    { schema: { response: { 200: RevokeOthersResponseSchema } } },
    async (request) => {
      const admin = request.admin!;
      const now = clock.now();
      const revoked = await db.transaction(async (tx) => {
        const ended = await revokeSessions(tx, admin.userId, now, admin.tokenHash);
        await record(tx, admin.username, 'admin.sessions_revoked', { revoked: ended }, now);
        return ended;
      });
      return { revoked };
    },
  );

  app.get('/admin/two-factor', { schema: { response: { 200: TwoFactorStatusSchema } } }, async (request) =>
    twoFactor.status(request.admin!.userId),
  );

  app.post(
    '/admin/two-factor/setup',
    { schema: { response: { 200: TwoFactorSetupResponseSchema } } },
    async (request) => twoFactor.setup(request.admin!.userId),
  );

  app.post(
    '/admin/two-factor/enable',
    { schema: { body: TwoFactorEnableSchema, response: { 200: TwoFactorEnableResponseSchema } } },
    async (request) => {
      const admin = request.admin!;
      const recoveryCodes = await twoFactor.enable(admin.userId, request.body.code);
      await record(db, admin.username, 'admin.two_factor_enabled', {}, clock.now());
      return { recoveryCodes };
    },
  );

  app.post(
    '/admin/two-factor/disable',
    { schema: { body: TwoFactorDisableSchema, response: { 200: TwoFactorStatusSchema } } },
    async (request) => {
      const admin = request.admin!;
      const user = await confirmPassword(request, request.body.password);
      if (!user.twoFactorSecret) return twoFactor.status(user.id);
      if (!(await twoFactor.spendCode(user, request.body.code))) {
        const outcome = throttle.recordFailure(request.ip, admin.username);
        throw outcome.retryAfterSeconds > 0 ? throttledAnswer(outcome) : twoFactor.invalidCode();
      }
      const now = clock.now();
      await db.transaction(async (tx) => {
        await disableTwoFactor(tx, user.id, now);
        await record(tx, admin.username, 'admin.two_factor_disabled', {}, now);
      });
      return twoFactor.status(user.id);
    },
  );
};
