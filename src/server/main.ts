import closeWithGrace from 'close-with-grace';
import dotenv from 'dotenv';
import { ensureAdminAccount } from './admin-auth/bootstrap.ts';
import { buildApp } from './app.ts';
import { listenForBackupRequests } from './backups/backup-socket.ts';
import { loadConfigOrExit } from './config.ts';
import { lockDataDir } from './db/data-dir-lock.ts';
import { migrateDatabase, openDatabase } from './db/database.ts';
import { seedProperty } from './db/seed.ts';

/** Starts the whole site: configuration, database, migrations, seed, then the HTTP server. */
export async function main(): Promise<void> {
  dotenv.config({ quiet: true });
  const config = loadConfigOrExit(process.env);

  let releaseLock: (() => Promise<void>) | undefined;
  try {
    if (!config.databaseUrl) releaseLock = await lockDataDir(config.dataDir);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }

  const database = config.databaseUrl
    ? await openDatabase({ databaseUrl: config.databaseUrl })
    : await openDatabase({ dataDir: config.dataDir });
  await migrateDatabase(database);
  await seedProperty(database.db);

  const app = await buildApp({ config, database, startJobs: true });
  await ensureAdminAccount(
    database.db,
    { ...config.admin, dataDir: config.databaseUrl ? undefined : config.dataDir },
    app.log,
  );

  // The embedded database opens in this process only: `npm run backup` asks this process for the backup
  // (docs/decisions/022-backups.md). On PostgreSQL the command takes it itself.
  const stopBackupSocket = config.databaseUrl
    ? undefined
    : await listenForBackupRequests(config.dataDir, () => app.jobs.run('backup'), app.log);

  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down: finishing requests in flight');
    await stopBackupSocket?.();
    await app.close();
    await database.close();
    await releaseLock?.();
  });

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { payments: config.payments.mode, database: database.kind },
    `The Tower is open at ${config.siteUrl} (listening on ${config.host}:${config.port})`,
  );
  if (config.payments.mode === 'off') {
    app.log.warn(
      'Payments are off: guests cannot book until Stripe’s keys are entered in the admin (Payments tab) or set in the environment.',
    );
  }
  releaseStartUpGarbage();
}

/**
 * Starting leaves ~100 MB of garbage behind (mostly Node's ES module loader reading Drizzle's 180 kB package.json
 * for each of its modules), and V8 keeps the freed pages pooled for reuse. Its memory reducer gives them back
 * only once allocation has been low for a while, which on a restart often never happens: the restarted server
 * idled ~80 MB higher than a first start. One last-resort collection once the server listens gives them back
 * at once (docs/decisions/011-pglite-memory.md). `gc` exists with Node's `--expose-gc`, which the npm scripts set.
 */
function releaseStartUpGarbage(): void {
  globalThis.gc?.({ type: 'major', execution: 'sync', flavor: 'last-resort' });
}

if (import.meta.main) await main();
