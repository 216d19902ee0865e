import { describe, expect, it } from 'vitest';
import { createSingleFlight } from './single-flight.ts';

/** Work that finishes when the test says so, counting how often it was started. */
function controlledWork<T>() {
  const runs: PromiseWithResolvers<T>[] = [];
  return {
    runs,
    fn: () => {
      const run = Promise.withResolvers<T>();
      runs.push(run);
      return run.promise;
    },
  };
}

/** A single flight keyed by string, and work it can run. */
function flightsOf<T>() {
  return { flights: createSingleFlight<string, T>(), work: controlledWork<T>() };
}

describe('createSingleFlight', () => {
  it('gives a call made while a run of its key is in flight that run, and says who started it', async () => {
    const { flights, work } = flightsOf<number>();
    const first = flights.join('a', work.fn);
    const second = flights.join('a', work.fn);
    expect(work.runs).toHaveLength(1);
    expect(first.started).toBe(true);
    expect(second.started).toBe(false);
    expect(second.promise).toBe(first.promise);
    expect(flights.run('a', work.fn)).toBe(first.promise);
    work.runs[0]!.resolve(7);
    expect(await Promise.all([first.promise, second.promise])).toEqual([7, 7]);
  });

  it('runs different keys side by side', async () => {
    const { flights, work } = flightsOf<string>();
    const a = flights.run('a', work.fn);
    const b = flights.run('b', work.fn);
    expect(work.runs).toHaveLength(2);
    work.runs[1]!.resolve('b done');
    work.runs[0]!.resolve('a done');
    expect(await Promise.all([a, b])).toEqual(['a done', 'b done']);
  });

  it('starts a new run once the previous run of the key has finished', async () => {
    const { flights, work } = flightsOf<number>();
    const first = flights.run('a', work.fn);
    work.runs[0]!.resolve(1);
    expect(await first).toBe(1);
    const next = flights.join('a', work.fn);
    expect(next.started).toBe(true);
    expect(work.runs).toHaveLength(2);
    work.runs[1]!.resolve(2);
    expect(await next.promise).toBe(2);
  });

  it('hands a failure to every caller of the run and forgets the run, so the next call tries again', async () => {
    const { flights, work } = flightsOf<number>();
    const first = flights.run('a', work.fn);
    const second = flights.run('a', work.fn);
    work.runs[0]!.reject(new Error('feed down'));
    await expect(first).rejects.toThrow('feed down');
    await expect(second).rejects.toThrow('feed down');
    const retry = flights.join('a', work.fn);
    expect(retry.started).toBe(true);
    work.runs[1]!.resolve(3);
    expect(await retry.promise).toBe(3);
  });

  it('settled() waits for the runs in flight, failed ones included, without rejecting', async () => {
    const flights = createSingleFlight<string, number>();
    await flights.settled(); // nothing in flight: settles at once
    const work = controlledWork<number>();
    const failing = flights.run('a', work.fn).catch(() => 'caught');
    const passing = flights.run('b', work.fn);
    let done = false;
    const settled = flights.settled().then(() => {
      done = true;
    });
    work.runs[0]!.reject(new Error('smtp down'));
    await failing;
    expect(done).toBe(false);
    work.runs[1]!.resolve(1);
    await settled;
    expect(done).toBe(true);
    expect(await passing).toBe(1);
  });
});
