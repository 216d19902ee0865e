import { and, asc, eq, isNull } from 'drizzle-orm';
import type { SystemJob } from '../../domain/api/system.ts';
import type { OpenAlert } from '../../domain/api/system-health.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { alerts } from '../db/schema.ts';
import { readJobRuns } from '../jobs/job-runs.ts';
import type { NotificationEvents } from '../notifications/events.ts';
import { type DiskReader, readDirectoryDisks, type WatchedDirectory } from '../system/disks.ts';
import {
  type Condition,
  failedBackup,
  failingEmails,
  failingJobs,
  lowDisks,
  staleFeeds,
} from './conditions.ts';

/**
 * The owner's alerts: the registry's `alerts` job checks the conditions (conditions.ts) and keeps one row of the
 * `alerts` table per episode, which only this file writes. A condition that starts opens a row and queues one
 * e-mail to the owner in the same transaction; one that clears closes its row and queues one "resolved" e-mail;
 * one that holds at the next checks only refreshes its figures. The partial unique index on the open rows and
 * the update that closes only an open row make each e-mail once, whatever process checks
 * (docs/decisions/023-alerts.md).
 */

/** What a check did: the conditions it opened and cleared (by key), and how many are open after it. */
export type AlertCheckResult = { opened: string[]; resolved: string[]; open: number };

export type Alerts = {
  /** Checks every condition now and opens or clears their alerts (the registry's `alerts` job). */
  check(): Promise<AlertCheckResult>;
  /** The open alerts, oldest first, as the last check left them (the System view). */
  open(): Promise<OpenAlert[]>;
};

export function createAlerts(deps: {
  db: Db;
  clock: Clock;
  notifications: Pick<NotificationEvents, 'alertOpened' | 'alertResolved'>;
  /** The registry's jobs with their failures in a row (read when the check runs: the registry is made later). */
  listJobs(): Promise<SystemJob[]>;
  directories: WatchedDirectory[];
  readDisk: DiskReader;
  /** Automatic calendar sync on (SYNC_INTERVAL_MINUTES > 0). */
  automaticSync: boolean;
  log: { warn(obj: object, msg?: string): void };
}): Alerts {
  const { db, clock, notifications } = deps;

  async function conditions(now: Date): Promise<Condition[]> {
    const [jobs, runs, emails, feeds, disks] = await Promise.all([
      deps.listJobs(),
      readJobRuns(db),
      failingEmails(db, now),
      staleFeeds(db, now, deps.automaticSync),
      readDirectoryDisks(deps.directories, deps.readDisk, deps.log),
    ]);
    return [...failingJobs(jobs), ...failedBackup(runs), ...emails, ...lowDisks(disks), ...feeds];
  }

  async function openAlert(condition: Condition, now: Date): Promise<boolean> {
    return db.transaction(async (tx) => {
      const [opened] = await tx
        .insert(alerts)
        .values({ ...condition, openedAt: now })
        .onConflictDoNothing({ target: alerts.key, where: isNull(alerts.resolvedAt) })
        .returning();
      if (!opened) return false; // another process opened it a moment ago
      await notifications.alertOpened(tx, opened);
      return true;
    });
  }

  async function resolveAlert(id: number, now: Date): Promise<boolean> {
    return db.transaction(async (tx) => {
      const [resolved] = await tx
        .update(alerts)
        .set({ resolvedAt: now })
        .where(and(eq(alerts.id, id), isNull(alerts.resolvedAt)))
        .returning();
      if (!resolved?.resolvedAt) return false; // another process closed it a moment ago
      await notifications.alertResolved(tx, { ...resolved, resolvedAt: resolved.resolvedAt });
      return true;
    });
  }

  const openRows = () =>
    db.select().from(alerts).where(isNull(alerts.resolvedAt)).orderBy(asc(alerts.openedAt));

  return {
    async check() {
      const now = clock.now();
      const current = new Map((await conditions(now)).map((condition) => [condition.key, condition]));
      const open = await openRows();
      const result: AlertCheckResult = { opened: [], resolved: [], open: 0 };
      for (const row of open) {
        const still = current.get(row.key);
        if (!still) {
          if (await resolveAlert(row.id, now)) result.resolved.push(row.key);
          continue;
        }
        current.delete(row.key);
        result.open++;
        if (still.summary !== row.summary || still.detail !== row.detail) {
          await db
            .update(alerts)
            .set({ summary: still.summary, detail: still.detail })
            .where(and(eq(alerts.id, row.id), isNull(alerts.resolvedAt)));
        }
      }
      for (const condition of current.values()) {
        if (await openAlert(condition, now)) result.opened.push(condition.key);
        result.open++;
      }
      return result;
    },

    async open() {
      return (await openRows()).map((row) => ({
        key: row.key,
        summary: row.summary,
        detail: row.detail,
        since: row.openedAt.toISOString(),
      }));
    },
  };
}
