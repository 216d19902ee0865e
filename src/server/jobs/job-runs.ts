import { and, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { jobRuns } from '../db/schema.ts';

/**
 * The `job_runs` table, written here only: which process runs an interval job (the claim), and every job's
 * last run with its outcome in a sentence and its next run, which every process reads (the admin's System view,
 * and the alert when a job keeps failing counts `consecutive_failures`). docs/decisions/009-jobs-run-once.md.
 */

export type JobOutcome = 'ok' | 'failed';
/** What a run did, in a sentence for the owner. */
export type JobReport = { outcome: JobOutcome; message: string };
export type JobRunRow = typeof jobRuns.$inferSelect;

export const ok = (message: string): JobReport => ({ outcome: 'ok', message });
export const failed = (message: string): JobReport => ({ outcome: 'failed', message });

/** A run that threw: failed, with the error's own words (bounded: the owner reads it on a phone). */
export function failedWith(error: unknown): JobReport {
  const detail = error instanceof Error ? error.message : String(error);
  return failed(`The run stopped with an error: ${detail}`.slice(0, 1000));
}

/**
 * Claims the run of job `name` due at `now`: true for the one caller that moves its `next_run_at` from a time
 * that has passed (or from nothing) to `next`; false while the job is not due, or another process claimed it.
 * One atomic statement: on PostgreSQL a concurrent claim waits for the row and re-checks the condition against
 * what the winner wrote. `force` claims whatever the schedule (a run asked for by hand or by a test).
 */
export async function claimRun(
  db: Db,
  name: string,
  now: Date,
  next: Date,
  options: { force?: boolean } = {},
): Promise<boolean> {
  const started = {
    lastRunAt: now,
    lastFinishedAt: null,
    lastOutcome: null,
    lastMessage: null,
    nextRunAt: next,
  };
  const claimed = await db
    .insert(jobRuns)
    .values({ name, ...started })
    .onConflictDoUpdate({
      target: jobRuns.name,
      set: started,
      setWhere: options.force ? undefined : or(isNull(jobRuns.nextRunAt), lte(jobRuns.nextRunAt, now)),
    })
    .returning({ name: jobRuns.name });
  return claimed.length > 0;
}

/**
 * Records how the run of `name` that started at `startedAt` ended. A run overtaken by a newer one (a run asked
 * for by hand in another process) leaves the newer one's row alone.
 */
export async function recordFinish(
  db: Db,
  name: string,
  startedAt: Date,
  finishedAt: Date,
  report: JobReport,
): Promise<void> {
  await db
    .update(jobRuns)
    .set({ lastFinishedAt: finishedAt, ...outcomeColumns(report) })
    .where(and(eq(jobRuns.name, name), eq(jobRuns.lastRunAt, startedAt)));
}

/** Records a whole run of a queue (queues claim their rows, not a run): its start, end, outcome and next poll. */
export async function recordQueueRun(
  db: Db,
  name: string,
  run: { startedAt: Date; finishedAt: Date; nextRunAt: Date; report: JobReport },
): Promise<void> {
  const columns = {
    lastRunAt: run.startedAt,
    lastFinishedAt: run.finishedAt,
    nextRunAt: run.nextRunAt,
    ...outcomeColumns(run.report),
  };
  await db
    .insert(jobRuns)
    .values({ name, ...columns, consecutiveFailures: run.report.outcome === 'failed' ? 1 : 0 })
    .onConflictDoUpdate({ target: jobRuns.name, set: columns });
}

function outcomeColumns(report: JobReport) {
  return {
    lastOutcome: report.outcome,
    lastMessage: report.message,
    consecutiveFailures: report.outcome === 'failed' ? sql`${jobRuns.consecutiveFailures} + 1` : sql`0`,
  };
}

/**
 * Brings a job's next run forward to `next` when its row says later: the schedule got shorter since the last
 * run (e.g. SYNC_INTERVAL_MINUTES lowered), and the job should not wait out the old interval.
 */
export async function bringNextRunForward(
  db: Db,
  name: string,
  next: (lastRunAt: Date) => Date,
): Promise<void> {
  const [row] = await db.select().from(jobRuns).where(eq(jobRuns.name, name));
  if (!row?.nextRunAt) return;
  const due = next(row.lastRunAt);
  if (due >= row.nextRunAt) return;
  await db
    .update(jobRuns)
    .set({ nextRunAt: due })
    .where(and(eq(jobRuns.name, name), gt(jobRuns.nextRunAt, due), eq(jobRuns.lastRunAt, row.lastRunAt)));
}

/** Whether job `name` has a row: it ran (or started to) at least once, in any process. */
export async function hasRun(db: Db, name: string): Promise<boolean> {
  const rows = await db.select({ name: jobRuns.name }).from(jobRuns).where(eq(jobRuns.name, name));
  return rows.length > 0;
}

/** Every job's row, by name. */
export async function readJobRuns(db: Db): Promise<Map<string, JobRunRow>> {
  const rows = await db.select().from(jobRuns);
  return new Map(rows.map((row) => [row.name, row]));
}
