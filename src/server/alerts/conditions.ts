import { and, desc, inArray, isNotNull, lte } from 'drizzle-orm';
import { CALENDAR_SOURCE_LABELS } from '../../domain/api/calendar-sync.ts';
import type { SystemJob } from '../../domain/api/system.ts';
import { formatBytes } from '../../domain/format.ts';
import { GO_LIVE_SYNC_HOURS } from '../../domain/go-live.ts';
import { listSources } from '../calendar-sync/repository.ts';
import type { Db } from '../db/database.ts';
import { outbox } from '../db/schema.ts';
import type { JobRunRow } from '../jobs/job-runs.ts';
import type { DirectoryDisk } from '../system/disks.ts';

/**
 * The conditions the owner is alerted about (docs/decisions/023-alerts.md), each read from where its facts live:
 * `job_runs` (the registry's jobs and the backup job), the outbox, the disks, the channels' feeds. A condition
 * that holds gives one `Condition`; its `key` names it across checks, so an alert opens once and clears once.
 */

export type Condition = { key: string; summary: string; detail: string };

const HOUR_MS = 3_600_000;
/** A job alerts after this many failed runs in a row (one failure may be a passing outage). */
export const FAILED_RUNS_IN_A_ROW = 3;
/** An e-mail alerts once its sending has been failing for this long (the outbox retries for about ten hours). */
export const OUTBOX_FAILING_MS = HOUR_MS;
/** A saved channel feed alerts once it has not synced for this long: the go-live checklist's own limit. */
export const FEED_SYNC_MAX_MS = GO_LIVE_SYNC_HOURS * HOUR_MS;
/**
 * The daily backup's job in the registry: its last run failing (the backup, its verification or the off-site
 * command) is an alert at once, not after three days.
 */
export const BACKUP_JOB = 'backup';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/** Registry jobs that failed their last `FAILED_RUNS_IN_A_ROW` runs or more (the backup has its own condition). */
export function failingJobs(jobs: SystemJob[]): Condition[] {
  return jobs
    .filter((job) => job.name !== BACKUP_JOB && job.consecutiveFailures >= FAILED_RUNS_IN_A_ROW)
    .map((job) => ({
      key: `job:${job.name}`,
      summary: `The job "${job.title}" failed ${job.consecutiveFailures} runs in a row.`,
      detail: job.lastRun?.message
        ? `Its last run: ${sentence(job.lastRun.message)}`
        : 'Its last run gave no reason.',
    }));
}

/** The backup job's last finished run failed (read from `job_runs`, whichever process ran it). */
export function failedBackup(runs: Map<string, JobRunRow>): Condition[] {
  const run = runs.get(BACKUP_JOB);
  if (!run?.lastFinishedAt || run.lastOutcome !== 'failed') return [];
  return [
    {
      key: 'backup',
      summary: 'The last backup failed.',
      detail: run.lastMessage ? sentence(run.lastMessage) : 'The backup gave no reason.',
    },
  ];
}

/**
 * E-mails not sent whose sending has failed (they carry the error) and that have waited over an hour: still
 * retried, or given up. The first attempt follows the queueing within seconds, so an hour since the message was
 * queued is an hour of failing — except for messages queued while e-mail was not set up, which count from then.
 */
export async function failingEmails(db: Db, now: Date): Promise<Condition[]> {
  const rows = await db
    .select({ lastError: outbox.lastError })
    .from(outbox)
    .where(
      and(
        inArray(outbox.status, ['queued', 'failed']),
        isNotNull(outbox.lastError),
        lte(outbox.createdAt, new Date(now.getTime() - OUTBOX_FAILING_MS)),
      ),
    )
    .orderBy(desc(outbox.nextAttemptAt), desc(outbox.id));
  if (rows.length === 0) return [];
  return [
    {
      key: 'outbox',
      summary: `${plural(rows.length, 'e-mail has', 'e-mails have')} not been sent for over an hour.`,
      detail: `The mail server's last answer: ${sentence(rows[0]?.lastError ?? 'none')} The Email tab lists the messages waiting.`,
    },
  ];
}

/** One condition per disk (not per directory: DATA_DIR and BACKUP_DIR often share one) that is low. */
export function lowDisks(disks: DirectoryDisk[]): Condition[] {
  const byDevice = new Map<string, DirectoryDisk[]>();
  for (const disk of disks) byDevice.set(disk.device, [...(byDevice.get(disk.device) ?? []), disk]);
  return [...byDevice.values()]
    .filter(([first]) => first?.low)
    .map((shared) => {
      const [{ freeBytes, totalBytes }] = shared as [DirectoryDisk];
      const share = totalBytes > 0 ? Math.floor((freeBytes / totalBytes) * 100) : 0;
      return {
        key: `disk:${shared.map((disk) => disk.role).join('+')}`,
        summary: `The disk holding ${shared.map((disk) => disk.label).join(' and ')} is nearly full.`,
        detail: `${formatBytes(freeBytes)} free of ${formatBytes(totalBytes)} (${share} %). Free some space, or move the directory to a larger disk, before the database or a backup cannot be written.`,
      };
    });
}

/**
 * Saved channel feeds whose last successful sync is older than the limit: a feed that stopped syncing. One that
 * never synced is the Sync tab's and the go-live checklist's to show (an address saved without a sync has no time
 * to count from); its failing syncs fail the calendar sync job, which alerts after three in a row. Off when the
 * automatic sync is off (SYNC_INTERVAL_MINUTES=0): the owner syncs by hand then, on purpose.
 */
export async function staleFeeds(db: Db, now: Date, automaticSync: boolean): Promise<Condition[]> {
  if (!automaticSync) return [];
  const conditions: Condition[] = [];
  for (const source of await listSources(db)) {
    const lastSuccess = source.lastSuccessAt;
    if (!lastSuccess || now.getTime() - lastSuccess.getTime() <= FEED_SYNC_MAX_MS) continue;
    const label = CALENDAR_SOURCE_LABELS[source.id];
    conditions.push({
      key: `feed:${source.id}`,
      summary: `The ${label} calendar has not synced for over ${GO_LIVE_SYNC_HOURS} hours.`,
      detail: `Its last successful sync was ${Math.floor((now.getTime() - lastSuccess.getTime()) / HOUR_MS)} hours ago.${source.lastError ? ` The last attempt: ${sentence(source.lastError)}` : ''} Until it syncs, nights booked on ${label} may be booked here too.`,
    });
  }
  return conditions;
}
