import { describe, expect, it } from 'vitest';
import { adminToken, createEmptyPostgresDatabase, createTestApp } from '../test/test-app.ts';
import { type Database, migrateDatabase, openDatabase } from './database.ts';
import { loadUpgradeFixture, publicTables, rawQuery, tableRowsJson } from './upgrade-fixture.ts';

/**
 * Upgrades are tested on data: the previous release's schema and rows (a site in use, made by
 * scripts/make-upgrade-fixture.ts when that release was cut), then this release's migrations, on the database the
 * suite runs on (PGlite, or PostgreSQL with TEST_DATABASE_URL).
 */
const PREVIOUS_RELEASE = '0.1.0';

/** An empty database: no tables, no migrations (not the suite's migrated template). */
async function openEmptyDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return openDatabase({ dataDir: undefined });
  const created = await createEmptyPostgresDatabase(serverUrl);
  const database = await openDatabase({ databaseUrl: created.url });
  return {
    ...database,
    close: async () => {
      await database.close();
      await created.drop();
    },
  };
}

type Row = Record<string, unknown>;

/** Columns a migration moved, with their values, to a new name: `table.old` → `new`. */
const MOVED_COLUMNS: Record<string, string> = {
  // Decision 009: a job's last error became its last run's message, beside its outcome.
  'job_runs.last_error': 'last_message',
};

describe(`upgrading from ${PREVIOUS_RELEASE}`, () => {
  it('keeps every row and value of the previous release, and the site reads them', async () => {
    const database = await openEmptyDatabase();
    const query = rawQuery(database);
    await loadUpgradeFixture(database, PREVIOUS_RELEASE);
    const before = new Map<string, Row[]>();
    for (const table of await publicTables(query))
      before.set(table, JSON.parse(await tableRowsJson(query, table)) as Row[]);
    // The fixture is a site in use, not an empty one.
    expect(before.get('stays')?.length).toBeGreaterThanOrEqual(10);
    for (const table of ['demo_payment_intents', 'rate_plans', 'promo_codes', 'photos', 'outbox', 'job_runs'])
      expect(before.get(table)?.length, table).toBeGreaterThan(0);

    await migrateDatabase(database);

    // Every table of the previous release still has every row, and every column it had keeps its value.
    const tablesAfter = await publicTables(query);
    for (const [table, rows] of before) {
      expect(tablesAfter, table).toContain(table);
      const after = JSON.parse(await tableRowsJson(query, table)) as Row[];
      expect(after.length, table).toBe(rows.length);
      after.forEach((row, index) => {
        const old = rows[index]!;
        const kept = Object.fromEntries(
          Object.keys(old).map((column) => [column, row[MOVED_COLUMNS[`${table}.${column}`] ?? column]]),
        );
        expect(kept, `${table} row ${index}`).toEqual(old);
      });
    }

    // The upgraded site serves them: bookings of every kind, the rate plan, the photos, the e-mails waiting.
    // No background work: no feed is fetched (their addresses are made up), no photo processed (no job runs on
    // a timer unless startJobs asks).
    const t = await createTestApp({
      database,
      env: { SYNC_INTERVAL_MINUTES: '0' },
      overrides: { photoWorker: false },
    });
    try {
      const headers = { authorization: `Bearer ${await adminToken(t.app)}` };
      const get = async (url: string) => {
        const response = await t.app.inject({ method: 'GET', url, headers });
        expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
        return response.json();
      };
      const bookings = (await get('/api/bookings')) as { id: string }[];
      expect(bookings.map((b) => b.id).sort()).toEqual(
        before
          .get('stays')!
          .map((s) => String(s.id))
          .sort(),
      );
      const { plan, promoCodes } = await get('/api/admin/rate-plan');
      expect(plan.seasons).toEqual([expect.objectContaining({ name: 'Open week', weekdayPence: 45_000 })]);
      expect(plan.discounts).toEqual([expect.objectContaining({ minNights: 7, percent: 10 })]);
      expect(promoCodes.map((p: { code: string }) => p.code).sort()).toEqual(['WELCOME10', 'golf-50']);
      const { photos } = await get('/api/admin/photos');
      expect(photos).toHaveLength(before.get('photos')!.length);
      const outbox = await get('/api/admin/outbox');
      expect(outbox).toMatchObject({ queued: 1, failed: 1 });
    } finally {
      await t.close();
    }
  }, 120_000);
});
