import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, HTTPMethods, InjectOptions } from 'fastify';
import pRetry from 'p-retry';
import pg from 'pg';
import { ensureAdminAccount } from '../admin-auth/bootstrap.ts';
import { type BuildAppOptions, buildApp } from '../app.ts';
import { createManualClock } from '../clock.ts';
import { type Config, loadConfig } from '../config.ts';
import { type Database, migrateDatabase, openDatabase } from '../db/database.ts';
import { seedProperty } from '../db/seed.ts';
import type { NotificationEvents } from '../notifications/events.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import { TEMPLATE_DUMP_PATH } from './paths.ts';

/** "Now" in tests unless a test moves the clock: a Monday in November 2026, on the property's clock. */
export const TEST_NOW = '2026-11-23T10:00:00Z';

/** Empties `tables` in the order given (the rows that point at a stay before the stays), so a test starts clean. */
export async function emptyTables(database: Database, ...tables: PgTable[]): Promise<void> {
  for (const table of tables) await database.db.delete(table);
}

/**
 * A new, empty database (no tables) on the PostgreSQL server of `serverUrl`: its URL, and `drop()`, which waits
 * for the last connections to it to go and then drops it.
 */
export async function createEmptyPostgresDatabase(
  serverUrl: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `tower_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      // The pool's last connections may still be saying goodbye: let them go before the drop, which would
      // otherwise terminate them mid-way (asked every 100 ms, 5 s at most; then the drop forces it).
      await pRetry(
        async () => {
          const { rows } = await cleanup.query(
            'select count(*)::int as n from pg_stat_activity where datname = $1',
            [name],
          );
          if (rows[0].n > 0) throw new Error(`${rows[0].n} connections to ${name} remain`);
        },
        { retries: 49, factor: 1, minTimeout: 100 },
      ).catch(() => undefined);
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/**
 * A fresh database for one test file: the migrated PGlite template (loaded from the dump the global setup made),
 * or, when TEST_DATABASE_URL is set (CI), a new database on that PostgreSQL server.
 */
export async function openTestDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const dump = await readFile(TEMPLATE_DUMP_PATH);
    return openDatabase({ dataDir: undefined, loadDataDir: new Blob([dump]) });
  }
  const created = await createEmptyPostgresDatabase(serverUrl);
  const database = await openDatabase({ databaseUrl: created.url });
  await migrateDatabase(database);
  await seedProperty(database.db);
  return {
    ...database,
    close: async () => {
      await database.close();
      await created.drop();
    },
  };
}

/**
 * What a second server process would open on the same database: on PostgreSQL its own connection pool to it
 * (closing it leaves the database alone); on PGlite, which one process owns, the same instance.
 */
export async function openSecondConnection(database: Database): Promise<Database> {
  if (!database.pool) return { ...database, close: async () => {} };
  const url = database.pool.options.connectionString;
  if (!url) throw new Error('the test database has no connection string');
  return openDatabase({ databaseUrl: url });
}

/**
 * A second server process on a test app's database, with its configuration and clock: what another machine
 * behind the same PostgreSQL would run (close it before the test app).
 */
export async function startSecondProcess(
  t: Pick<TestApp, 'database' | 'config' | 'clock'>,
  options: Partial<Omit<BuildAppOptions, 'config' | 'database' | 'clock'>> = {},
): Promise<{ app: FastifyInstance; database: Database; close(): Promise<void> }> {
  const database = await openSecondConnection(t.database);
  const app = await buildApp({
    config: t.config,
    database,
    clock: t.clock,
    logger: false,
    site: undefined,
    ...options,
  });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

export const TEST_ADMIN = { username: 'owner', password: 'correct horse battery staple' };

/** Logs in as TEST_ADMIN through the API; the session token, for `authorization: Bearer <token>`. */
export async function adminToken(app: FastifyInstance): Promise<string> {
  const login = await app.inject({ method: 'POST', url: '/api/admin/login', payload: TEST_ADMIN });
  return login.json().token as string;
}

/**
 * Requests as the owner, each signed in afresh: for tests whose clock moves weeks, past a session's life.
 * `await asOwner('PUT', '/api/admin/…', payload)` answers the response.
 */
export function ownerRequests(app: FastifyInstance) {
  return async (method: HTTPMethods, url: string, payload?: InjectOptions['payload']) =>
    app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${await adminToken(app)}` },
      ...(payload === undefined ? {} : { payload }),
    });
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SITE_URL: 'http://localhost:3000',
    SITE_EMAIL: 'stay@example.test',
    ADMIN_USERNAME: 'owner',
    ADMIN_PASSWORD: 'correct horse battery staple',
    // The suites start many holds from one address; the limit itself has its own test.
    HOLD_LIMIT_PER_HOUR: '100000',
    LIVE_HOLDS_PER_CLIENT: '1000',
    ...overrides,
  });
}

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  clock: ReturnType<typeof createManualClock>;
  config: Config;
  close(): Promise<void>;
};

/**
 * The production wiring (buildApp) on a fresh database, with a manual clock and no web build.
 * The admin account is `TEST_ADMIN` (see testConfig).
 */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    now?: string;
    /** Extra wiring, e.g. a recording fake of a third party's interface. */
    overrides?: Partial<Omit<BuildAppOptions, 'config' | 'database' | 'clock'>>;
    notifications?: NotificationEvents;
    payments?: PaymentProvider;
    /** A database to build on instead of a fresh one, closed with the app (e.g. openSecondConnection's). */
    database?: Database;
  } = {},
): Promise<TestApp> {
  const database = options.database ?? (await openTestDatabase());
  const clock = createManualClock(options.now ?? TEST_NOW);
  const config = testConfig(options.env);
  const app = await buildApp({
    config,
    database,
    clock,
    logger: false,
    site: undefined,
    notifications: options.notifications,
    payments: options.payments,
    ...options.overrides,
  });
  await app.ready();
  await ensureAdminAccount(database.db, { ...config.admin, dataDir: undefined }, app.log);
  return {
    app,
    database,
    clock,
    config,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
