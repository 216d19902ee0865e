import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import { jobRuns } from '../db/schema.ts';
import { openTestDatabase, TEST_NOW } from '../test/test-app.ts';
import { failed, ok } from './job-runs.ts';
import { createQueue } from './queue.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const silent = { error: () => {} };
const jobRow = async (name: string) =>
  (await database.db.select().from(jobRuns).where(eq(jobRuns.name, name)))[0];

/** A queue whose drain counts its runs and waits for `gate` (when given) before it ends. */
function countingQueue(name: string, options: { gate?: () => Promise<void>; fail?: () => boolean } = {}) {
  const clock = createManualClock(TEST_NOW);
  const runs = { count: 0 };
  const queue = createQueue(
    { db: database.db, clock, log: silent },
    {
      name,
      pollEveryMs: 30_000,
      drain: async () => {
        runs.count++;
        const count = runs.count;
        await options.gate?.();
        if (options.fail?.()) throw new Error('the disk is full');
        return count;
      },
      report: (count) =>
        count % 2 === 0 ? failed(`Run ${count} went badly.`) : ok(`Run ${count} went well.`),
    },
  );
  return { queue, runs, clock };
}

describe('createQueue', () => {
  it('records each run with its outcome in a sentence, and the next poll', async () => {
    const { queue, clock } = countingQueue('queue-recorded');
    expect(await queue.run()).toBe(1);
    expect(await jobRow('queue-recorded')).toMatchObject({
      lastRunAt: new Date(TEST_NOW),
      lastFinishedAt: new Date(TEST_NOW),
      lastOutcome: 'ok',
      lastMessage: 'Run 1 went well.',
      consecutiveFailures: 0,
      nextRunAt: new Date(new Date(TEST_NOW).getTime() + 30_000),
    });
    clock.advance(1000);
    expect(await queue.run()).toBe(2);
    expect(await jobRow('queue-recorded')).toMatchObject({
      lastOutcome: 'failed',
      lastMessage: 'Run 2 went badly.',
      consecutiveFailures: 1,
    });
  });

  it('records a run that throws as failed, counts the failures in a row, and rejects with the error', async () => {
    let failing = true;
    const { queue } = countingQueue('queue-throwing', { fail: () => failing });
    await expect(queue.run()).rejects.toThrow('the disk is full');
    await expect(queue.run()).rejects.toThrow('the disk is full');
    expect(await jobRow('queue-throwing')).toMatchObject({
      lastOutcome: 'failed',
      lastMessage: 'The run stopped with an error: the disk is full',
      consecutiveFailures: 2,
    });
    failing = false;
    await queue.run();
    expect(await jobRow('queue-throwing')).toMatchObject({ lastOutcome: 'ok', consecutiveFailures: 0 });
  });

  it('answers calls made during a run after it, with one more run they share', async () => {
    let open = () => {};
    let gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const { queue, runs } = countingQueue('queue-trailing', { gate: () => gate });
    const first = queue.run();
    const second = queue.run();
    const third = queue.run();
    expect(runs.count).toBe(1); // one run at a time in a process
    const opened = open;
    gate = Promise.resolve();
    opened();
    expect(await first).toBe(1);
    expect(await second).toBe(2);
    expect(await third).toBe(2);
    expect(runs.count).toBe(2);
  });

  it('runs when kicked, outside the caller; settled() waits for it; stopped, it ignores kicks', async () => {
    const { queue, runs } = countingQueue('queue-kicked');
    queue.kick();
    expect(runs.count).toBe(0);
    await queue.settled();
    expect(runs.count).toBe(1);
    await queue.stop();
    queue.kick();
    await queue.settled();
    expect(runs.count).toBe(1);
  });
});
