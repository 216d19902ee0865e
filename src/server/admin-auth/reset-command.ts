import dotenv from 'dotenv';
import { loadConfigOrExit } from '../config.ts';
import { DataDirLockedError, lockDataDir } from '../db/data-dir-lock.ts';
import { migrateDatabase, openDatabase } from '../db/database.ts';
import { resetAdminAccount } from './reset.ts';

/**
 * `npm run admin:reset`: run on the server, with the server's settings, by the server's user. On the embedded
 * database the server must be stopped first (one process owns DATA_DIR: docs/decisions/001-embedded-postgres.md);
 * on PostgreSQL it works while the server runs, and the signed-out sessions end at their next request.
 */
async function run(): Promise<number> {
  dotenv.config({ quiet: true });
  const config = loadConfigOrExit(process.env);
  let releaseLock: (() => Promise<void>) | undefined;
  if (!config.databaseUrl) {
    try {
      releaseLock = await lockDataDir(config.dataDir);
    } catch (error) {
      if (!(error instanceof DataDirLockedError)) throw error;
      console.error(
        `The server is running on ${config.dataDir}, and the embedded database opens in one process at a time. Stop the server (for example: sudo systemctl stop the-tower), run npm run admin:reset again, then start it.`,
      );
      return 1;
    }
  }
  try {
    const database = config.databaseUrl
      ? await openDatabase({ databaseUrl: config.databaseUrl })
      : await openDatabase({ dataDir: config.dataDir });
    try {
      await migrateDatabase(database); // an upgrade not started yet: the account's columns are there
      const { file, signedOut } = await resetAdminAccount(database.db, {
        username: config.admin.username,
        dataDir: config.dataDir,
      });
      console.info(
        `The admin password of "${config.admin.username}" is reset. The new password is in ${file} (readable by this user only). Two-step sign-in is off, and ${signedOut} session(s) were signed out.`,
      );
      return 0;
    } finally {
      await database.close();
    }
  } finally {
    await releaseLock?.();
  }
}

process.exitCode = await run();
