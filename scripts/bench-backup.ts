import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { addDays } from '../src/domain/dates.ts';
import { formatBytes } from '../src/domain/format.ts';
import { ensureAdminAccount } from '../src/server/admin-auth/bootstrap.ts';
import { buildApp } from '../src/server/app.ts';
import { restoreBackup } from '../src/server/backups/restore.ts';
import { createManualClock } from '../src/server/clock.ts';
import { loadConfig } from '../src/server/config.ts';
import { migrateDatabase, openDatabase } from '../src/server/db/database.ts';
import { seedProperty } from '../src/server/db/seed.ts';
import { payForStay } from '../src/server/test/paid-booking.ts';
import { createBenchDatabase } from './bench-database.ts';

/**
 * `npm run bench:backup`: the backup drill's figures (docs/decisions/022-backups.md). A throwaway site with
 * BENCH_BOOKINGS (default 1,000) guests' bookings paid through the real routes (demo payments: each with its
 * payment, its e-mails in the outbox and its audit lines), then a backup as the daily job takes it (dump, file,
 * check), its size, and a restore into an empty place. BENCH_DATABASE_URL measures PostgreSQL (a throwaway
 * database on that server) instead of the embedded database.
 */

const BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 1000);
const ADMIN = { username: 'owner', password: 'bench backup owner password' };

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const rss = () => `${Math.round(process.memoryUsage().rss / 1024 / 1024)} MB`;

const root = await mkdtemp(path.join(tmpdir(), 'tower-bench-backup-'));
const bench = await createBenchDatabase();
const restoreTarget = bench ? await createBenchDatabase() : undefined;
try {
  const env = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: path.join(root, 'data'),
    BACKUP_DIR: path.join(root, 'backups'),
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    HOLD_LIMIT_PER_HOUR: '100000',
    LIVE_HOLDS_PER_CLIENT: '1000',
    ...(bench ? { DATABASE_URL: bench.url } : {}),
  };
  const config = loadConfig(env);
  const database = bench
    ? await openDatabase({ databaseUrl: bench.url })
    : await openDatabase({ dataDir: config.dataDir });
  await migrateDatabase(database);
  await seedProperty(database.db);
  const clock = createManualClock('2026-01-05T10:00:00Z');
  const app = await buildApp({ config, database, clock, logger: false, site: undefined });
  await app.ready();
  await ensureAdminAccount(database.db, { ...config.admin, dataDir: undefined }, app.log);

  const call = async (method: 'GET' | 'POST', url: string, payload?: object) => {
    const response = await app.inject({ method, url, payload });
    if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.body}`);
    return response.json();
  };
  const filling = Date.now();
  let checkIn = '2026-01-12';
  for (let n = 0; n < BOOKINGS; n++) {
    // Guests book up to 12 months ahead: the clock follows the calendar as it fills.
    if (n % 100 === 0) clock.set(`${addDays(checkIn, -7)}T10:00:00Z`);
    await payForStay(
      call,
      { checkInDate: checkIn, checkOutDate: addDays(checkIn, 2) },
      { name: `Guest ${n}`, email: `guest${n}@example.test` },
    );
    checkIn = addDays(checkIn, 3);
  }
  console.info(`${database.kind}: ${BOOKINGS} paid bookings made in ${seconds(Date.now() - filling)}`);

  const started = Date.now();
  const outcome = await app.jobs.run('backup');
  const backupMs = Date.now() - started;
  if (!outcome.ok) throw new Error(outcome.message);
  const { size } = await stat(outcome.file);
  console.info(outcome.message);
  console.info(`backup (dump, file and check): ${seconds(backupMs)}, ${formatBytes(size)}; process ${rss()}`);
  await app.close();
  await database.close();

  const restoreConfig = loadConfig({
    ...env,
    DATA_DIR: path.join(root, 'restored'),
    ...(restoreTarget ? { DATABASE_URL: restoreTarget.url } : {}),
  });
  const restoring = Date.now();
  const restored = await restoreBackup(restoreConfig, outcome.file);
  console.info(
    `restore: ${seconds(Date.now() - restoring)} (${restored.tables['public.stays']} stays, ${restored.tables['public.outbox']} e-mails); process ${rss()}`,
  );
} finally {
  await restoreTarget?.drop();
  await bench?.drop();
  await rm(root, { recursive: true, force: true });
}
