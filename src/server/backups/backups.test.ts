import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SystemJob, SystemResponse } from '../../domain/api/system.ts';
import { readSystem } from '../system/test-support.ts';
import { expectRefusal } from '../test/refusal.ts';
import { adminToken, createTestApp, type TestApp } from '../test/test-app.ts';
import { PART, readArchive } from './archive.ts';
import { checkBackup } from './backups.ts';

/**
 * The daily backup through the registry (`app.jobs.run('backup')` under the manual clock), its check, BACKUP_KEEP,
 * BACKUP_COMMAND, the System view's list and the admin's download (docs/decisions/022-backups.md). On PGlite, or
 * on PostgreSQL with TEST_DATABASE_URL (pg_dump, and a scratch database for the check).
 */

const DAY = 24 * 60 * 60_000;
const PHOTO = Buffer.from('not really a jpeg, but bytes the backup must keep');
const KEY = 'c2VjcmV0LWtleS1vZi10aGUtdGVzdC1zaXRlLTMyYnl0ZXM=\n';

let root: string;
let t: TestApp;
const dirs = { data: '', media: '', backups: '', copies: '' };

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'tower-backups-'));
  dirs.data = path.join(root, 'data');
  dirs.media = path.join(root, 'data', 'media');
  dirs.backups = path.join(root, 'backups');
  dirs.copies = path.join(root, 'off-site');
  await mkdir(path.join(dirs.media, 'uploads', 'k3y'), { recursive: true });
  await mkdir(dirs.copies);
  await writeFile(path.join(dirs.media, 'uploads', 'k3y', 'original.jpg'), PHOTO);
  await writeFile(path.join(dirs.data, 'secret.key'), KEY, { mode: 0o600 });
  t = await createTestApp({
    env: {
      DATA_DIR: dirs.data,
      BACKUP_DIR: dirs.backups,
      BACKUP_KEEP: '2',
      // The path is the command's last argument.
      BACKUP_COMMAND: `cp -t '${dirs.copies}'`,
    },
  });
  const booking = await t.app.inject({
    method: 'POST',
    url: '/api/admin/bookings',
    headers: await auth(),
    payload: {
      checkInDate: '2026-12-10',
      checkOutDate: '2026-12-13',
      guestCount: '2',
      contactName: 'Ada Guest',
      contactEmail: 'ada@example.test',
      holdDays: 3,
    },
  });
  expect(booking.statusCode, booking.body).toBe(201);
});
afterAll(async () => {
  await t?.close();
  await rm(root, { recursive: true, force: true });
});

/** A fresh session: the tests move the clock by days, past a session's idle limit. */
const auth = async () => ({ authorization: `Bearer ${await adminToken(t.app)}` });

const system = (app = t.app): Promise<SystemResponse> => readSystem(app);

async function backupJob(app = t.app): Promise<SystemJob> {
  return (await system(app)).jobs.find((job) => job.name === 'backup')!;
}

describe('the daily backup', () => {
  it('waits for BACKUP_HOUR (3 AM, Aberdeen time) for its first run, rather than the moment the server starts', async () => {
    expect(await backupJob()).toMatchObject({
      interval: 'Daily at 03:00 (Aberdeen time)',
      lastRun: null,
      nextRunAt: '2026-11-24T03:00:00.000Z',
    });
    expect(await t.app.jobs.runIfDue('backup')).toEqual({ ran: false });
    expect(existsSync(dirs.backups)).toBe(false);
  });

  it('takes one file with the database, the photos and the key file, checks it, copies it with BACKUP_COMMAND, and the System view lists it', async () => {
    t.clock.set('2026-11-24T03:00:00Z');
    const run = await t.app.jobs.runIfDue('backup');
    expect(run.ran).toBe(true);
    const name = 'tower-backup-20261124-030000Z.tar';
    const outcome = run.ran ? run.value : undefined;
    expect(outcome).toMatchObject({ ok: true, file: path.join(dirs.backups, name) });
    expect(outcome?.message).toMatch(
      new RegExp(
        `^Took and checked the backup ${name} \\([\\d.]+ (KB|MB): \\d+ rows in \\d+ tables, 1 photo file\\)\\. BACKUP_COMMAND copied it\\.$`,
      ),
    );

    // One file: the database's copy with every table's rows, the photo and the key, as they were.
    const parts = new Map<string, Buffer>();
    const manifest = await readArchive(path.join(dirs.backups, name), (part, bytes) => {
      parts.set(part, Buffer.from(bytes));
    });
    expect(manifest).toMatchObject({
      format: 'the-tower-backup',
      createdAt: '2026-11-24T03:00:00.000Z',
      database: { kind: t.database.kind },
      secretKey: 'file',
    });
    expect(manifest.tables['public.stays']).toBe(1);
    expect(manifest.tables['drizzle.__drizzle_migrations']).toBeGreaterThan(0);
    expect(parts.get(`${PART.mediaPrefix}uploads/k3y/original.jpg`)).toEqual(PHOTO);
    expect(parts.get(PART.keyFile)?.toString()).toBe(KEY);

    // BACKUP_COMMAND got the file's path: the off-site copy is the same file.
    expect(await readFile(path.join(dirs.copies, name))).toEqual(
      await readFile(path.join(dirs.backups, name)),
    );

    const answer = await system();
    expect(answer.backups).toEqual([
      { name, takenAt: '2026-11-24T03:00:00.000Z', size: expect.any(Number), verified: true, problem: null },
    ]);
    expect(answer.backups[0]!.size).toBeGreaterThan(PHOTO.length);
    expect(answer.jobs.find((job) => job.name === 'backup')).toMatchObject({
      lastRun: { outcome: 'ok', message: outcome?.message },
      nextRunAt: '2026-11-25T03:00:00.000Z',
      consecutiveFailures: 0,
    });
  });

  it('runs once a day at its hour and keeps the BACKUP_KEEP newest', async () => {
    t.clock.set('2026-11-24T12:00:00Z');
    expect(await t.app.jobs.runIfDue('backup')).toEqual({ ran: false });
    for (const day of ['2026-11-25', '2026-11-26']) {
      t.clock.set(`${day}T03:00:30Z`);
      expect(await t.app.jobs.runIfDue('backup')).toMatchObject({ ran: true, value: { ok: true } });
    }
    const names = (await system()).backups.map((backup) => backup.name);
    expect(names).toEqual(['tower-backup-20261126-030030Z.tar', 'tower-backup-20261125-030030Z.tar']);
    expect((await readdir(dirs.backups)).sort()).toEqual(
      names.flatMap((name) => [name, `${name}.check.json`]).sort(),
    );
  });
});

describe("a backup's download", () => {
  const url = (name: string) => `/api/admin/backups/${name}`;

  it('answers 401 without the admin token, and the file itself with it', async () => {
    const [newest] = (await system()).backups;
    expect((await t.app.inject({ method: 'GET', url: url(newest!.name) })).statusCode).toBe(401);
    const response = await t.app.inject({ method: 'GET', url: url(newest!.name), headers: await auth() });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${newest!.name}"`);
    expect(response.rawPayload).toEqual(await readFile(path.join(dirs.backups, newest!.name)));
  });

  it('reads only a backup the server lists: 404 for another name, 400 for anything that is not a backup name', async () => {
    const missing = await t.app.inject({
      method: 'GET',
      url: url('tower-backup-20200101-000000Z.tar'),
      headers: await auth(),
    });
    expectRefusal(missing, 404, {
      error: 'not_found',
      message:
        'There is no backup named tower-backup-20200101-000000Z.tar: the System tab lists those there are.',
    });
    for (const name of [
      '..%2F..%2Fdata%2Fsecret.key',
      '..%2Fdata%2Fsecret.key',
      'tower-backup-20261126-030030Z.tar.check.json',
    ]) {
      const response = await t.app.inject({ method: 'GET', url: url(name), headers: await auth() });
      expect(response.statusCode, name).toBe(400);
      expect(response.json()).toMatchObject({ error: 'invalid_input' });
    }
  });
});

describe('a backup that fails', () => {
  let failing: TestApp;
  let failingRoot: string;
  beforeAll(async () => {
    failingRoot = await mkdtemp(path.join(tmpdir(), 'tower-backups-failing-'));
    failing = await createTestApp({
      env: {
        DATA_DIR: path.join(failingRoot, 'data'),
        BACKUP_DIR: path.join(failingRoot, 'backups'),
        // "$1" is the file: the sentence shows only when the command was given it.
        BACKUP_COMMAND: `test -f "$1" && echo 'the remote refused the copy' >&2; exit 3`,
      },
    });
  });
  afterAll(async () => {
    await failing?.close();
    await rm(failingRoot, { recursive: true, force: true });
  });

  it('is a failed run whose sentence says which step failed: the backup, or the copy', async () => {
    // BACKUP_DIR cannot be made (a file is in the way).
    await writeFile(path.join(failingRoot, 'backups'), 'in the way');
    const notTaken = await failing.app.jobs.run('backup');
    expect(notTaken).toMatchObject({ ok: false, step: 'backup' });
    expect(notTaken.message).toMatch(/^The backup could not be taken: .+\.$/);
    expect(await backupJob(failing.app)).toMatchObject({
      lastRun: { outcome: 'failed', message: notTaken.message },
      consecutiveFailures: 1,
    });

    await rm(path.join(failingRoot, 'backups'));
    failing.clock.advance(DAY);
    const notCopied = await failing.app.jobs.run('backup');
    expect(notCopied).toMatchObject({ ok: false, step: 'copy' });
    expect(notCopied.message).toMatch(
      /^Took and checked the backup tower-backup-20261124-100000Z\.tar \(.+\)\. But the copy failed: BACKUP_COMMAND exited with 3: the remote refused the copy\.$/,
    );
    const answer = await system(failing.app);
    expect(answer.jobs.find((job) => job.name === 'backup')).toMatchObject({
      lastRun: { outcome: 'failed', message: notCopied.message },
      consecutiveFailures: 2,
    });
    // The backup itself is good, and listed as checked.
    expect(answer.backups).toMatchObject([{ name: 'tower-backup-20261124-100000Z.tar', verified: true }]);
  });

  it('finds a file damaged after it was taken, and lists a file it never checked as not checked', async () => {
    const [listed] = (await system(failing.app)).backups;
    const file = path.join(failingRoot, 'backups', listed!.name);
    const bytes = await readFile(file);
    expect(await checkBackup(file, failing.database.pool?.options.connectionString)).toBeUndefined();

    // A byte of the database's copy changed (a failing disk): the check says so.
    const damaged = Buffer.from(bytes);
    damaged[1024] = damaged[1024]! ^ 0xff;
    const damagedFile = path.join(failingRoot, 'damaged.tar');
    await writeFile(damagedFile, damaged);
    expect(await checkBackup(damagedFile, failing.database.pool?.options.connectionString)).toBe(
      `damaged.tar is damaged: ${failing.database.kind === 'pglite' ? PART.pgliteDump : PART.postgresDump} is not what was backed up (its checksum differs)`,
    );

    // A backup copied into BACKUP_DIR by hand has no check yet.
    await writeFile(path.join(failingRoot, 'backups', 'tower-backup-20261125-120000Z.tar'), bytes);
    expect((await system(failing.app)).backups[0]).toEqual({
      name: 'tower-backup-20261125-120000Z.tar',
      takenAt: '2026-11-25T12:00:00.000Z',
      size: bytes.length,
      verified: false,
      problem: 'Not checked yet.',
    });
  });
});
