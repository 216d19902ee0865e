import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminLoginResponseSchema,
  AdminLoginSchema,
  AdminVerifyResponseSchema,
} from '../../domain/api/admin-auth.ts';
import type { AppContext } from '../context.ts';
import { adminSessions, adminUsers, auditLog } from '../db/schema.ts';
import { HttpError, tooManyRequests } from '../errors.ts';
import { createLoginThrottle } from './login-throttle.ts';
import { verifyPassword } from './passwords.ts';
import { createRequireAdmin, hashToken, SESSION_MAX_MS } from './require-admin.ts';

// Verified against when the username is unknown, so both failures take the same time.
const DUMMY_HASH = 'scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';

const invalidCredentials = () => new HttpError(401, 'invalid_credentials', 'Invalid username or password');

/** Login, token check and logout of the owner's admin account (spec section 7). */
export const adminAuthRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, clock }) => {
  const throttle = createLoginThrottle(() => clock.now().getTime());
  const requireAdmin = createRequireAdmin(db, clock);

  app.post(
    '/admin/login',
    { schema: { body: AdminLoginSchema, response: { 200: AdminLoginResponseSchema } } },
    async (request) => {
      const { username, password } = request.body;
      const tooMany = (wait: number) =>
        tooManyRequests(
          `Too many failed logins. Please wait ${Math.ceil(wait / 60)} minute(s) and try again.`,
          wait,
        );
      const wait = throttle.retryAfterSeconds(request.ip, username);
      if (wait > 0) throw tooMany(wait);
      const [user] = await db.select().from(adminUsers).where(eq(adminUsers.username, username));
      const ok = await verifyPassword(password, user?.passwordHash ?? DUMMY_HASH);
      if (!user || !ok) {
        const waitAfter = throttle.recordFailure(request.ip, username);
        request.log.warn({ username }, 'admin login failed');
        throw waitAfter > 0 ? tooMany(waitAfter) : invalidCredentials();
      }
      throttle.recordSuccess(request.ip, username);
      const token = randomBytes(32).toString('base64url'); // 256 bits
      const now = clock.now();
      await db.transaction(async (tx) => {
        await tx.insert(adminSessions).values({
          tokenHash: hashToken(token),
          userId: user.id,
          createdAt: now,
          lastSeenAt: now,
          expiresAt: new Date(now.getTime() + SESSION_MAX_MS),
        });
        await tx
          .insert(auditLog)
          .values({ actor: user.username, action: 'admin.login', details: { ip: request.ip } });
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
      await tx.insert(auditLog).values({ actor: admin.username, action: 'admin.logout', details: {} });
    });
    return reply.status(204).send();
  });
};
