/**
 * One run at a time per key within this process: a call made while a run of its key is in flight gets that run's
 * promise instead of starting another. A key is forgotten when its run settles (fulfilled or rejected), so the
 * next call starts a new run. Across processes, jobs add a database claim on top
 * (docs/decisions/009-jobs-run-once.md).
 */

export type Flight<T> = {
  promise: Promise<T>;
  /** True for the call that started the run; false for one that joined a run already in flight. */
  started: boolean;
};

export type SingleFlight<K, T> = {
  /** The run of `key` in flight, or `fn()` started as that run. */
  run(key: K, fn: () => Promise<T>): Promise<T>;
  /** As `run`, and says whether this call started the run (callers that answer a joiner differently). */
  join(key: K, fn: () => Promise<T>): Flight<T>;
  /** Settles, never rejecting, once the runs in flight at the call have settled. */
  settled(): Promise<void>;
  /** The keys of the runs in flight. */
  keys(): IterableIterator<K>;
};

export function createSingleFlight<K, T>(): SingleFlight<K, T> {
  const inFlight = new Map<K, Promise<T>>();

  function join(key: K, fn: () => Promise<T>): Flight<T> {
    const current = inFlight.get(key);
    if (current) return { promise: current, started: false };
    const promise = fn().finally(() => inFlight.delete(key));
    inFlight.set(key, promise);
    return { promise, started: true };
  }

  return {
    run: (key, fn) => join(key, fn).promise,
    join,
    async settled() {
      await Promise.allSettled(inFlight.values());
    },
    keys: () => inFlight.keys(),
  };
}
