import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, settings } from '../db/schema.ts';
import { expectOwnerOnly, expectRefusal } from '../test/refusal.ts';
import { createSmtpTestApp } from '../test/smtp-test-app.ts';
import { SMTP_AUTH_REJECTION, type SmtpTestServer } from '../test/smtp-test-server.ts';
import { adminToken, createTestApp, TEST_ADMIN, type TestApp } from '../test/test-app.ts';
import { SMTP_PASSWORD_SETTING } from './smtp-settings.ts';

let smtp: SmtpTestServer;
let t: TestApp;
let close: () => Promise<void>;
let token: string;

beforeAll(async () => {
  ({ smtp, t, close } = await createSmtpTestApp());
  token = await adminToken(t.app);
});

afterAll(async () => {
  await close?.();
});

const auth = () => ({ authorization: `Bearer ${token}` });
const setPassword = (password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/set-email-password',
    headers: auth(),
    payload: { password },
  });
const emailStatus = () => t.app.inject({ method: 'GET', url: '/api/admin/email-status', headers: auth() });

describe('GET /api/admin/email-status', () => {
  it('answers 401 without an admin token', async () => {
    await expectOwnerOnly(t.app, { method: 'GET', url: '/api/admin/email-status' });
  });

  it('reports the sending account, not configured, before a password is set', async () => {
    const response = await emailStatus();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ configured: false, email: smtp.user, mailServer: true });
  });
});

describe('POST /api/admin/set-email-password', () => {
  it('answers 401 without an admin token', async () => {
    await expectOwnerOnly(t.app, {
      method: 'POST',
      url: '/api/admin/set-email-password',
      payload: { password: smtp.password },
    });
  });

  it('answers 400 "Please enter the email password" for a blank password', async () => {
    const response = await setPassword('   ');
    expectRefusal(response, 400, { error: 'password_required', message: 'Please enter the email password' });
  });

  it("answers smtp_login_failed with the mail server's own message for a wrong password, and saves nothing", async () => {
    const refusedBefore = smtp.refusedLogins;
    const response = await setPassword('not-the-password');
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('smtp_login_failed');
    expect(response.json().message).toContain(SMTP_AUTH_REJECTION);
    expect(response.json().message).toMatch(
      /^The mail server refused the login: .*Authentication credentials invalid/,
    );
    expect(smtp.refusedLogins).toBe(refusedBefore + 1);
    expect((await emailStatus()).json()).toEqual({ configured: false, email: smtp.user, mailServer: true });
    const stored = await t.database.db.select().from(settings).where(eq(settings.key, SMTP_PASSWORD_SETTING));
    expect(stored).toEqual([]);
  });

  it('answers 502 smtp_login_failed when the mail server cannot be reached, and saves nothing', async () => {
    await smtp.stop();
    try {
      const response = await setPassword(smtp.password);
      expect(response.statusCode).toBe(502);
      expect(response.json().error).toBe('smtp_login_failed');
      expect(response.json().message).toMatch(/ECONNREFUSED|connect/i);
      expect(response.json().message).toMatch(/^Could not connect to the mail server: .*ECONNREFUSED/);
    } finally {
      await smtp.start();
    }
    expect((await emailStatus()).json().configured).toBe(false);
  });

  it('logs in with the right password, stores it encrypted, never returns it, and reports configured', async () => {
    const response = await setPassword(`  ${smtp.password}  `);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ configured: true, email: smtp.user, mailServer: true });
    expect(response.body).not.toContain(smtp.password);

    expect((await emailStatus()).json()).toEqual({ configured: true, email: smtp.user, mailServer: true });

    const [stored] = await t.database.db
      .select()
      .from(settings)
      .where(eq(settings.key, SMTP_PASSWORD_SETTING));
    expect(stored!.value).toMatchObject({ v: 1, alg: 'aes-256-gcm' });
    expect(JSON.stringify(stored!.value)).not.toContain(smtp.password);
    expect(JSON.stringify(stored!.value)).not.toContain(Buffer.from(smtp.password).toString('base64'));

    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'email.password_set'));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actor).toBe(TEST_ADMIN.username);
    expect(JSON.stringify(audit[0]!.details)).not.toContain(smtp.password);
  });

  it('keeps the working password when a later attempt is refused', async () => {
    const response = await setPassword('another-wrong-password');
    expect(response.statusCode).toBe(400);
    expect((await emailStatus()).json().configured).toBe(true);
  });
});

describe('POST /api/admin/set-email-password without a mail server configured', () => {
  it('answers 409 smtp_not_configured and saves nothing', async () => {
    const bare = await createTestApp();
    try {
      const headers = { authorization: `Bearer ${await adminToken(bare.app)}` };
      const response = await bare.app.inject({
        method: 'POST',
        url: '/api/admin/set-email-password',
        headers,
        payload: { password: 'whatever-it-is' },
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toBe('smtp_not_configured');
      const status = await bare.app.inject({ method: 'GET', url: '/api/admin/email-status', headers });
      expect(status.json()).toEqual({ configured: false, email: null, mailServer: false });
    } finally {
      await bare.close();
    }
  });
});
