import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import { jobRuns } from '../db/schema.ts';
import { openSecondConnection, openTestDatabase, TEST_NOW } from '../test/test-app.ts';
import { claimRun, createIntervalJob } from './interval-job.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Two handles on one database, as two server processes have on PostgreSQL (two pools); on PGlite, which one
 * process owns, the same instance twice.
 */
let one: Database;
let two: Database;
beforeAll(async () => {
  one = await openTestDatabase();
  two = await openSecondConnection(one);
});
afterAll(async () => {
  await two.close();
  await one.close();
});

const at = (ms: number) => new Date(new Date(TEST_NOW).getTime() + ms);
const jobRow = async (name: string) => (await one.db.select().from(jobRuns).where(eq(jobRuns.name, name)))[0];
const silent = { error: () => {} };

describe('claimRun', () => {
  it('claims a job once per interval: the first call, then nothing until the interval has passed', async () => {
    expect(await claimRun(one.db, 'claim-sequence', at(0), HOUR)).toBe(true);
    expect(await claimRun(two.db, 'claim-sequence', at(0), HOUR)).toBe(false);
    expect(await claimRun(two.db, 'claim-sequence', at(HOUR - 1), HOUR)).toBe(false);
    expect(await claimRun(two.db, 'claim-sequence', at(HOUR), HOUR)).toBe(true);
    expect((await jobRow('claim-sequence'))?.lastRunAt).toEqual(at(HOUR));
    expect(await claimRun(one.db, 'claim-sequence', at(HOUR + 30 * MINUTE), HOUR)).toBe(false);
    expect(await claimRun(one.db, 'another-job', at(HOUR + 30 * MINUTE), HOUR)).toBe(true);
  });

  it('gives each interval to exactly one of many callers racing from two connections', async () => {
    for (let round = 0; round < 10; round++) {
      const now = at(round * HOUR);
      const claims = await Promise.all(
        Array.from({ length: 10 }, (_, i) => claimRun(i % 2 ? one.db : two.db, 'claim-race', now, HOUR)),
      );
      expect(claims.filter(Boolean), `round ${round}`).toHaveLength(1);
    }
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
    const job = createIntervalJob({
      db: database.db,
      clock,
      name,
      intervalMs: HOUR,
      log: silent,
      run: async () => {
        runs.count++;
        await work();
        return runs.count;
      },
    });
    return { job, runs };
  }

  it('runs once per interval between two processes, and records when the run finished', async () => {
    const clock = createManualClock(TEST_NOW);
    const a = countingJob(one, clock, 'job-two-processes');
    const b = countingJob(two, clock, 'job-two-processes');
    const first = await Promise.all([a.job.runNow(), b.job.runNow()]);
    expect(first.filter((run) => run.ran)).toHaveLength(1);
    expect(a.runs.count + b.runs.count).toBe(1);
    expect(await jobRow('job-two-processes')).toMatchObject({
      lastRunAt: at(0),
      lastFinishedAt: at(0),
      lastError: null,
    });

    clock.advance(59 * MINUTE);
    expect(await b.job.runNow()).toEqual({ ran: false });
    expect(await a.job.runNow()).toEqual({ ran: false });

    clock.advance(MINUTE);
    expect(await b.job.runNow()).toMatchObject({ ran: true });
    expect(await a.job.runNow()).toEqual({ ran: false });
    expect(a.runs.count + b.runs.count).toBe(2);
  });

  it('shares a run in flight within the process', async () => {
    const clock = createManualClock(TEST_NOW);
    let finish = () => {};
    const running = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const { job, runs } = countingJob(one, clock, 'job-shared', () => running);
    const calls = [job.runNow(), job.runNow()];
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
    const { job } = countingJob(one, clock, 'job-failing', async () => {
      if (fail) throw new Error('the feed server is down');
    });
    await expect(job.runNow()).rejects.toThrow('the feed server is down');
    expect(await jobRow('job-failing')).toMatchObject({ lastError: 'the feed server is down' });

    fail = false;
    clock.advance(HOUR);
    expect(await job.runNow()).toEqual({ ran: true, value: 2 });
    expect(await jobRow('job-failing')).toMatchObject({ lastFinishedAt: at(HOUR), lastError: null });
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
    const job = createIntervalJob({
      db: one.db,
      clock,
      name: 'job-timer',
      intervalMs: HOUR,
      checkEveryMs: 5,
      log: silent,
      run: async () => {
        started();
        await running;
        finished = true;
      },
    });
    job.start();
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
});
