import { existsSync } from 'node:fs';
import { mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Config } from '../config.ts';
import { DataDirLockedError, lockDataDir } from '../db/data-dir-lock.ts';
import { KEY_FILE_NAME } from '../settings/secret-box.ts';
import { type BackupManifest, PART, readArchive, type TableCounts, writePart } from './archive.ts';
import { askServer } from './backup-socket.ts';
import { countPglite, countsDifference, loadPglite, restorePostgres, tablesIn } from './database-copy.ts';

/**
 * `npm run restore -- FILE` (docs/decisions/022-backups.md): refuses while a server runs on the site's data, and
 * refuses a damaged, truncated or foreign file before touching anything; then moves the current data aside
 * (never deletes it), restores the database, the photos and the key file, and says what it restored.
 */

/** Why the restore did not start, in a sentence for the owner; nothing was touched. */
export class RestoreRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestoreRefused';
  }
}

export type RestoreResult = {
  manifest: BackupManifest;
  /** Every table's rows in the restored database. */
  tables: TableCounts;
  photoFiles: number;
  /** Where the data found before the restore now is. */
  movedAside: string[];
  /** Things the owner must do, in sentences (the backup's site used SECRET_KEY). */
  notes: string[];
};

/** `20261126-031500` (UTC): when the data found was moved aside. */
const stampOf = (date: Date) =>
  date.toISOString().slice(0, 19).replaceAll('-', '').replaceAll(':', '').replace('T', '-');

export async function restoreBackup(config: Config, file: string): Promise<RestoreResult> {
  const kind = config.databaseUrl ? 'postgres' : 'pglite';
  const stopTheServer = `A server is running on this site's data (${path.resolve(config.dataDir)}): stop it first (for example: sudo systemctl stop the-tower), then restore.`;
  if ((await askServer(config.dataDir, 'ping').catch(() => undefined)) !== undefined) {
    throw new RestoreRefused(stopTheServer);
  }
  let releaseLock: (() => Promise<void>) | undefined;
  if (kind === 'pglite') {
    try {
      releaseLock = await lockDataDir(config.dataDir);
    } catch (error) {
      if (error instanceof DataDirLockedError) throw new RestoreRefused(stopTheServer);
      throw error;
    }
  }
  try {
    if (config.databaseUrl && (await tablesIn(config.databaseUrl)) > 0) {
      throw new RestoreRefused(
        'The database DATABASE_URL names is not empty: create a new, empty database (for example: createdb thetower_restored), point DATABASE_URL at it, and restore again.',
      );
    }

    // The whole file is read and checked against its manifest before anything is moved.
    let databaseBytes: Uint8Array | undefined;
    const manifest = await readArchive(path.resolve(file), (name, bytes) => {
      if (name === PART.pgliteDump || name === PART.postgresDump) databaseBytes = bytes;
    });
    if (manifest.database.kind !== kind) {
      throw new RestoreRefused(
        manifest.database.kind === 'pglite'
          ? 'This backup is of the embedded database: unset DATABASE_URL to restore it.'
          : 'This backup is of a PostgreSQL database: set DATABASE_URL to a new, empty database to restore it into.',
      );
    }

    const stamp = stampOf(new Date());
    const movedAside: string[] = [];
    const moveAside = async (target: string) => {
      if (!existsSync(target)) return;
      const aside = `${target}.before-restore-${stamp}`;
      await rename(target, aside);
      movedAside.push(aside);
    };
    const databaseDir = path.resolve(config.dataDir, 'pglite');
    const keyFile = path.resolve(config.dataDir, KEY_FILE_NAME);
    const mediaDir = path.resolve(config.mediaDir);
    if (kind === 'pglite') await moveAside(databaseDir);
    if (manifest.secretKey === 'file') await moveAside(keyFile);
    await moveAside(mediaDir);

    let tables: TableCounts;
    if (kind === 'pglite') {
      const database = await loadPglite(databaseBytes!, config.dataDir);
      try {
        tables = await countPglite(database);
      } finally {
        await database.close();
      }
    } else {
      const scratch = await mkdtemp(path.join(tmpdir(), 'tower-restore-'));
      try {
        const dumpFile = path.join(scratch, 'postgres.dump');
        await writeFile(dumpFile, databaseBytes!, { mode: 0o600 });
        tables = await restorePostgres(dumpFile, config.databaseUrl!);
      } finally {
        await rm(scratch, { recursive: true, force: true });
      }
    }

    let photoFiles = 0;
    await readArchive(path.resolve(file), async (name, bytes) => {
      if (name === PART.keyFile) await writePart(keyFile, bytes, 0o600);
      if (name.startsWith(PART.mediaPrefix)) {
        await writePart(path.join(mediaDir, ...name.slice(PART.mediaPrefix.length).split('/')), bytes);
        photoFiles++;
      }
    });

    const difference = countsDifference(manifest.tables, tables);
    if (difference) throw new Error(`The restored database is not what was backed up: ${difference}.`);
    const notes =
      manifest.secretKey === 'env' && !config.secretKey
        ? [
            'The backed-up site used SECRET_KEY: set the same SECRET_KEY before starting the server, or the stored e-mail password and two-step sign-in cannot be read.',
          ]
        : [];
    return { manifest, tables, photoFiles, movedAside, notes };
  } finally {
    await releaseLock?.();
  }
}

/** What the command prints: the backup's time and version, then every table's rows and the photo files. */
export function describeRestore(result: RestoreResult): string {
  const { manifest } = result;
  const taken = `${manifest.createdAt.slice(0, 10)} ${manifest.createdAt.slice(11, 16)} UTC`;
  const rows = Object.entries(result.tables)
    .map(([table, n]) => `  ${table.replace(/^public\./, '')}: ${n}`)
    .join('\n');
  return [
    `Restored the backup taken on ${taken} by version ${manifest.appVersion} of the site:`,
    rows,
    `  photo files: ${result.photoFiles}`,
    result.movedAside.length > 0
      ? `The data found before the restore was moved aside, not deleted: ${result.movedAside.join(', ')}`
      : 'There was no data to move aside.',
    ...result.notes,
    'Start the server: it upgrades the restored database if this version needs it.',
  ].join('\n');
}
