import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pRetry from 'p-retry';
import pg from 'pg';
import { ADVISORY_LOCK_KEYS, withAdvisoryLock } from './advisory-lock.ts';
import { pgliteOptions } from './pglite-options.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** The Drizzle handle every repository takes: the same API on PGlite and on PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A repository method runs on the database or inside a caller's transaction. */
export type DbOrTx = Db | Tx;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The embedded instance, for tests that dump or clone it; undefined on PostgreSQL. */
  pglite: PGlite | undefined;
  /** PostgreSQL's connection pool, for work that needs one session (advisory locks); undefined on PGlite. */
  pool: pg.Pool | undefined;
  close(): Promise<void>;
};

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../../drizzle', import.meta.url));

export type DatabaseOptions =
  /** PostgreSQL through node-postgres. */
  | { databaseUrl: string }
  /** Embedded PGlite in a directory, or in memory (`dataDir` undefined); optionally from a dump. */
  | { dataDir: string | undefined; loadDataDir?: Blob };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ('databaseUrl' in options) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // PostgreSQL may close an idle connection (a restart, an administrator, a proxy's timeout). The pool drops it
    // and opens a new one for the next query; without a listener the event would stop the whole server.
    pool.on('error', (error) => {
      console.warn(
        `PostgreSQL closed an idle connection (${error.message}); the next query opens a new one.`,
      );
    });
    const db = drizzleNodePg(pool, { schema }) as unknown as Db;
    return { db, kind: 'postgres', pglite: undefined, pool, close: () => pool.end() };
  }
  let dataDir: string | undefined;
  if (options.dataDir) {
    dataDir = path.resolve(options.dataDir, 'pglite');
    await mkdir(dataDir, { recursive: true }); // PGlite does not create missing parents itself
  }
  const client = await PGlite.create({
    ...(await pgliteOptions({ dataDir, loadDataDir: options.loadDataDir })),
    extensions: { btree_gist },
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return { db, kind: 'pglite', pglite: client, pool: undefined, close: () => client.close() };
}

/**
 * Applies the committed drizzle-kit migrations (and the custom SQL ones among them). Several server processes
 * may start at once on one PostgreSQL database: each migrates while holding one session-level advisory lock, so
 * they migrate one after another and the later ones find nothing left to do.
 */
export async function migrateDatabase(database: Database): Promise<void> {
  await withAdvisoryLock(database, ADVISORY_LOCK_KEYS.migrations, async () => {
    if (database.kind === 'pglite') {
      // biome-ignore lint/suspicious/noExplicitAny: the migrator wants the concrete PGlite Drizzle type
      await migratePglite(database.db as any, { migrationsFolder: MIGRATIONS_FOLDER });
    } else {
      // biome-ignore lint/suspicious/noExplicitAny: the migrator wants the concrete node-postgres Drizzle type
      await migrateNodePg(database.db as any, { migrationsFolder: MIGRATIONS_FOLDER });
    }
  });
}

/** The PostgreSQL error code of a failed query (Drizzle wraps the driver's error in `cause`). */
export function pgErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export const PG_EXCLUSION_VIOLATION = '23P01';
export const PG_UNIQUE_VIOLATION = '23505';
export const PG_DEADLOCK_DETECTED = '40P01';
export const PG_SERIALIZATION_FAILURE = '40001';

/** How many times a transaction PostgreSQL broke off (deadlock, serialization) is tried again. */
export const TRANSACTION_RETRIES = 4;

/**
 * `db.transaction(run)`, tried again (after a short random pause) when PostgreSQL broke it off to resolve a
 * deadlock or a serialization conflict: nothing of it was committed, so running it again is safe, and the
 * request gets its real answer instead of a 500. `run` must do nothing outside the database.
 */
export function transactionWithRetry<T>(db: Db, run: (tx: Tx) => Promise<T>): Promise<T> {
  return pRetry(() => db.transaction(run), {
    retries: TRANSACTION_RETRIES,
    minTimeout: 5,
    maxTimeout: 100,
    randomize: true,
    shouldRetry: ({ error }) => {
      const code = pgErrorCode(error);
      return code === PG_DEADLOCK_DETECTED || code === PG_SERIALIZATION_FAILURE;
    },
  });
}
