import type pg from 'pg';

/**
 * Work that one server process at a time may do, when several share a PostgreSQL database: migrating at start
 * (jobs do not lock: they run once through the job registry's claims, docs/decisions/009-jobs-run-once.md).
 * It holds a PostgreSQL session-level advisory lock
 * (https://www.postgresql.org/docs/current/explicit-locking.html#ADVISORY-LOCKS) on one connection taken from
 * the pool for the whole work, and releases it after. A transaction-level lock would not do: it ends with its
 * transaction, before the work that runs on other connections of the pool.
 *
 * On PGlite one process owns the database, so an in-process lock gives the same guarantee.
 */

/**
 * What a lock needs of the database (database.ts): PostgreSQL's pool of sessions, or the embedded instance.
 * Only this much, so that database.ts, which locks its migrations, and this file do not import each other.
 */
type Database = { pool: pg.Pool | undefined; pglite: object | undefined };

/** Every advisory lock key of the application, in one place so two uses never share one by accident. */
export const ADVISORY_LOCK_KEYS = {
  migrations: 727_001,
} as const;

export type AdvisoryLockKey = (typeof ADVISORY_LOCK_KEYS)[keyof typeof ADVISORY_LOCK_KEYS];

/** Runs `fn` holding the lock `key`, waiting for it while another process (or caller) holds it. */
export function withAdvisoryLock<T>(
  database: Database,
  key: AdvisoryLockKey,
  fn: () => Promise<T>,
): Promise<T> {
  if (database.pool) return holdingSessionLock(database.pool, key, fn);
  if (!database.pglite) throw new Error('an advisory lock needs PostgreSQL or PGlite');
  return holdingLocalLock(database.pglite, key, fn);
}

async function holdingSessionLock<T>(pool: pg.Pool, key: AdvisoryLockKey, fn: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  // A checked-out connection has no error listener of the pool's; one that breaks while we hold it (the server
  // restarts) would otherwise stop the process. Its session, and so the lock, is gone then; the work goes on.
  const onError = (error: Error) => {
    console.warn(`The connection holding advisory lock ${key} broke (${error.message}).`);
  };
  client.on('error', onError);
  /** Set when the lock's own statements fail: the connection is then destroyed, not put back in the pool. */
  let broken: Error | undefined;
  try {
    try {
      await client.query('select pg_advisory_lock($1)', [key]);
    } catch (error) {
      broken = error as Error;
      throw error;
    }
    try {
      return await fn();
    } finally {
      try {
        await client.query('select pg_advisory_unlock($1)', [key]);
      } catch (error) {
        broken = error as Error; // ending the session below releases the lock
      }
    }
  } finally {
    client.off('error', onError);
    client.release(broken);
  }
}

/** In-process locks of each embedded database, by key: the promise a waiter waits on. */
const localLocks = new WeakMap<object, Map<number, Promise<void>>>();

async function holdingLocalLock<T>(owner: object, key: AdvisoryLockKey, fn: () => Promise<T>): Promise<T> {
  let locks = localLocks.get(owner);
  if (!locks) {
    locks = new Map();
    localLocks.set(owner, locks);
  }
  for (let held = locks.get(key); held; held = locks.get(key)) await held;
  let release = () => {};
  locks.set(
    key,
    new Promise<void>((resolve) => {
      release = resolve;
    }),
  );
  try {
    return await fn();
  } finally {
    locks.delete(key);
    release();
  }
}
