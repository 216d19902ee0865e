import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payForStay } from '../test/paid-booking.ts';
import { START_DEADLINE_MS, startServer, stopServers, waitForHealth } from '../test/server-process.ts';
import { type SmtpTestServer, startSmtpTestServer } from '../test/smtp-test-server.ts';
import { createEmptyPostgresDatabase } from '../test/test-app.ts';
import { readArchive } from './archive.ts';

/**
 * The owner's drill, with real processes (docs/decisions/022-backups.md): a site with bookings, a rate-plan
 * change, a photo and an e-mail waiting in the outbox → `npm run backup` while it serves → the server killed
 * (SIGKILL) and its data directory deleted → `npm run restore` → start: every row and the photo's files are back,
 * and the waiting e-mail is sent, once. On PGlite, or on PostgreSQL with TEST_DATABASE_URL (restored into a new,
 * empty database).
 */

const run = promisify(execFile);
const COMMAND = (name: string) => fileURLToPath(new URL(`./${name}-command.ts`, import.meta.url));
const ADMIN = { username: 'owner', password: 'a drill password for the owner' };
const GUEST = 'ada@example.test';

let root: string;
let smtp: SmtpTestServer;
const drops: (() => Promise<void>)[] = [];

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'tower-drill-'));
  smtp = await startSmtpTestServer();
});
afterAll(async () => {
  await stopServers();
  await smtp?.stop();
  for (const drop of drops) await drop();
  await rm(root, { recursive: true, force: true });
});

/** Every file under `dir` with its SHA-256, by relative path. */
async function filesOf(dir: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    files[path.relative(dir, file)] = createHash('sha256')
      .update(await readFile(file))
      .digest('hex');
  }
  return files;
}

describe('backup and restore, as the owner would after losing the server', () => {
  it(
    'brings back every row, the photo and the waiting e-mail, which is sent once',
    async () => {
      const port = 4700 + Math.floor(Math.random() * 200);
      const base = `http://127.0.0.1:${port}`;
      const dataDir = path.join(root, 'data');
      const env: Record<string, string> = {
        PORT: String(port),
        DATA_DIR: dataDir,
        BACKUP_DIR: path.join(root, 'backups'),
        ADMIN_USERNAME: ADMIN.username,
        ADMIN_PASSWORD: ADMIN.password,
        SITE_EMAIL: 'stay@example.test',
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: String(smtp.port),
        SMTP_USER: smtp.user,
        PAYMENTS: 'demo',
        SYNC_INTERVAL_MINUTES: '0',
        LOG_LEVEL: 'warn',
      };
      if (process.env.TEST_DATABASE_URL) {
        const created = await createEmptyPostgresDatabase(process.env.TEST_DATABASE_URL);
        drops.push(created.drop);
        env.DATABASE_URL = created.url;
      }
      const commandEnv: Record<string, string> = { PATH: process.env.PATH ?? '', NODE_ENV: 'test', ...env };

      let server = startServer(env);
      await waitForHealth(port, server);
      const login = async () => {
        const response = await fetch(`${base}/api/admin/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(ADMIN),
        });
        expect(response.status).toBe(200);
        return ((await response.json()) as { token: string }).token;
      };
      let token = await login();
      const call = async (method: string, url: string, body?: unknown) => {
        const response = await fetch(`${base}${url}`, {
          method,
          headers: {
            authorization: `Bearer ${token}`,
            ...(body === undefined || body instanceof FormData ? {} : { 'content-type': 'application/json' }),
          },
          body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
        });
        const text = await response.text();
        expect(response.status, `${method} ${url}: ${text}`).toBeLessThan(300);
        return text ? JSON.parse(text) : undefined;
      };
      const clock = (advanceMinutes: number) => call('POST', '/api/test/clock', { advanceMinutes });

      // The site: the e-mail password saved (encrypted with the key file), then the mail server goes down.
      await call('POST', '/api/admin/set-email-password', { password: smtp.password });
      await smtp.stop();
      const plan = await call('GET', '/api/admin/rate-plan');
      const { weekendPence, weekendNights, cleaningFeePence, serviceFeePercent, levy } = plan.plan;
      await call('PUT', '/api/admin/rate-plan/base', {
        weekdayPence: 24_500,
        weekendPence,
        weekendNights,
        cleaningFeePence,
        serviceFeePercent,
        levy,
      });
      // A guest's paid booking (its confirmation e-mail queued), and one the owner took by phone.
      await payForStay(
        call,
        { checkInDate: '2027-02-10', checkOutDate: '2027-02-13' },
        { name: 'Ada Guest', email: GUEST },
      );
      await call('POST', '/api/admin/bookings', {
        checkInDate: '2027-03-01',
        checkOutDate: '2027-03-05',
        guestCount: '2',
        contactName: 'Bo Phone',
        contactEmail: 'bo@example.test',
        holdDays: 5,
      });
      await call('POST', '/api/admin/block-dates', {
        propertyId: 1,
        checkInDate: '2027-04-01',
        checkOutDate: '2027-04-03',
        reason: 'Painting',
      });
      const jpeg = await sharp({ create: { width: 1800, height: 1200, channels: 3, background: '#3a6' } })
        .jpeg()
        .toBuffer();
      const form = new FormData();
      form.append('alt', 'The tower at dusk');
      form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'tower.jpg');
      await call('POST', '/api/admin/photos', form);
      const deadline = Date.now() + 60_000;
      while ((await call('GET', '/api/admin/photos')).photos[0].status === 'processing') {
        if (Date.now() > deadline) throw new Error('the photo was not processed within a minute');
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      // The e-mails are tried while the mail server is down: they wait in the outbox.
      await clock(0);
      const outbox = await call('GET', '/api/admin/outbox');
      const waiting = outbox.messages.filter((message: { to: string }) => message.to === GUEST);
      expect(waiting.length).toBeGreaterThan(0);
      expect(smtp.received).toHaveLength(0);

      const before = {
        bookings: await call('GET', '/api/bookings'),
        ratePlan: await call('GET', '/api/admin/rate-plan'),
        photos: await call('GET', '/api/admin/photos'),
        media: await filesOf(path.join(dataDir, 'media')),
      };
      expect(Object.keys(before.media).length).toBeGreaterThan(1);

      // npm run backup, while the server serves.
      const backup = await run(process.execPath, [COMMAND('backup')], { env: commandEnv });
      const file = backup.stdout.trim().split('\n').at(-1)!;
      expect(backup.stdout).toMatch(/^Took and checked the backup tower-backup-\d{8}-\d{6}Z\.tar /);
      expect(path.dirname(file)).toBe(path.join(root, 'backups'));
      const manifest = await readArchive(file);
      expect(manifest.tables['public.stays']).toBe(3);

      // The server is lost, and its data with it.
      server.child.kill('SIGKILL');
      await server.exited;
      await rm(dataDir, { recursive: true, force: true });
      if (env.DATABASE_URL) {
        const created = await createEmptyPostgresDatabase(process.env.TEST_DATABASE_URL!);
        drops.push(created.drop);
        env.DATABASE_URL = created.url;
        commandEnv.DATABASE_URL = created.url;
      }

      const restore = await run(process.execPath, [COMMAND('restore'), file], { env: commandEnv });
      const taken = `${manifest.createdAt.slice(0, 10)} ${manifest.createdAt.slice(11, 16)} UTC`;
      expect(restore.stdout).toContain(
        `Restored the backup taken on ${taken} by version ${manifest.appVersion}`,
      );
      expect(restore.stdout).toContain('  stays: 3\n');
      expect(restore.stdout).toContain(`  photo files: ${Object.keys(before.media).length}\n`);

      await smtp.start();
      server = startServer(env);
      await waitForHealth(port, server);
      token = await login();
      expect(await call('GET', '/api/bookings')).toEqual(before.bookings);
      expect(await call('GET', '/api/admin/rate-plan')).toEqual(before.ratePlan);
      expect(await call('GET', '/api/admin/photos')).toEqual(before.photos);
      expect(await filesOf(path.join(dataDir, 'media'))).toEqual(before.media);

      // The waiting e-mails are sent once their retry is due, with the restored key's password: once each.
      const toGuest = () => smtp.received.filter((message) => message.envelopeTo.includes(GUEST));
      await clock(10);
      expect(toGuest()).toHaveLength(waiting.length);
      expect((await call('GET', '/api/admin/outbox')).queued).toBe(0);
      await clock(120);
      expect(toGuest()).toHaveLength(waiting.length);
    },
    6 * START_DEADLINE_MS,
  );
});
