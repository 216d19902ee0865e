import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settings } from '../db/schema.ts';
import { expectOwnerOnly, expectRefusal } from '../test/refusal.ts';
import { smtpEnv } from '../test/smtp-test-app.ts';
import { SMTP_AUTH_REJECTION, type SmtpTestServer, startSmtpTestServer } from '../test/smtp-test-server.ts';
import { adminToken, createTestApp, type TestApp } from '../test/test-app.ts';
import { createEmailNotifications } from './notifications.ts';
import { SMTP_PASSWORD_SETTING, SMTP_SERVER_SETTING } from './smtp-settings.ts';
import { insertConfirmedStay } from './stay-fixture.ts';

/**
 * The mail server entered in the Email tab (docs/decisions/024-settings-in-the-admin.md): a login with nodemailer's
 * verify against a real SMTP server on loopback before anything is stored, the password sealed and never sent
 * back, and the next e-mail sent through it with no restart. The app starts with no mail server in its
 * environment.
 */

const SECRET_KEY = 'a-test-secret-key-of-at-least-32-characters';
let first: SmtpTestServer;
let second: SmtpTestServer;
let t: TestApp;

beforeAll(async () => {
  first = await startSmtpTestServer();
  second = await startSmtpTestServer({ user: 'lettings@example.test', password: 'second-app-password-77' });
  t = await createTestApp({ env: { SECRET_KEY, OWNER_EMAIL: 'owner@example.test' } });
});

afterAll(async () => {
  await t?.close();
  await first?.stop();
  await second?.stop();
});

const headers = async () => ({ authorization: `Bearer ${await adminToken(t.app)}` });
const view = async () =>
  t.app.inject({ method: 'GET', url: '/api/admin/settings/mail-server', headers: await headers() });
const save = async (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: '/api/admin/settings/mail-server', headers: await headers(), payload });
const formFor = (smtp: SmtpTestServer, password?: string) => ({
  host: '127.0.0.1',
  port: smtp.port,
  security: 'starttls',
  user: smtp.user,
  ...(password === undefined ? {} : { password }),
});
const storedRows = () =>
  t.database.db
    .select()
    .from(settings)
    .where(inArray(settings.key, [SMTP_SERVER_SETTING, SMTP_PASSWORD_SETTING]));
/** A guest's confirmation and the owner's notice, queued as a confirmed booking queues them. */
async function confirmStay(contactEmail: string, checkIn: string, checkOut: string) {
  const notifications = createEmailNotifications(t.config, { clock: t.clock });
  await t.database.db.transaction(async (tx) => {
    const stay = await insertConfirmedStay(tx, { contactEmail, checkIn, checkOut });
    await notifications.bookingConfirmed(tx, stay.id);
  });
}
const receivedBy = (smtp: SmtpTestServer, address: string) =>
  smtp.received.filter((message) => message.envelopeTo.includes(address));

describe('GET /api/admin/settings/mail-server', () => {
  it('answers 401 without the owner’s session', async () => {
    await expectOwnerOnly(t.app, { method: 'GET', url: '/api/admin/settings/mail-server' });
  });

  it('shows no mail server and no password before any is entered', async () => {
    const response = await view();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      host: null,
      port: 587,
      security: 'starttls',
      user: null,
      passwordSet: false,
      fromEnvironment: [],
    });
  });
});

describe('PUT /api/admin/settings/mail-server', () => {
  it('answers 401 without the owner’s session', async () => {
    await expectOwnerOnly(t.app, {
      method: 'PUT',
      url: '/api/admin/settings/mail-server',
      payload: formFor(first, first.password),
    });
  });

  it('refuses a form it cannot use with invalid_input and a sentence', async () => {
    const response = await save({ ...formFor(first, first.password), host: '', port: 70000 });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('invalid_input');
    expect(response.json().message).toContain('Enter the mail server’s address, such as smtp.gmail.com.');
    expect(response.json().message).toContain('port must be a whole number from 1 to 65535');
  });

  it('asks for the password while none is stored', async () => {
    const response = await save(formFor(first));
    expectRefusal(response, 400, { error: 'password_required', message: 'Please enter the email password' });
  });

  it('refuses a wrong password with the mail server’s own words, and stores nothing', async () => {
    const refused = first.refusedLogins;
    const response = await save(formFor(first, 'not-the-password'));
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('smtp_login_failed');
    expect(response.json().message).toMatch(/^The mail server refused the login: /);
    expect(response.json().message).toContain(SMTP_AUTH_REJECTION);
    expect(first.refusedLogins).toBe(refused + 1);
    expect(await storedRows()).toEqual([]);
    expect((await view()).json()).toMatchObject({ host: null, passwordSet: false });
  });

  it('says so when the mail server cannot be reached, and stores nothing', async () => {
    await second.stop();
    try {
      const response = await save(formFor(second, second.password));
      expect(response.statusCode).toBe(502);
      expect(response.json().error).toBe('smtp_login_failed');
      expect(response.json().message).toMatch(/^Could not connect to the mail server/);
    } finally {
      await second.start();
    }
    expect(await storedRows()).toEqual([]);
  });

  it('stores a mail server that accepts the login, the password sealed and never shown', async () => {
    const response = await save(formFor(first, first.password));
    expect(response.statusCode, response.body).toBe(200);
    const expected = {
      host: '127.0.0.1',
      port: first.port,
      security: 'starttls',
      user: first.user,
      passwordSet: true,
      fromEnvironment: [],
    };
    expect(response.json()).toEqual(expected);
    expect((await view()).json()).toEqual(expected);
    expect(response.body).not.toContain(first.password);
    const [password] = await t.database.db
      .select()
      .from(settings)
      .where(eq(settings.key, SMTP_PASSWORD_SETTING));
    const sealed = JSON.stringify(password?.value);
    expect(sealed).not.toContain(first.password);
    expect(sealed).not.toContain(Buffer.from(first.password).toString('base64'));
    const status = await t.app.inject({
      method: 'GET',
      url: '/api/admin/email-status',
      headers: await headers(),
    });
    expect(status.json()).toEqual({ configured: true, email: first.user, mailServer: true });
  });

  it('sends the next e-mail through it, without a restart', async () => {
    await confirmStay('first@example.test', '2027-02-01', '2027-02-04');
    expect(await t.app.jobs.run('email-outbox')).toMatchObject({ status: 'done', sent: 2 });
    expect(receivedBy(first, 'first@example.test')).toHaveLength(1);
  });

  it('moves the next e-mail to another mail server as soon as it is saved', async () => {
    const response = await save(formFor(second, second.password));
    expect(response.statusCode, response.body).toBe(200);
    await confirmStay('second@example.test', '2027-03-01', '2027-03-04');
    expect(await t.app.jobs.run('email-outbox')).toMatchObject({ status: 'done', sent: 2 });
    expect(receivedBy(second, 'second@example.test')).toHaveLength(1);
    expect(receivedBy(first, 'second@example.test')).toHaveLength(0);
    expect(receivedBy(second, 'second@example.test')[0]?.email.from?.address).toBe(second.user);
  });

  it('keeps the stored password when the form leaves it blank, after logging in with it', async () => {
    const response = await save({ ...formFor(second), password: '' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().passwordSet).toBe(true);
  });
});

describe('a mail server the environment sets', () => {
  it('wins over the form, field by field, and the admin is told which', async () => {
    const withEnv = await createTestApp({ env: { ...smtpEnv(first), SECRET_KEY } });
    try {
      const auth = { authorization: `Bearer ${await adminToken(withEnv.app)}` };
      const shown = await withEnv.app.inject({
        method: 'GET',
        url: '/api/admin/settings/mail-server',
        headers: auth,
      });
      expect(shown.json()).toEqual({
        host: '127.0.0.1',
        port: first.port,
        security: 'starttls',
        user: first.user,
        passwordSet: false,
        fromEnvironment: ['host', 'port', 'user'],
      });
      // The form names another server; the environment's is the one logged in to and used.
      const saved = await withEnv.app.inject({
        method: 'PUT',
        url: '/api/admin/settings/mail-server',
        headers: auth,
        payload: {
          host: 'smtp.elsewhere.example',
          port: 2525,
          security: 'starttls',
          user: 'x@y.example',
          password: first.password,
        },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toMatchObject({
        host: '127.0.0.1',
        port: first.port,
        user: first.user,
        passwordSet: true,
      });
    } finally {
      await withEnv.close();
    }
  });
});
