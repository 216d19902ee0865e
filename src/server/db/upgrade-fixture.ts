import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './database.ts';

/**
 * The schema and rows of each release, which the next release's migrations are tested on
 * (scripts/make-upgrade-fixture.ts writes them; src/server/db/upgrade.test.ts reads them).
 */
export const UPGRADE_FIXTURES_DIR = fileURLToPath(new URL('./upgrade-fixtures', import.meta.url));

export type Query = (sql: string) => Promise<Record<string, unknown>[]>;

/** Plain SQL on either database: PGlite's client, or one of PostgreSQL's pooled connections. */
export function rawQuery(database: Database): Query {
  if (database.pglite) {
    const client = database.pglite;
    return async (sql) => (await client.query<Record<string, unknown>>(sql)).rows;
  }
  const pool = database.pool!;
  return async (sql) => (await pool.query(sql)).rows;
}

/** Runs a fixture file (many statements, no parameters) on an empty database. */
export async function loadUpgradeFixture(database: Database, version: string): Promise<void> {
  const sql = await readFile(path.join(UPGRADE_FIXTURES_DIR, `${version}.sql`), 'utf8');
  if (database.pglite) await database.pglite.exec(sql);
  else await database.pool!.query(sql);
}

export async function publicTables(query: Query): Promise<string[]> {
  const rows = await query(`select tablename from pg_tables where schemaname = 'public' order by tablename`);
  return rows.map((row) => String(row.tablename));
}

/** A table's rows as JSON text (every value as PostgreSQL writes it), in primary-key order. */
export async function tableRowsJson(query: Query, table: string): Promise<string> {
  const keys = await query(
    `select a.attname from pg_index i
       join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
      where i.indrelid = '"${table}"'::regclass and i.indisprimary
      order by array_position(i.indkey::int2[], a.attnum)`,
  );
  const orderBy = keys.length ? keys.map((key) => `"${String(key.attname)}"`).join(', ') : '1';
  const [row] = await query(
    `select coalesce(json_agg(t), '[]')::text as rows from (select * from "${table}" order by ${orderBy}) t`,
  );
  return String(row!.rows);
}
