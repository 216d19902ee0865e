import dotenv from 'dotenv';
import { loadConfigOrExit } from '../config.ts';
import { BackupFileError } from './archive.ts';
import { describeRestore, RestoreRefused, restoreBackup } from './restore.ts';

/**
 * `npm run restore -- FILE`, with the server's settings (the same `.env`) and the server stopped
 * (docs/decisions/022-backups.md). A refusal touches nothing and says why; the data found is moved aside.
 */
async function run(): Promise<number> {
  dotenv.config({ quiet: true });
  const config = loadConfigOrExit(process.env);
  const file = process.argv[2];
  if (!file) {
    console.error(
      'Say which backup to restore: npm run restore -- backups/tower-backup-20261126-030000Z.tar',
    );
    return 1;
  }
  try {
    console.info(describeRestore(await restoreBackup(config, file)));
    return 0;
  } catch (error) {
    if (error instanceof RestoreRefused || error instanceof BackupFileError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
}

process.exitCode = await run();
