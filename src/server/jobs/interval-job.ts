import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import {
  bringNextRunForward,
  claimRun,
  failedWith,
  hasRun,
  type JobReport,
  recordFinish,
} from './job-runs.ts';
import { createRepeater } from './repeater.ts';
import type { Schedule } from './schedule.ts';
import { createSingleFlight } from './single-flight.ts';

/**
 * The one mechanism for jobs that run on a schedule (the registry, registry.ts, lists them): each server
 * process has a timer, and the `job_runs` row decides which process runs, once per interval however many share
 * the database (docs/decisions/009-jobs-run-once.md). Every run's outcome is recorded there with a sentence.
 */

export type JobRun<T> = { ran: true; value: T } | { ran: false };

export type JobLogger = { error(obj: object, msg?: string): void };

export type IntervalJobDefinition<T> = {
  /** Its row in `job_runs`. */
  name: string;
  /** null: off in this configuration (listed, never run). */
  schedule: Schedule | null;
  run(): Promise<T>;
  /** The run's outcome in a sentence for the owner (a run that throws is recorded as failed with its error). */
  report(value: T): JobReport;
  /**
   * A job never run waits for its schedule's first slot instead of running at the first check: the daily backup,
   * which a fresh install (or a test's server) should not take the moment it starts.
   */
  firstRunOnSchedule?: boolean;
};

export type IntervalJob<T> = {
  /**
   * What the timer does: runs the job if it is due and no process has claimed this run yet. A call while this
   * process's run is in flight shares that run. Rejects with the job's error (recorded as failed).
   */
  runIfDue(): Promise<JobRun<T>>;
  /** Runs the job now whatever its schedule (tests, the test clock), or shares the run in flight. */
  run(): Promise<T>;
  /** Checks on an unref'd timer (it never keeps the process alive) and runs the job when it is due. */
  start(): Promise<void>;
  /** Stops the timer and waits for a run in flight. */
  stop(): Promise<void>;
};

export function createIntervalJob<T>(
  options: { db: Db; clock: Clock; log: JobLogger; checkEveryMs?: number },
  definition: IntervalJobDefinition<T>,
): IntervalJob<T> {
  const { db, clock, log } = options;
  const { name, schedule } = definition;
  const runs = createSingleFlight<string, JobRun<T>>();
  const firstSlot = schedule && definition.firstRunOnSchedule ? schedule.nextAfter(clock.now()) : undefined;

  async function claimAndRun(force: boolean): Promise<JobRun<T>> {
    if (!schedule) return { ran: false };
    const startedAt = clock.now();
    if (!force && firstSlot && startedAt < firstSlot && !(await hasRun(db, name))) return { ran: false };
    if (!(await claimRun(db, name, startedAt, schedule.nextAfter(startedAt), { force })))
      return { ran: false };
    let value: T;
    try {
      value = await definition.run();
    } catch (error) {
      await recordFinish(db, name, startedAt, clock.now(), failedWith(error));
      throw error;
    }
    await recordFinish(db, name, startedAt, clock.now(), definition.report(value));
    return { ran: true, value };
  }

  function runIfDue(): Promise<JobRun<T>> {
    return runs.run(name, () => claimAndRun(false));
  }

  async function run(): Promise<T> {
    if (!schedule) throw new Error(`the job ${name} is off in this configuration`);
    for (;;) {
      const outcome = await runs.run(name, () => claimAndRun(true));
      if (outcome.ran) return outcome.value;
      // It joined a timer's check that found the job not due: now nothing is in flight, so run it.
    }
  }

  const repeater = schedule
    ? createRepeater(options.checkEveryMs ?? schedule.checkEveryMs, () =>
        runIfDue().catch((error) => log.error({ err: error, job: name }, `job ${name} failed`)),
      )
    : undefined;

  return {
    runIfDue,
    run,
    async start() {
      if (!schedule || !repeater) return;
      await bringNextRunForward(db, name, schedule.nextAfter);
      repeater.start();
    },
    async stop() {
      repeater?.stop();
      await runs.settled();
    },
  };
}
