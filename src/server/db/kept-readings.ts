import { LRUCache } from 'lru-cache';
import type { Clock } from '../clock.ts';
import { createSingleFlight } from '../jobs/single-flight.ts';

/**
 * Readings of the database kept in memory by the module that writes what they read (the guest's calendar, the
 * rate plan): docs/decisions/019-caches-kept-by-their-writer.md. The writer calls `refresh()` or `forget()` after
 * each commit, so a read that starts after a write has returned sees it; `maxAgeMs` bounds how long a reading
 * is kept when another process (several on one PostgreSQL) writes. Storage and expiry are lru-cache's, on the
 * app's clock, so tests move time by hand.
 */

/** One reading: the value, and until when (clock milliseconds) it may be served at most. */
export type Reading<V> = { value: V; keepUntil?: number };

/**
 * A reading as kept: served from `readAt` (clock ms) until before `until`, while `generation` is the latest
 * commit heard of; `readGeneration` is the commit count when its read started (a refresh may mark an older
 * reading with a newer `generation`, to be served until the newer reading is in).
 */
type Kept<V> = { value: V; readAt: number; until: number; generation: number; readGeneration: number };

export type KeptReadings<K, V> = {
  /** The kept reading of `key`, else one read from the database for every caller waiting. */
  get(key: K, now: Date): Promise<V>;
  /** After a commit: every kept reading is read again and replaces the old one, which is served meanwhile. */
  refresh(now: Date): Promise<void>;
  /** After a commit: every kept reading is dropped; the next read goes to the database. */
  forget(): void;
};

export function createKeptReadings<K, V>(options: {
  clock: Clock;
  maxAgeMs: number;
  /** Reads `key` from the database (no cache). */
  read(key: K, now: Date): Promise<Reading<V>>;
  /** A kept reading that no longer answers for `now` (e.g. read on another day) is read again. */
  servesAt?(value: V, now: Date): boolean;
  /** How many keys are kept (least recently used dropped first). */
  max?: number;
}): KeptReadings<K, V> {
  const kept = new LRUCache<K & {}, Kept<V>>({
    max: options.max ?? 16,
    ttl: options.maxAgeMs,
    // Expiry on the app's clock, checked on every read (no cached "now").
    perf: { now: () => options.clock.now().getTime() },
    ttlResolution: 0,
  });
  /** Counts the commits heard of: a reading that started before the latest one never replaces a newer one. */
  let generation = 0;
  const reads = createSingleFlight<string, V>();

  function readAndKeep(key: K & {}, now: Date, from: number): Promise<V> {
    return reads.run(`${String(key)}|${from}`, async () => {
      const { value, keepUntil } = await options.read(key, now);
      const readAt = now.getTime();
      const ttl = Math.min(options.maxAgeMs, (keepUntil ?? Number.POSITIVE_INFINITY) - readAt);
      const current = kept.peek(key);
      // A reading that started before a commit must not replace one that started after it.
      if (ttl > 0 && (!current || current.generation <= from)) {
        kept.set(
          key,
          { value, readAt, until: readAt + ttl, generation: from, readGeneration: from },
          { ttl },
        );
      }
      return value;
    });
  }

  return {
    async get(key, now) {
      const entry = kept.get(key as K & {});
      if (
        entry &&
        entry.generation === generation &&
        now.getTime() >= entry.readAt &&
        now.getTime() < entry.until &&
        (options.servesAt?.(entry.value, now) ?? true)
      ) {
        return entry.value;
      }
      return readAndKeep(key as K & {}, now, generation);
    },

    async refresh(now) {
      const from = ++generation;
      const keys = [...kept.keys()];
      // Until the new reading is in, readers are served the one before this commit: the writer has not
      // returned yet, so nobody has been told of the write.
      for (const key of keys) {
        const entry = kept.peek(key);
        if (entry) kept.set(key, { ...entry, generation: from }, { noUpdateTTL: true });
      }
      await Promise.all(
        keys.map((key) =>
          readAndKeep(key, now, from).catch(() => {
            kept.delete(key);
          }),
        ),
      );
      // Later commits' refreshes may have kept this one's reading out, each marking the reading before them to be
      // served meanwhile: wait for their readings, and drop whatever is still older than this commit, so that a
      // read that starts once the writer has returned sees its write.
      const readBefore = (key: K & {}) => (kept.peek(key)?.readGeneration ?? from) < from;
      while (keys.some(readBefore) && !reads.keys().next().done) await reads.settled();
      for (const key of keys) if (readBefore(key)) kept.delete(key);
    },

    forget() {
      generation++;
      kept.clear();
    },
  };
}
