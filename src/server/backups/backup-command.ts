import { existsSync } from 'node:fs';
import path from 'node:path';
import dotenv from 'dotenv';
import { systemClock } from '../clock.ts';
import { loadConfigOrExit } from '../config.ts';
import { DataDirLockedError, lockDataDir } from '../db/data-dir-lock.ts';
import { openDatabase } from '../db/database.ts';
import { askServer, socketPath } from './backup-socket.ts';
import { type BackupOutcome, createBackups } from './backups.ts';

/**
 * `npm run backup`: takes a backup now, checks it, keeps the BACKUP_KEEP newest and runs BACKUP_COMMAND, with
 * the server's settings (the same `.env`), while the server runs or not (docs/decisions/022-backups.md). Prints
 * the file's path; exits 1 with a sentence when a step failed.
 *
 * The embedded database opens in one process at a time: a running server is asked through its socket in
 * DATA_DIR and takes the backup itself (as a run of its daily job); with no server, this command opens the data
 * directory, holding its lock so no server starts meanwhile. PostgreSQL is dumped from here in any case.
 */
async function run(): Promise<number> {
  dotenv.config({ quiet: true });
  const config = loadConfigOrExit(process.env);
  let outcome: BackupOutcome;
  if (config.databaseUrl) {
    outcome = await takeHere(config, { databaseUrl: config.databaseUrl });
  } else {
    const answer = await askServer(config.dataDir, 'backup');
    if (answer !== undefined) {
      outcome = JSON.parse(answer) as BackupOutcome;
    } else {
      let releaseLock: () => Promise<void>;
      try {
        releaseLock = await lockDataDir(config.dataDir);
      } catch (error) {
        if (!(error instanceof DataDirLockedError)) throw error;
        console.error(
          `A server holds ${path.resolve(config.dataDir)} but does not answer on ${socketPath(config.dataDir)}. Restart it (for example: sudo systemctl restart the-tower) and try again, or stop it and run npm run backup.`,
        );
        return 1;
      }
      try {
        if (!existsSync(path.resolve(config.dataDir, 'pglite', 'PG_VERSION'))) {
          console.error(
            `There is no database in ${path.resolve(config.dataDir)} to back up (check DATA_DIR).`,
          );
          return 1;
        }
        outcome = await takeHere(config, { dataDir: config.dataDir });
      } finally {
        await releaseLock();
      }
    }
  }
  if (!outcome.ok) {
    console.error(outcome.message);
    return 1;
  }
  console.info(outcome.message);
  console.info(outcome.file);
  return 0;
}

async function takeHere(
  config: ReturnType<typeof loadConfigOrExit>,
  where: { databaseUrl: string } | { dataDir: string },
): Promise<BackupOutcome> {
  const database = await openDatabase(where);
  try {
    return await createBackups({ config, database, clock: systemClock }).take();
  } finally {
    await database.close();
  }
}

process.exitCode = await run();
