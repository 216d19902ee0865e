import { eq, lte } from 'drizzle-orm';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { jobRuns } from '../db/schema.ts';
import { createRepeater } from './repeater.ts';
import { createSingleFlight } from './single-flight.ts';

/**
 * Jobs that must run once per interval however many server processes share the database (the calendar sync,
 * the hold sweep): each process has a timer, and the `job_runs` table decides which process runs
 * (docs/decisions/009-jobs-run-once.md).
 */

/** How often a job's timer asks whether the job is due: a quarter of its interval, and at least once a minute. */
export const MAX_CHECK_EVERY_MS = 60_000;

/**
 * Claims this interval's run of job `name`: true for the one caller that moves its `last_run_at` forward to
 * `now`, false while the last run (by any process) is less than `intervalMs` old. One atomic statement: on
 * PostgreSQL a concurrent claim waits for the row and re-checks the condition against what the winner wrote.
 */
export async function claimRun(db: Db, name: string, now: Date, intervalMs: number): Promise<boolean> {
  const claimed = await db
    .insert(jobRuns)
    .values({ name, lastRunAt: now })
    .onConflictDoUpdate({
      target: jobRuns.name,
      set: { lastRunAt: now },
      setWhere: lte(jobRuns.lastRunAt, new Date(now.getTime() - intervalMs)),
    })
    .returning({ name: jobRuns.name });
  return claimed.length > 0;
}

export type JobRun<T> = { ran: true; value: T } | { ran: false };

export type IntervalJob<T> = {
  /**
   * Runs the job now if its run for this interval has not been claimed by any process yet; a call while this
   * process's run is in flight shares that run. Rejects with the job's error (recorded in `job_runs`).
   */
  runNow(): Promise<JobRun<T>>;
  /** Checks on an unref'd timer (it never keeps the process alive) and runs the job when it is due. */
  start(): void;
  /** Stops the timer and waits for a run in flight. */
  stop(): Promise<void>;
};

export type JobLogger = { error(obj: object, msg?: string): void };

export function createIntervalJob<T>(options: {
  db: Db;
  clock: Clock;
  /** The job's row in `job_runs`. */
  name: string;
  intervalMs: number;
  run: () => Promise<T>;
  log: JobLogger;
  /** How often the timer checks (default: a quarter of the interval, at most MAX_CHECK_EVERY_MS). */
  checkEveryMs?: number;
}): IntervalJob<T> {
  const { db, clock, name, intervalMs, log } = options;
  // Checking more often than the interval keeps the runs an interval apart (not up to two) whatever the phase
  // of each process's timer.
  const checkEveryMs = options.checkEveryMs ?? Math.min(intervalMs / 4, MAX_CHECK_EVERY_MS);
  const runs = createSingleFlight<string, JobRun<T>>();

  async function record(lastError: string | null): Promise<void> {
    await db.update(jobRuns).set({ lastFinishedAt: clock.now(), lastError }).where(eq(jobRuns.name, name));
  }

  async function claimAndRun(): Promise<JobRun<T>> {
    if (!(await claimRun(db, name, clock.now(), intervalMs))) return { ran: false };
    let value: T;
    try {
      value = await options.run();
    } catch (error) {
      await record((error instanceof Error ? error.message : String(error)).slice(0, 1000));
      throw error;
    }
    await record(null);
    return { ran: true, value };
  }

  function runNow(): Promise<JobRun<T>> {
    return runs.run(name, claimAndRun);
  }

  const repeater = createRepeater(checkEveryMs, () =>
    runNow().catch((error) => log.error({ err: error, job: name }, `job ${name} failed`)),
  );

  return {
    runNow,
    start: repeater.start,
    async stop() {
      repeater.stop();
      await runs.settled();
    },
  };
}
