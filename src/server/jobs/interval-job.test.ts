import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createManualClock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import { jobRuns } from '../db/schema.ts';
import { twoHandlesForFile } from '../test/per-file.ts';
import { TEST_NOW } from '../test/test-app.ts';
import { createIntervalJob } from './interval-job.ts';
import { claimRun, ok } from './job-runs.ts';
import { dailyAt, every } from './schedule.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Two handles on one database, as two server processes have. */
const handles = twoHandlesForFile();

const at = (ms: number) => new Date(new Date(TEST_NOW).getTime() + ms);
const jobRow = async (name: string) =>
  (await handles.first.db.select().from(jobRuns).where(eq(jobRuns.name, name)))[0];
const silent = { error: () => {} };

/** A claim at `ms` of a job due an hour after each run. */
const claimHourly = (database: Database, name: string, ms: number) =>
  claimRun(database.db, name, at(ms), at(ms + HOUR));

describe('claimRun', () => {
  it('claims a job once per interval: the first call, then nothing until the interval has passed', async () => {
    expect(await claimHourly(handles.first, 'claim-sequence', 0)).toBe(true);
    expect(await claimHourly(handles.second, 'claim-sequence', 0)).toBe(false);
    expect(await claimHourly(handles.second, 'claim-sequence', HOUR - 1)).toBe(false);
    expect(await claimHourly(handles.second, 'claim-sequence', HOUR)).toBe(true);
    expect(await jobRow('claim-sequence')).toMatchObject({ lastRunAt: at(HOUR), nextRunAt: at(2 * HOUR) });
    expect(await claimHourly(handles.first, 'claim-sequence', HOUR + 30 * MINUTE)).toBe(false);
    expect(await claimHourly(handles.first, 'another-job', HOUR + 30 * MINUTE)).toBe(true);
  });

  it('gives each interval to exactly one of many callers racing from two connections', async () => {
    for (let round = 0; round < 10; round++) {
      const claims = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          claimHourly(i % 2 ? handles.first : handles.second, 'claim-race', round * HOUR),
        ),
      );
      expect(claims.filter(Boolean), `round ${round}`).toHaveLength(1);
    }
  });

  it('claims whatever the schedule when forced (a run asked for by hand), and the schedule starts again from it', async () => {
    expect(await claimHourly(handles.first, 'claim-forced', 0)).toBe(true);
    expect(
      await claimRun(handles.second.db, 'claim-forced', at(10 * MINUTE), at(70 * MINUTE), { force: true }),
    ).toBe(true);
    expect(await claimHourly(handles.first, 'claim-forced', HOUR)).toBe(false);
    expect(await claimHourly(handles.first, 'claim-forced', 70 * MINUTE)).toBe(true);
  });
});

describe('createIntervalJob', () => {
  function countingJob(
    database: Database,
    clock: ReturnType<typeof createManualClock>,
    name: string,
    work: () => Promise<void> = async () => {},
  ) {
    const runs = { count: 0 };
    const job = createIntervalJob(
      { db: database.db, clock, log: silent },
      {
        name,
        schedule: every(HOUR),
        run: async () => {
          runs.count++;
          await work();
          return runs.count;
        },
        report: (count) => ok(`Counted to ${count}.`),
      },
    );
    return { job, runs };
  }

  it('runs once per interval between two processes, and records when the run finished', async () => {
    const clock = createManualClock(TEST_NOW);
    const a = countingJob(handles.first, clock, 'job-two-processes');
    const b = countingJob(handles.second, clock, 'job-two-processes');
    const first = await Promise.all([a.job.runIfDue(), b.job.runIfDue()]);
    expect(first.filter((run) => run.ran)).toHaveLength(1);
    expect(a.runs.count + b.runs.count).toBe(1);
    expect(await jobRow('job-two-processes')).toMatchObject({
      lastRunAt: at(0),
      lastFinishedAt: at(0),
      lastOutcome: 'ok',
      lastMessage: 'Counted to 1.',
      nextRunAt: at(HOUR),
    });

    clock.advance(59 * MINUTE);
    expect(await b.job.runIfDue()).toEqual({ ran: false });
    expect(await a.job.runIfDue()).toEqual({ ran: false });

    clock.advance(MINUTE);
    expect(await b.job.runIfDue()).toMatchObject({ ran: true });
    expect(await a.job.runIfDue()).toEqual({ ran: false });
    expect(a.runs.count + b.runs.count).toBe(2);
  });

  it('shares a run in flight within the process', async () => {
    const clock = createManualClock(TEST_NOW);
    let finish = () => {};
    const running = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const { job, runs } = countingJob(handles.first, clock, 'job-shared', () => running);
    const calls = [job.runIfDue(), job.runIfDue()];
    finish();
    expect(await Promise.all(calls)).toEqual([
      { ran: true, value: 1 },
      { ran: true, value: 1 },
    ]);
    expect(runs.count).toBe(1);
  });

  it('records a failed run and rejects with its error; the next interval runs again', async () => {
    const clock = createManualClock(TEST_NOW);
    let fail = true;
    const { job } = countingJob(handles.first, clock, 'job-failing', async () => {
      if (fail) throw new Error('the feed server is down');
    });
    await expect(job.runIfDue()).rejects.toThrow('the feed server is down');
    expect(await jobRow('job-failing')).toMatchObject({
      lastOutcome: 'failed',
      lastMessage: 'The run stopped with an error: the feed server is down',
      consecutiveFailures: 1,
    });
    clock.advance(HOUR);
    await expect(job.runIfDue()).rejects.toThrow('the feed server is down');
    clock.advance(HOUR);
    await expect(job.runIfDue()).rejects.toThrow('the feed server is down');
    expect(await jobRow('job-failing')).toMatchObject({ lastOutcome: 'failed', consecutiveFailures: 3 });

    fail = false;
    clock.advance(HOUR);
    expect(await job.runIfDue()).toEqual({ ran: true, value: 4 });
    expect(await jobRow('job-failing')).toMatchObject({
      lastFinishedAt: at(3 * HOUR),
      lastOutcome: 'ok',
      lastMessage: 'Counted to 4.',
      consecutiveFailures: 0,
    });
  });

  it('runs on its own timer once started, when due, and stop() waits for the run in flight', async () => {
    const clock = createManualClock(TEST_NOW);
    let started = () => {};
    const runStarted = new Promise<void>((resolve) => {
      started = resolve;
    });
    let finish = () => {};
    const running = new Promise<void>((resolve) => {
      finish = resolve;
    });
    let finished = false;
    const job = createIntervalJob(
      { db: handles.first.db, clock, log: silent, checkEveryMs: 5 },
      {
        name: 'job-timer',
        schedule: every(HOUR),
        run: async () => {
          started();
          await running;
          finished = true;
        },
        report: () => ok('Done.'),
      },
    );
    await job.start();
    await runStarted;
    let stopDone = false;
    const stopped = job.stop().then(() => {
      stopDone = true;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(stopDone).toBe(false);
    finish();
    await stopped;
    expect(finished).toBe(true);
    expect((await jobRow('job-timer'))?.lastFinishedAt).toEqual(at(0));
  });

  it('runs now when asked, whatever the schedule, and the schedule starts again from that run', async () => {
    const clock = createManualClock(TEST_NOW);
    const { job, runs } = countingJob(handles.first, clock, 'job-forced');
    expect(await job.runIfDue()).toEqual({ ran: true, value: 1 });
    clock.advance(10 * MINUTE);
    expect(await job.run()).toBe(2);
    expect(await jobRow('job-forced')).toMatchObject({
      lastRunAt: at(10 * MINUTE),
      nextRunAt: at(70 * MINUTE),
    });
    clock.advance(55 * MINUTE);
    expect(await job.runIfDue()).toEqual({ ran: false });
    clock.advance(5 * MINUTE);
    expect(await job.runIfDue()).toEqual({ ran: true, value: 3 });
    expect(runs.count).toBe(3);
  });

  it('runs a daily job once a day at its hour on the property clock, between two processes', async () => {
    const clock = createManualClock('2026-11-23T02:30:00Z');
    const jobs = [handles.first, handles.second].map((database) =>
      createIntervalJob(
        { db: database.db, clock, log: silent },
        { name: 'job-daily', schedule: dailyAt(3), run: async () => 'backed up', report: (m) => ok(m) },
      ),
    );
    const ran = async () =>
      (await Promise.all(jobs.map((job) => job.runIfDue()))).filter((r) => r.ran).length;
    // Never run: at once, then at 03:00 Aberdeen time.
    expect(await ran()).toBe(1);
    expect((await jobRow('job-daily'))?.nextRunAt).toEqual(new Date('2026-11-23T03:00:00Z'));
    clock.set('2026-11-23T02:59:59Z');
    expect(await ran()).toBe(0);
    clock.set('2026-11-23T03:00:20Z');
    expect(await ran()).toBe(1);
    expect((await jobRow('job-daily'))?.nextRunAt).toEqual(new Date('2026-11-24T03:00:00Z'));
    clock.set('2026-11-24T02:59:00Z');
    expect(await ran()).toBe(0);
    clock.set('2026-11-24T03:00:00Z');
    expect(await ran()).toBe(1);
  });

  it('waits for its first slot when asked to (the backup), unless it ran before in any process, and runs at once by hand', async () => {
    const clock = createManualClock('2026-11-23T10:00:00Z');
    const daily = (database: Database) =>
      createIntervalJob(
        { db: database.db, clock, log: silent },
        {
          name: 'job-first-on-schedule',
          schedule: dailyAt(3),
          firstRunOnSchedule: true,
          run: async () => 'backed up',
          report: (m) => ok(m),
        },
      );
    const first = daily(handles.first);
    expect(await first.runIfDue()).toEqual({ ran: false });
    clock.set('2026-11-24T02:59:59Z');
    expect(await first.runIfDue()).toEqual({ ran: false });
    expect(await jobRow('job-first-on-schedule')).toBeUndefined();
    clock.set('2026-11-24T03:00:00Z');
    expect(await first.runIfDue()).toEqual({ ran: true, value: 'backed up' });

    // A process started later, after the job's hour was missed (the server was off): it runs at its first check.
    clock.set('2026-11-26T09:00:00Z');
    const restarted = daily(handles.second);
    expect(await restarted.runIfDue()).toEqual({ ran: true, value: 'backed up' });
    expect((await jobRow('job-first-on-schedule'))?.nextRunAt).toEqual(new Date('2026-11-27T03:00:00Z'));

    // By hand (npm run backup, a test): at once, whatever the schedule.
    clock.set('2026-11-26T10:00:00Z');
    expect(await daily(handles.first).run()).toBe('backed up');
  });

  it('brings the next run forward at start when the schedule got shorter', async () => {
    const clock = createManualClock(TEST_NOW);
    const daily = createIntervalJob(
      { db: handles.first.db, clock, log: silent },
      { name: 'job-shortened', schedule: every(24 * HOUR), run: async () => 1, report: () => ok('Done.') },
    );
    await daily.runIfDue();
    const hourly = countingJob(handles.first, clock, 'job-shortened');
    await hourly.job.start();
    await hourly.job.stop();
    expect((await jobRow('job-shortened'))?.nextRunAt).toEqual(at(HOUR));
    clock.advance(HOUR);
    expect(await hourly.job.runIfDue()).toMatchObject({ ran: true });
  });
});
