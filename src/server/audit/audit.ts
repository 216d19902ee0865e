import { desc } from 'drizzle-orm';
import type { DbOrTx } from '../db/database.ts';
import { auditLog } from '../db/schema.ts';

/** One line of the audit log: who (an admin's username, 'guest', 'retention', …) did what, with what. */
export type AuditEntry = {
  actor: string;
  /** `<area>.<what happened>`, e.g. 'prices.season_added'. */
  action: string;
  details?: Record<string, unknown>;
  /** When, on the injected clock; the database's clock when not given. */
  at?: Date;
};

/**
 * Writes one audit-log line, the only writer of `audit_log`. Given the transaction of the change it records, so
 * the line exists exactly when the change does.
 */
export async function audit(db: DbOrTx, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actor: entry.actor,
    action: entry.action,
    details: entry.details ?? {},
    ...(entry.at ? { createdAt: entry.at } : {}),
  });
}

/** Who made an admin request's change: the signed-in owner's username (set by the admin guard). */
export const actor = (request: { admin?: { username: string } }): string =>
  request.admin?.username ?? 'admin';

/** The latest `limit` lines of the audit log, newest first (the admin's audit list). */
export async function recentAudit(db: DbOrTx, limit: number) {
  return db.select().from(auditLog).orderBy(desc(auditLog.createdAt), desc(auditLog.id)).limit(limit);
}
