import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import pg from 'pg';
import { type Database, openDatabase } from '../db/database.ts';
import type { TableCounts } from './archive.ts';

/**
 * The database's part of a backup (docs/decisions/022-backups.md): a consistent copy with the row count of every
 * table at the moment of the copy, loading a copy somewhere else (the check's scratch database, a restore), and
 * counting its rows. The embedded database is copied with PGlite's own dump of its data directory, PostgreSQL
 * with pg_dump's custom format.
 */

const run = promisify(execFile);
/** pg_dump and pg_restore may take a while on a big database; their output is only their error messages. */
const PG_TOOL_OPTIONS = { maxBuffer: 16 * 1024 * 1024, timeout: 60 * 60_000 };

type Query = (sql: string) => Promise<Record<string, unknown>[]>;

const quote = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;

/** Every table's rows (the migrations' own table included), by `schema.table`. */
export async function countRows(query: Query): Promise<TableCounts> {
  const tables = await query(
    `select table_schema as schema, table_name as name from information_schema.tables
     where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
     order by table_schema, table_name`,
  );
  const counts: TableCounts = {};
  for (const { schema, name } of tables as { schema: string; name: string }[]) {
    const [row] = await query(`select count(*)::int as n from ${quote(schema)}.${quote(name)}`);
    counts[`${schema}.${name}`] = Number(row?.n);
  }
  return counts;
}

export const sameCounts = (a: TableCounts, b: TableCounts) =>
  JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

/** The first table whose rows differ, in words ("stays: 12 in the backup, 11 restored"); undefined when none. */
export function countsDifference(expected: TableCounts, found: TableCounts): string | undefined {
  for (const table of new Set([...Object.keys(expected), ...Object.keys(found)])) {
    if (expected[table] !== found[table]) {
      return `${table} has ${expected[table] ?? 'no'} rows in the backup but ${found[table] ?? 'no table'} restored`;
    }
  }
  return undefined;
}

const pgliteQuery =
  (database: Database): Query =>
  async (sql) =>
    (await database.pglite!.query<Record<string, unknown>>(sql)).rows;

/**
 * The embedded database's dump (a gzipped tar of its data directory) and the rows it holds. PGlite dumps between
 * two statements, never during one; the counts are read just before and just after, and a dump whose counts
 * differ (a write came in between) is taken again.
 */
async function dumpPglite(database: Database): Promise<{ bytes: Uint8Array; tables: TableCounts }> {
  const query = pgliteQuery(database);
  for (let attempt = 0; ; attempt++) {
    const before = await countRows(query);
    const dump = await database.pglite!.dumpDataDir('gzip');
    const after = await countRows(query);
    if (sameCounts(before, after)) return { bytes: new Uint8Array(await dump.arrayBuffer()), tables: before };
    if (attempt === 4)
      throw new Error('the database kept changing while it was copied; the next run tries again');
  }
}

/**
 * PostgreSQL's dump in pg_dump's custom format, written to `file`, and the rows it holds: the counts are read in
 * a repeatable-read transaction whose snapshot pg_dump is given, so both see the same moment.
 */
async function dumpPostgres(databaseUrl: string, file: string): Promise<TableCounts> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const { rows } = await client.query<{ id: string }>('select pg_export_snapshot() as id');
    const tables = await countRows(async (sql) => (await client.query(sql)).rows);
    await pgTool('pg_dump', databaseUrl, [
      '--format=custom',
      `--snapshot=${rows[0]!.id}`,
      '--no-owner',
      `--file=${file}`,
    ]);
    await client.query('commit');
    return tables;
  } finally {
    await client.end();
  }
}

export type DatabaseDump =
  | { kind: 'pglite'; bytes: Uint8Array; tables: TableCounts }
  | { kind: 'postgres'; file: string; tables: TableCounts };

/** A consistent copy of the running database; `postgresFile` is where pg_dump writes it. */
export async function dumpDatabase(
  database: Database,
  options: { databaseUrl: string | undefined; postgresFile: string },
): Promise<DatabaseDump> {
  if (database.kind === 'pglite') return { kind: 'pglite', ...(await dumpPglite(database)) };
  if (!options.databaseUrl) throw new Error('DATABASE_URL is not set');
  return {
    kind: 'postgres',
    file: options.postgresFile,
    tables: await dumpPostgres(options.databaseUrl, options.postgresFile),
  };
}

/**
 * pg_dump or pg_restore on the database of `url`, whose failure says what they said. The password goes in the
 * environment (PGPASSWORD), not on the command line, where other users of the machine could read it.
 */
async function pgTool(tool: 'pg_dump' | 'pg_restore', url: string, args: string[]): Promise<void> {
  const target = new URL(url);
  const password = decodeURIComponent(target.password);
  target.password = '';
  const env = { ...process.env, ...(password ? { PGPASSWORD: password } : {}) };
  try {
    await run(tool, [...args, `--dbname=${target.toString()}`], { ...PG_TOOL_OPTIONS, env });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error(
        `${tool} is not installed: install PostgreSQL's client tools (on Debian or Ubuntu: sudo apt install postgresql-client)`,
      );
    }
    const stderr = String((error as { stderr?: string }).stderr ?? '').trim();
    throw new Error(`${tool} failed: ${stderr.split('\n').slice(-3).join(' ') || (error as Error).message}`);
  }
}

/** The embedded dump loaded into a PGlite: in memory (`dataDir` undefined, the check) or in DATA_DIR (a restore). */
export async function loadPglite(bytes: Uint8Array, dataDir: string | undefined): Promise<Database> {
  return openDatabase({ dataDir, loadDataDir: new Blob([bytes as Uint8Array<ArrayBuffer>]) });
}

export const countPglite = (database: Database) => countRows(pgliteQuery(database));

/** pg_restore of `file` into the database of `url`, which must be empty. */
export async function restorePostgres(file: string, url: string): Promise<TableCounts> {
  // Without owners, privileges or comments: the site's user restores into its own new database, and may own
  // neither the extension nor the roles of the server the backup came from.
  await pgTool('pg_restore', url, [
    '--no-owner',
    '--no-privileges',
    '--no-comments',
    '--exit-on-error',
    file,
  ]);
  return countPostgres(url);
}

export async function countPostgres(url: string): Promise<TableCounts> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await countRows(async (sql) => (await client.query(sql)).rows);
  } finally {
    await client.end();
  }
}

/** The tables of the database of `url` (none: an empty database, a restore's target). */
export async function tablesIn(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from information_schema.tables
       where table_schema not in ('pg_catalog', 'information_schema')`,
    );
    return rows[0]!.n;
  } finally {
    await client.end();
  }
}

/**
 * The check of a PostgreSQL backup: pg_restore into a new scratch database beside the site's (on the same
 * server, so the site's user needs the right to create databases), its rows counted, then dropped.
 */
export async function countInScratchPostgres(file: string, databaseUrl: string): Promise<TableCounts> {
  const url = new URL(databaseUrl);
  const base = decodeURIComponent(url.pathname.slice(1)) || 'postgres';
  const scratch = `${base.slice(0, 40)}_backup_check_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${quote(scratch)}`);
    try {
      const scratchUrl = new URL(databaseUrl);
      scratchUrl.pathname = `/${encodeURIComponent(scratch)}`;
      return await restorePostgres(file, scratchUrl.toString());
    } finally {
      await admin.query(`drop database if exists ${quote(scratch)} with (force)`);
    }
  } finally {
    await admin.end();
  }
}
