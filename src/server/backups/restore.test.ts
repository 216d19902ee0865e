import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { packTar } from 'modern-tar';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../config.ts';
import { lockDataDir } from '../db/data-dir-lock.ts';
import { createEmptyPostgresDatabase, createTestApp, type TestApp, testConfig } from '../test/test-app.ts';
import { BackupFileError, readArchive } from './archive.ts';
import { RestoreRefused, restoreBackup } from './restore.ts';

/**
 * `npm run restore`'s work (restore.ts), in this process: what it refuses before touching anything, and a
 * restore into a site's empty place. The whole drill with real server processes is drill.test.ts.
 */

const PHOTO = Buffer.from('the bytes of a photo');
const KEY = 'a2V5LWZpbGUtb2YtdGhlLWJhY2tlZC11cC1zaXRlLTMyYg==\n';

let root: string;
let t: TestApp;
let backup: string;
const dropAfter: (() => Promise<void>)[] = [];

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'tower-restore-'));
  const media = path.join(root, 'site', 'media');
  await mkdir(path.join(media, 'uploads', 'abc'), { recursive: true });
  await writeFile(path.join(media, 'uploads', 'abc', 'hero.avif'), PHOTO);
  await writeFile(path.join(root, 'site', 'secret.key'), KEY);
  t = await createTestApp({
    env: { DATA_DIR: path.join(root, 'site'), BACKUP_DIR: path.join(root, 'backups') },
  });
  const outcome = await t.app.jobs.run('backup');
  if (!outcome.ok) throw new Error(outcome.message);
  backup = outcome.file;
});
afterAll(async () => {
  await t?.close();
  for (const drop of dropAfter) await drop();
  await rm(root, { recursive: true, force: true });
});

/** A place to restore into: a new DATA_DIR with what a running site had (so a refusal can be seen to move nothing). */
async function target(name: string): Promise<{ config: Config; contents: () => Promise<string[]> }> {
  const dataDir = path.join(root, name);
  await mkdir(path.join(dataDir, 'pglite'), { recursive: true });
  await writeFile(path.join(dataDir, 'pglite', 'PG_VERSION'), '17\n');
  await writeFile(path.join(dataDir, 'secret.key'), 'the current key\n');
  await mkdir(path.join(dataDir, 'media'));
  await writeFile(path.join(dataDir, 'media', 'current.jpg'), 'current photo');
  const env: Record<string, string> = { DATA_DIR: dataDir, BACKUP_DIR: path.join(root, 'backups') };
  if (process.env.TEST_DATABASE_URL) {
    const created = await createEmptyPostgresDatabase(process.env.TEST_DATABASE_URL);
    dropAfter.push(created.drop);
    env.DATABASE_URL = created.url;
  }
  return {
    config: testConfig(env),
    // The data directory's lock leaves its owner file behind (data-dir-lock.ts): not the site's data.
    contents: async () =>
      (await readdir(dataDir, { recursive: true })).filter((name) => !name.startsWith('server.lock')).sort(),
  };
}

async function expectRefused(config: Config, file: string, message: string | RegExp): Promise<void> {
  const error = await restoreBackup(config, file).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(Error);
  expect(error instanceof RestoreRefused || error instanceof BackupFileError, String(error)).toBe(true);
  expect((error as Error).message).toMatch(message);
}

describe('npm run restore', () => {
  let release: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await release?.();
    release = undefined;
  });

  it('refuses while a server holds DATA_DIR, and touches nothing', async () => {
    if (process.env.TEST_DATABASE_URL) return; // on PostgreSQL the server holds no lock: the next test's refusal
    const { config, contents } = await target('held');
    const listed = await contents();
    release = await lockDataDir(config.dataDir); // what a running server holds
    await expectRefused(
      config,
      backup,
      /^A server is running on this site's data \(.+held\): stop it first \(for example: sudo systemctl stop the-tower\), then restore\.$/,
    );
    const after = await contents();
    expect(after).toEqual(expect.arrayContaining(listed));
    expect(after.filter((name) => name.includes('before-restore'))).toEqual([]);
  });

  it("on PostgreSQL, refuses a database that is not empty (a running site's)", async () => {
    if (!process.env.TEST_DATABASE_URL) return;
    const config = testConfig({
      DATA_DIR: path.join(root, 'pg-running'),
      DATABASE_URL: t.database.pool!.options.connectionString!,
    });
    await expectRefused(
      config,
      backup,
      /^The database DATABASE_URL names is not empty: create a new, empty database/,
    );
  });

  it('refuses a foreign, truncated or damaged file before touching anything, saying what is wrong', async () => {
    const { config, contents } = await target('refusals');
    const listed = await contents();
    const bytes = await readFile(backup);
    const file = async (name: string, content: Uint8Array | string) => {
      const written = path.join(root, name);
      await writeFile(written, content);
      return written;
    };

    await expectRefused(config, path.join(root, 'nowhere.tar'), /^There is no file .+nowhere\.tar\.$/);
    await expectRefused(
      config,
      await file('notes.txt', 'These are not the backups you are looking for.\n'.repeat(40)),
      'notes.txt is not a backup of this site: it is not an archive the backup command writes.',
    );
    await expectRefused(
      config,
      await file('other.tar', await packTar([{ header: { name: 'photos/cat.jpg', size: 3 }, body: 'cat' }])),
      'other.tar is not a backup of this site: it holds photos/cat.jpg, which no backup holds.',
    );
    await expectRefused(
      config,
      await file('half.tar', bytes.subarray(0, Math.floor(bytes.length / 2))),
      /^half\.tar is (damaged or incomplete: it ends early|not a backup of this site, or is incomplete: it has no manifest)/,
    );
    const damaged = Buffer.from(bytes);
    damaged[2048] = damaged[2048]! ^ 0x01;
    await expectRefused(
      config,
      await file('damaged.tar', damaged),
      /^damaged\.tar is damaged: database\/.+ is not what was backed up \(its checksum differs\)\.$/,
    );
    const manifest = await readArchive(backup);
    const body = JSON.stringify({ ...manifest, format: 'another-app' });
    const foreign = await packTar([
      { header: { name: 'manifest.json', size: Buffer.byteLength(body) }, body },
    ]);
    await expectRefused(
      config,
      await file('foreign.tar', foreign),
      "foreign.tar is not a backup of this site: its manifest is not The Tower's.",
    );

    expect(await contents()).toEqual(listed);
  });

  it('moves the current data aside, restores the database, the photos and the key, and says what it restored', async () => {
    const { config, contents } = await target('restored');
    const manifest = await readArchive(backup);
    const result = await restoreBackup(config, backup);

    expect(result.tables).toEqual(manifest.tables);
    expect(result.photoFiles).toBe(1);
    expect(await readFile(path.join(config.mediaDir, 'uploads', 'abc', 'hero.avif'))).toEqual(PHOTO);
    expect(await readFile(path.join(config.dataDir, 'secret.key'), 'utf8')).toBe(KEY);
    // Nothing deleted: what was there is beside it.
    const aside = result.movedAside.map((moved) => path.relative(config.dataDir, moved));
    const expected = [...(config.databaseUrl ? [] : ['pglite']), 'secret.key', 'media'].map((name) =>
      expect.stringMatching(new RegExp(`^${name}\\.before-restore-\\d{8}-\\d{6}$`)),
    );
    expect(aside).toEqual(expected);
    const listed = await contents();
    expect(listed.filter((name) => name.endsWith('current.jpg'))).toHaveLength(1);
    expect(existsSync(path.join(config.mediaDir, 'current.jpg'))).toBe(false);
  });
});
