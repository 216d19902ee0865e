import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../scripts/local-server.ts';
import { START_DEADLINE_MS, startServer, stopServers, waitForHealth } from '../test/server-process.ts';
import { createEmptyPostgresDatabase } from '../test/test-app.ts';
import { type Database, MIGRATIONS_FOLDER, migrateDatabase, openDatabase } from './database.ts';

const MIGRATION_COUNT = (
  JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  }
).entries.length;

const serverUrl = process.env.TEST_DATABASE_URL;

afterAll(stopServers);

describe('migrating an empty database from several places at once', () => {
  it('applies every migration once, and every migration call finishes', async () => {
    // PostgreSQL: three connection pools to one new database, as three processes would have.
    // PGlite: one in-memory instance (one process owns an embedded database) migrated by three callers.
    const created = serverUrl ? await createEmptyPostgresDatabase(serverUrl) : undefined;
    const handles: Database[] = [];
    try {
      if (created) {
        for (let i = 0; i < 3; i++) handles.push(await openDatabase({ databaseUrl: created.url }));
      } else {
        const database = await openDatabase({ dataDir: undefined });
        handles.push(database, database, database);
      }
      await Promise.all(handles.map((database) => migrateDatabase(database)));
      const applied = (await handles[0]!.db.execute(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      )) as unknown as { rows: { n: number }[] };
      expect(applied.rows[0]?.n).toBe(MIGRATION_COUNT);
    } finally {
      for (const database of new Set(handles)) await database.close();
      await created?.drop();
    }
  }, 60_000);
});

// Separate processes on one database exist only with PostgreSQL (an embedded database has one owner process).
if (serverUrl) {
  const ROUNDS = 5;
  const PROCESSES = 3;

  describe('several server processes starting together on an empty PostgreSQL database', () => {
    it(
      `all ${PROCESSES} come up healthy, in each of ${ROUNDS} rounds on a new database`,
      async () => {
        for (let round = 1; round <= ROUNDS; round++) {
          const created = await createEmptyPostgresDatabase(serverUrl);
          const dataDir = await mkdtemp(path.join(tmpdir(), 'tower-scale-out-'));
          try {
            const ports = await Promise.all(Array.from({ length: PROCESSES }, () => freePort()));
            const servers = ports.map((port) =>
              startServer({
                DATABASE_URL: created.url,
                PORT: String(port),
                DATA_DIR: dataDir,
                SYNC_INTERVAL_MINUTES: '0',
              }),
            );
            const healthy = await Promise.allSettled(
              servers.map((server, i) => waitForHealth(ports[i]!, server)),
            );
            const failures = healthy.flatMap((outcome) =>
              outcome.status === 'rejected' ? [String(outcome.reason)] : [],
            );
            expect(failures, `round ${round}`).toEqual([]);
            for (const server of servers) server.child.kill('SIGTERM');
            expect(await Promise.all(servers.map((server) => server.exited))).toEqual(servers.map(() => 0));
          } finally {
            await stopServers();
            await created.drop();
            await rm(dataDir, { recursive: true, force: true });
          }
        }
      },
      ROUNDS * START_DEADLINE_MS,
    );
  });
}
