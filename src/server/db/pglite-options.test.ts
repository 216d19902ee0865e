import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, migrateDatabase, openDatabase } from './database.ts';
import { installedPgliteVersion, TEMPLATE_MARK, templatePath } from './pglite-options.ts';
import { properties } from './schema.ts';
import { seedProperty } from './seed.ts';

// The embedded database is opened with less memory than PGlite's defaults and a new one starts from a committed
// template instead of initdb (docs/decisions/011-pglite-memory.md). `npm run bench:memory` measures the effect;
// these tests hold what it relies on.

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'tower-pglite-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

async function databaseMark(database: Database): Promise<string | null> {
  const result = await database.db.execute<{ mark: string | null }>(
    sql`select shobj_description(oid, 'pg_database') as mark from pg_database where datname = 'postgres'`,
  );
  return (result as unknown as { rows: { mark: string | null }[] }).rows[0]!.mark;
}

async function setting(database: Database, name: 'shared_buffers'): Promise<string> {
  const result = await database.db.execute(sql.raw(`show ${name}`));
  return (result as unknown as { rows: Record<string, string>[] }).rows[0]![name]!;
}

describe('the embedded database', () => {
  it('has a template made by the installed PGlite (else: npm run db:template)', async () => {
    const version = await installedPgliteVersion();
    expect(existsSync(templatePath(version)), `no template for PGlite ${version}`).toBe(true);
  });

  it('makes a new data directory from the template, with 16 MB of shared buffers, and keeps it across restarts', async () => {
    const first = await openDatabase({ dataDir });
    try {
      expect(await databaseMark(first)).toBe(TEMPLATE_MARK);
      expect(await setting(first, 'shared_buffers')).toBe('16MB');
      await migrateDatabase(first);
      await seedProperty(first.db);
    } finally {
      await first.close();
    }
    expect(await readdir(path.join(dataDir, 'pglite'))).toContain('PG_VERSION');

    const again = await openDatabase({ dataDir });
    try {
      expect(await setting(again, 'shared_buffers')).toBe('16MB');
      expect(await again.db.select({ id: properties.id }).from(properties)).toEqual([{ id: 1 }]);
    } finally {
      await again.close();
    }
  });
});
