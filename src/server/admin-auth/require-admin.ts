import { createHash } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { adminSessions, adminUsers } from '../db/schema.ts';
import { unauthorized } from '../errors.ts';

/** A session lapses after 12 idle hours, and after 7 days whatever happens. */
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
export const SESSION_MAX_MS = 7 * 24 * 60 * 60 * 1000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export type AdminIdentity = { userId: number; username: string; tokenHash: string };

declare module 'fastify' {
  interface FastifyRequest {
    admin?: AdminIdentity;
  }
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

/**
 * The guard of every admin route: a valid, unexpired, unrevoked bearer token or a 401. Registered as an
 * onRequest hook on every admin scope (plugins/api.ts, registerAdminApi), so a new admin route cannot forget it.
 */
export function createRequireAdmin(db: Db, clock: Clock) {
  return async function requireAdmin(request: FastifyRequest): Promise<void> {
    const token = bearerToken(request);
    if (!token) throw unauthorized('Please log in to continue.');
    const tokenHash = hashToken(token);
    const now = clock.now();
    const [session] = await db
      .select({
        userId: adminSessions.userId,
        lastSeenAt: adminSessions.lastSeenAt,
        username: adminUsers.username,
      })
      .from(adminSessions)
      .innerJoin(adminUsers, eq(adminUsers.id, adminSessions.userId))
      .where(
        and(
          eq(adminSessions.tokenHash, tokenHash),
          isNull(adminSessions.revokedAt),
          gt(adminSessions.expiresAt, now),
        ),
      );
    if (!session || now.getTime() - session.lastSeenAt.getTime() > SESSION_IDLE_MS) {
      throw unauthorized('Your session has ended. Please log in again.');
    }
    await db.update(adminSessions).set({ lastSeenAt: now }).where(eq(adminSessions.tokenHash, tokenHash));
    request.admin = { userId: session.userId, username: session.username, tokenHash };
  };
}
