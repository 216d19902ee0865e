import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminLoginResponseSchema,
  AdminLoginSchema,
  AdminVerifyResponseSchema,
} from '../../domain/api/admin-auth.ts';
import { audit } from '../audit/audit.ts';
import type { AppContext } from '../context.ts';
import { adminSessions, adminUsers } from '../db/schema.ts';
import { HttpError } from '../errors.ts';
import { createLoginThrottle, throttledAnswer } from './login-throttle.ts';
import { verifyPassword } from './passwords.ts';
import { createRequireAdmin } from './require-admin.ts';
import { createSession } from './sessions.ts';
import type { TwoFactor } from './two-factor.ts';

// Verified against when the username is unknown, so both failures take the same time.
const DUMMY_HASH = 'scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';

const invalidCredentials = () => new HttpError(401, 'invalid_credentials', 'Invalid username or password');

/**
 * Login, token check and logout of the owner's admin account (spec section 7). With two-step sign-in on, the
 * right password without a code answers 401 `two_factor_required`; with a code, the code must be right too
 * (docs/decisions/020-the-owners-account.md).
 */
export const adminAuthRoutes: FastifyPluginAsyncZod<AppContext & { twoFactor: TwoFactor }> = async (
  app,
  { db, clock, twoFactor },
) => {
  const throttle = createLoginThrottle(() => clock.now().getTime());
  const requireAdmin = createRequireAdmin(db, clock);

  app.post(
    '/admin/login',
    { schema: { body: AdminLoginSchema, response: { 200: AdminLoginResponseSchema } } },
    async (request) => {
      const { username, password, code } = request.body;
      const wait = throttle.retryAfterSeconds(request.ip, username);
      if (wait > 0) throw throttledAnswer({ retryAfterSeconds: wait, triesLeft: null });
      const [user] = await db.select().from(adminUsers).where(eq(adminUsers.username, username));
      const ok = await verifyPassword(password, user?.passwordHash ?? DUMMY_HASH);
      if (!user || !ok) {
        const outcome = throttle.recordFailure(request.ip, username);
        request.log.warn({ username }, 'admin login failed');
        throw outcome.retryAfterSeconds > 0 ? throttledAnswer(outcome) : invalidCredentials();
      }
      if (user.twoFactorSecret) {
        if (code === undefined) {
          throw new HttpError(
            401,
            'two_factor_required',
            'Enter the 6-digit code from your authenticator app, or one of your recovery codes.',
          );
        }
        if (!(await twoFactor.spendCode(user, code))) {
          const outcome = throttle.recordFailure(request.ip, username);
          request.log.warn({ username }, 'admin login: wrong two-step code');
          throw outcome.retryAfterSeconds > 0 ? throttledAnswer(outcome) : twoFactor.invalidCode(401);
        }
      }
      throttle.recordSuccess(request.ip, username);
      const token = await db.transaction(async (tx) => {
        const created = await createSession(tx, {
          userId: user.id,
          now: clock.now(),
          address: request.ip,
          userAgent: request.headers['user-agent'],
        });
        await audit(tx, {
          actor: user.username,
          action: 'admin.login',
          details: { ip: request.ip, twoFactor: user.twoFactorSecret !== null },
        });
        return created;
      });
      return { token };
    },
  );

  app.get(
    '/admin/verify',
    { onRequest: requireAdmin, schema: { response: { 200: AdminVerifyResponseSchema } } },
    async (request) => ({ valid: true as const, username: request.admin!.username }),
  );

  app.post('/admin/logout', { onRequest: requireAdmin }, async (request, reply) => {
    const admin = request.admin!;
    await db.transaction(async (tx) => {
      await tx
        .update(adminSessions)
        .set({ revokedAt: clock.now() })
        .where(and(eq(adminSessions.tokenHash, admin.tokenHash), isNull(adminSessions.revokedAt)));
      await audit(tx, { actor: admin.username, action: 'admin.logout' });
    });
    return reply.status(204).send();
  });
};
