import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAdminAccount } from '../admin-auth/bootstrap.ts';
import { buildApp } from '../app.ts';
import { createManualClock } from '../clock.ts';
import { type Database, migrateDatabase, openDatabase } from '../db/database.ts';
import { seedProperty } from '../db/seed.ts';
import { KEY_FILE_NAME } from '../settings/secret-box.ts';
import { TEMPLATE_DUMP_PATH } from '../test/paths.ts';
import { smtpEnv } from '../test/smtp-test-app.ts';
import { type SmtpTestServer, startSmtpTestServer } from '../test/smtp-test-server.ts';
import { adminToken, TEST_NOW, testConfig } from '../test/test-app.ts';
import { createEmailNotifications } from './notifications.ts';
import { insertConfirmedStay } from './stay-fixture.ts';

/**
 * The SMTP password must not be findable at rest or in the logs. This file runs the production wiring on an
 * embedded database in a real directory (on PostgreSQL runs too: the check is about files on disk), with every
 * log line captured at trace level, then searches every byte for the password.
 */

const PASSWORD = 'Sm7p-Secret-Phrase-4-Tower';
const WRONG_PASSWORD = 'Wrong-Guess-Never-Stored-99';

let smtp: SmtpTestServer;
let dataDir: string;
let logText = '';
const forms = (secret: string) => [
  secret,
  Buffer.from(secret).toString('base64'),
  Buffer.from(`\u0000${'bookings@example.test'}\u0000${secret}`).toString('base64'), // AUTH PLAIN
];

async function openDatabaseIn(dir: string): Promise<Database> {
  if (existsSync(TEMPLATE_DUMP_PATH)) {
    return openDatabase({ dataDir: dir, loadDataDir: new Blob([await readFile(TEMPLATE_DUMP_PATH)]) });
  }
  const database = await openDatabase({ dataDir: dir });
  await migrateDatabase(database);
  await seedProperty(database.db);
  return database;
}

async function allFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

beforeAll(async () => {
  smtp = await startSmtpTestServer({ user: 'bookings@example.test', password: PASSWORD });
  dataDir = await mkdtemp(path.join(tmpdir(), 'tower-email-secrets-'));
  const database = await openDatabaseIn(dataDir);
  const clock = createManualClock(TEST_NOW);
  // No SECRET_KEY: the key file in DATA_DIR is used.
  const config = testConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'trace',
    ...smtpEnv(smtp),
  });
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      chunks.push(String(chunk));
      callback();
    },
  });
  const app = await buildApp({
    config,
    database,
    clock,
    logger: { level: 'trace', stream },
    site: undefined,
  });
  try {
    await app.ready();
    await ensureAdminAccount(database.db, { ...config.admin, dataDir: undefined }, app.log);
    const headers = { authorization: `Bearer ${await adminToken(app)}` };
    const setPassword = (password: string) =>
      app.inject({ method: 'POST', url: '/api/admin/set-email-password', headers, payload: { password } });
    expect((await setPassword(WRONG_PASSWORD)).statusCode).toBe(400);
    expect((await setPassword(PASSWORD)).statusCode).toBe(200);
    // The Email tab's mail server form, refused then accepted (decision 024).
    const form = { host: '127.0.0.1', port: smtp.port, security: 'starttls', user: smtp.user };
    const saveMailServer = (password: string) =>
      app.inject({
        method: 'PUT',
        url: '/api/admin/settings/mail-server',
        headers,
        payload: { ...form, password },
      });
    expect((await saveMailServer(WRONG_PASSWORD)).statusCode).toBe(400);
    expect((await saveMailServer(PASSWORD)).statusCode).toBe(200);
    const notifications = createEmailNotifications(config, { clock });
    await database.db.transaction(async (tx) => {
      const stay = await insertConfirmedStay(tx);
      await notifications.bookingConfirmed(tx, stay.id);
    });
    expect((await app.jobs.run('email-outbox')).sent).toBe(2);
  } finally {
    await app.close();
    await database.close();
  }
  logText = chunks.join('');
});

afterAll(async () => {
  await smtp?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('the stored SMTP password', () => {
  it('is sealed with a key file in DATA_DIR that only the server user can read', async () => {
    const info = await stat(path.join(dataDir, KEY_FILE_NAME));
    expect(info.mode & 0o777).toBe(0o600);
  });

  it('cannot be found in any file of the data directory', async () => {
    const files = await allFiles(dataDir);
    expect(files.length).toBeGreaterThan(10); // the database cluster is really there
    for (const file of files) {
      const bytes = await readFile(file);
      for (const secret of [...forms(PASSWORD), ...forms(WRONG_PASSWORD)]) {
        expect(bytes.includes(Buffer.from(secret)), `${secret} in ${path.relative(dataDir, file)}`).toBe(
          false,
        );
      }
    }
  });

  it('cannot be found in the logs, even at trace level', () => {
    expect(logText).toContain('e-mail sent'); // the logs were captured
    expect(logText).toContain('/api/admin/set-email-password');
    expect(logText).toContain('/api/admin/settings/mail-server');
    for (const secret of [...forms(PASSWORD), ...forms(WRONG_PASSWORD)]) {
      expect(logText.includes(secret), secret).toBe(false);
    }
  });
});
