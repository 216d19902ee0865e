import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import type { AdminSession } from '../../domain/api/admin-account.ts';
import type { DbOrTx } from '../db/database.ts';
import { adminSessions } from '../db/schema.ts';
import { describeBrowser } from './browser-name.ts';
import { hashToken, SESSION_IDLE_MS, SESSION_MAX_MS } from './require-admin.ts';

/** What is kept of a User-Agent: enough to name the browser, never a whole hostile header. */
const USER_AGENT_MAX = 512;

/** The admin sessions: rows keyed by a hash of their token, so ending one takes effect on its next request. */

/** Starts a session; the token (256 bits) is given to the browser once, only its hash is kept. */
export async function createSession(
  tx: DbOrTx,
  session: { userId: number; now: Date; address: string; userAgent: string | undefined },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await tx.insert(adminSessions).values({
    tokenHash: hashToken(token),
    userId: session.userId,
    createdAt: session.now,
    lastSeenAt: session.now,
    expiresAt: new Date(session.now.getTime() + SESSION_MAX_MS),
    address: session.address,
    userAgent: session.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
  });
  return token;
}

/** The sessions still valid now (not ended, not past 7 days, not idle 12 hours), the newest first. */
export async function listSessions(
  db: DbOrTx,
  userId: number,
  callerTokenHash: string,
  now: Date,
): Promise<AdminSession[]> {
  const rows = await db
    .select()
    .from(adminSessions)
    .where(
      and(
        eq(adminSessions.userId, userId),
        isNull(adminSessions.revokedAt),
        gt(adminSessions.expiresAt, now),
        gt(adminSessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS)),
      ),
    )
    .orderBy(desc(adminSessions.lastSeenAt));
  return rows.map((row) => ({
    id: row.tokenHash.slice(0, 12),
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    address: row.address,
    browser: describeBrowser(row.userAgent),
    current: row.tokenHash === callerTokenHash,
  }));
}

/** Ends every session of the user but `keepTokenHash`'s (none kept when undefined); how many were ended. */
export async function revokeSessions(
  tx: DbOrTx,
  userId: number,
  now: Date,
  keepTokenHash?: string,
): Promise<number> {
  const ended = await tx
    .update(adminSessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(adminSessions.userId, userId),
        isNull(adminSessions.revokedAt),
        keepTokenHash ? ne(adminSessions.tokenHash, keepTokenHash) : undefined,
      ),
    )
    .returning({ tokenHash: adminSessions.tokenHash });
  return ended.length;
}
