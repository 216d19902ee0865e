import { execFile } from 'node:child_process';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { BackupSummary } from '../../domain/api/backups.ts';
import { formatBytes } from '../../domain/format.ts';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { KEY_FILE_NAME } from '../settings/secret-box.ts';
import { APP_VERSION } from '../version.ts';
import {
  type ArchivePart,
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  type BackupManifest,
  PART,
  readArchive,
  type TableCounts,
  writeArchive,
} from './archive.ts';
import {
  countInScratchPostgres,
  countPglite,
  countsDifference,
  dumpDatabase,
  loadPglite,
} from './database-copy.ts';

/**
 * The site's backups (docs/decisions/022-backups.md): take one (database, photos, key file, in one file in
 * BACKUP_DIR), check it by restoring it into a scratch database and comparing every table's rows, keep the
 * BACKUP_KEEP newest, then run BACKUP_COMMAND with its path. The daily job (jobs/registry.ts), `npm run backup`
 * and the System view's list all come through here.
 */

/** What a backup's run did, in a sentence for the owner; `step` says which step failed. */
export type BackupOutcome =
  | { ok: true; file: string; size: number; message: string }
  | { ok: false; step: 'backup' | 'check' | 'copy'; file: string | undefined; message: string };

export type Backups = {
  /** Takes, checks, prunes and copies; never throws (a failure is an outcome that says which step failed). */
  take(): Promise<BackupOutcome>;
  /** The backups in BACKUP_DIR, newest first, each with whether its check went well. */
  list(): Promise<BackupSummary[]>;
  /** The path of the listed backup named `name`; undefined for any other name. */
  fileOf(name: string): Promise<string | undefined>;
};

/** A backup's file name: `tower-backup-20261126-030000Z.tar` (UTC), a suffix when two fall in one second. */
export const BACKUP_NAME = /^tower-backup-(\d{8})-(\d{6})Z(?:-(\d+))?\.tar$/;
/** What the check found, beside the backup: `<name>.check.json`. */
const CHECK_SUFFIX = '.check.json';

type CheckRecord = { takenAt: string; checkedAt: string; verified: boolean; problem: string | null };

const run = promisify(execFile);
/** An off-site copy may be slow; one that hangs for longer is reported as failed. */
const COMMAND_TIMEOUT_MS = 60 * 60_000;

function stampOf(date: Date): string {
  const iso = date.toISOString(); // 2026-11-26T03:00:00.000Z
  return `${iso.slice(0, 10).replaceAll('-', '')}-${iso.slice(11, 19).replaceAll(':', '')}Z`;
}

function timeOfName(name: string): string | undefined {
  const match = BACKUP_NAME.exec(name);
  if (!match) return undefined;
  const [, day, time] = match as unknown as [string, string, string];
  return `${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6)}T${time.slice(0, 2)}:${time.slice(2, 4)}:${time.slice(4)}.000Z`;
}

/** Every file under `dir` (none when it does not exist), as paths relative to it with '/' separators. */
async function filesUnder(dir: string): Promise<{ relative: string; file: string; size: number }[]> {
  let entries: import('node:fs').Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true, recursive: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const files = [];
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    files.push({
      relative: path.relative(dir, file).split(path.sep).join('/'),
      file,
      size: (await stat(file)).size,
    });
  }
  return files.sort((a, b) => a.relative.localeCompare(b.relative));
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return false;
      throw error;
    },
  );
}

const words = (error: unknown) => (error instanceof Error ? error.message : String(error)).replace(/\.$/, '');

export function createBackups(deps: { config: Config; database: Database; clock: Clock }): Backups {
  const { config, database, clock } = deps;
  const dir = path.resolve(config.backupDir);
  /** The PostgreSQL database the pool is connected to (DATABASE_URL), for pg_dump and the scratch database. */
  const databaseUrl = database.pool?.options.connectionString ?? config.databaseUrl;

  /** The next free name for a backup taken now. */
  async function newName(now: Date): Promise<string> {
    const stamp = stampOf(now);
    for (let n = 0; ; n++) {
      const name = `tower-backup-${stamp}${n === 0 ? '' : `-${n}`}.tar`;
      if (!(await exists(path.join(dir, name))) && !(await exists(path.join(dir, `${name}.partial`))))
        return name;
    }
  }

  /** Writes the backup: the database's copy, the photos, the key file, the manifest. */
  async function write(file: string): Promise<BackupManifest> {
    const createdAt = clock.now();
    const postgresFile = `${file}.pgdump.partial`;
    try {
      const dump = await dumpDatabase(database, { databaseUrl, postgresFile });
      const parts: ArchivePart[] = [];
      const databasePart = dump.kind === 'pglite' ? PART.pgliteDump : PART.postgresDump;
      if (dump.kind === 'pglite') parts.push({ name: databasePart, bytes: dump.bytes });
      else parts.push({ name: databasePart, file: dump.file, size: (await stat(dump.file)).size });
      let secretKey: BackupManifest['secretKey'] = config.secretKey ? 'env' : 'none';
      const keyFile = path.resolve(config.dataDir, KEY_FILE_NAME);
      if (!config.secretKey && (await exists(keyFile))) {
        parts.push({ name: PART.keyFile, bytes: await readFile(keyFile) });
        secretKey = 'file';
      }
      for (const media of await filesUnder(config.mediaDir)) {
        parts.push({ name: `${PART.mediaPrefix}${media.relative}`, file: media.file, size: media.size });
      }
      return await writeArchive(file, parts, {
        format: BACKUP_FORMAT,
        formatVersion: BACKUP_FORMAT_VERSION,
        createdAt: createdAt.toISOString(),
        appVersion: APP_VERSION,
        database: { kind: dump.kind, part: databasePart },
        tables: dump.tables,
        secretKey,
      });
    } finally {
      await rm(postgresFile, { force: true });
    }
  }

  async function record(name: string, takenAt: Date, problem: string | undefined): Promise<void> {
    const checked: CheckRecord = {
      takenAt: takenAt.toISOString(),
      checkedAt: clock.now().toISOString(),
      verified: problem === undefined,
      problem: problem ?? null,
    };
    await writeFile(path.join(dir, `${name}${CHECK_SUFFIX}`), `${JSON.stringify(checked)}\n`, {
      mode: 0o600,
    });
  }

  /** Keeps the BACKUP_KEEP newest backups (and their check records); run only after a checked one. */
  async function prune(): Promise<void> {
    const names = (await readdir(dir)).filter((name) => BACKUP_NAME.test(name)).sort(byNewest);
    for (const name of names.slice(config.backup.keep)) {
      await rm(path.join(dir, name), { force: true });
      await rm(path.join(dir, `${name}${CHECK_SUFFIX}`), { force: true });
    }
  }

  /**
   * BACKUP_COMMAND, the owner's own shell line (an off-site copy needs its options and its destination after the
   * file: `rclone copy "$1" remote:`), with the file's path as `$1`, never pasted into the line; a line that does
   * not use `$1` gets it as its last argument (`cp -t /mnt/usb`).
   */
  async function copy(file: string): Promise<string | undefined> {
    const command = config.backup.command;
    if (!command) return undefined;
    const line = /\$(1|\{1\})/.test(command) ? command : `${command} "$1"`;
    try {
      await run('/bin/sh', ['-c', line, 'backup-command', file], {
        timeout: COMMAND_TIMEOUT_MS,
        maxBuffer: 4 * 1024 * 1024,
      });
      return undefined;
    } catch (error) {
      const failure = error as { code?: number | string; signal?: string; stderr?: string };
      const said = String(failure.stderr ?? '')
        .trim()
        .split('\n')
        .slice(-2)
        .join(' ');
      const how =
        failure.signal !== undefined && failure.signal !== null
          ? `was stopped (${failure.signal})`
          : `exited with ${failure.code}`;
      return `BACKUP_COMMAND ${how}${said ? `: ${said}` : ''}`;
    }
  }

  async function take(): Promise<BackupOutcome> {
    const takenAt = clock.now();
    let file: string;
    let manifest: BackupManifest;
    try {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      file = path.join(dir, await newName(takenAt));
      manifest = await write(file);
    } catch (error) {
      return {
        ok: false,
        step: 'backup',
        file: undefined,
        message: `The backup could not be taken: ${words(error)}.`,
      };
    }
    const name = path.basename(file);
    const problem = await checkBackup(file, databaseUrl);
    await record(name, takenAt, problem).catch(() => undefined);
    if (problem) {
      return {
        ok: false,
        step: 'check',
        file,
        message: `The backup ${name} was taken, but its check failed: ${problem}.`,
      };
    }
    await prune().catch(() => undefined);
    const { size } = await stat(file);
    const rows = Object.values(manifest.tables).reduce((sum, n) => sum + n, 0);
    const tables = Object.keys(manifest.tables).length;
    const photos = Object.keys(manifest.parts).filter((part) => part.startsWith(PART.mediaPrefix)).length;
    const taken = `Took and checked the backup ${name} (${formatBytes(size)}: ${rows} rows in ${tables} tables, ${photos} ${photos === 1 ? 'photo file' : 'photo files'}).`;
    const copyProblem = await copy(file);
    if (copyProblem) {
      return { ok: false, step: 'copy', file, message: `${taken} But the copy failed: ${copyProblem}.` };
    }
    return {
      ok: true,
      file,
      size,
      message: config.backup.command ? `${taken} BACKUP_COMMAND copied it.` : taken,
    };
  }

  async function list(): Promise<BackupSummary[]> {
    let names: string[];
    try {
      names = (await readdir(dir)).filter((name) => BACKUP_NAME.test(name)).sort(byNewest);
    } catch (error) {
      // No backup yet, or BACKUP_DIR is not a folder (the backup job's failed run says why).
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') return [];
      throw error;
    }
    const summaries: BackupSummary[] = [];
    for (const name of names) {
      const size = await stat(path.join(dir, name)).then(
        (stats) => stats.size,
        () => undefined, // pruned meanwhile
      );
      if (size === undefined) continue;
      const checked = await readFile(path.join(dir, `${name}${CHECK_SUFFIX}`), 'utf8').then(
        (text) => JSON.parse(text) as CheckRecord,
        () => undefined,
      );
      summaries.push({
        name,
        takenAt: checked?.takenAt ?? timeOfName(name)!,
        size,
        verified: checked?.verified ?? false,
        problem: checked ? checked.problem : 'Not checked yet.',
      });
    }
    return summaries;
  }

  return {
    take,
    list,
    async fileOf(name) {
      if (!BACKUP_NAME.test(name)) return undefined;
      const listed = await list();
      return listed.some((backup) => backup.name === name) ? path.join(dir, name) : undefined;
    },
  };
}

/**
 * The check: the file read back whole against its manifest, its database restored into a scratch one, and
 * every table's rows compared with those counted when it was taken. Resolves with the problem, or undefined.
 */
export async function checkBackup(
  file: string,
  databaseUrl: string | undefined,
): Promise<string | undefined> {
  let databaseBytes: Uint8Array | undefined;
  let manifest: BackupManifest;
  try {
    manifest = await readArchive(file, (name, bytes) => {
      if (name === PART.pgliteDump || name === PART.postgresDump) databaseBytes = bytes;
    });
  } catch (error) {
    return words(error);
  }
  if (!databaseBytes) return 'it holds no copy of the database';
  let restored: TableCounts;
  try {
    if (manifest.database.kind === 'pglite') {
      const scratch = await loadPglite(databaseBytes, undefined);
      try {
        restored = await countPglite(scratch);
      } finally {
        await scratch.close();
      }
    } else {
      const dumpFile = `${file}.check.partial`;
      await writeFile(dumpFile, databaseBytes, { mode: 0o600 });
      try {
        restored = await countInScratchPostgres(dumpFile, databaseUrl ?? '');
      } finally {
        await rm(dumpFile, { force: true });
      }
    }
  } catch (error) {
    return `its database could not be restored into a scratch database: ${words(error)}`;
  }
  const difference = countsDifference(manifest.tables, restored);
  return difference ? `the restored copy differs: ${difference}` : undefined;
}

/** Newest first: the names sort by their UTC time, then their suffix. */
function byNewest(a: string, b: string): number {
  const key = (name: string) => {
    const match = BACKUP_NAME.exec(name)!;
    return `${match[1]}${match[2]}${String(Number(match[3] ?? 0)).padStart(6, '0')}`;
  };
  return key(b).localeCompare(key(a));
}
