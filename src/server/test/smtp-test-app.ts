import { expect } from 'vitest';
import { type SmtpTestServer, startSmtpTestServer } from './smtp-test-server.ts';
import { adminToken, createTestApp, type TestApp } from './test-app.ts';

/** The key tests give SECRET_KEY, so the stored SMTP password is encrypted without a key file. */
const TEST_SECRET_KEY = 'a-test-secret-key-of-at-least-32-characters';

/** The settings that point the app's e-mail at `smtp`; the password is set through the admin API, or not at all. */
export const smtpEnv = (smtp: SmtpTestServer): Record<string, string> => ({
  SMTP_HOST: '127.0.0.1',
  SMTP_PORT: String(smtp.port),
  SMTP_USER: smtp.user,
});

export type SmtpTestApp = { smtp: SmtpTestServer; t: TestApp; close(): Promise<void> };

/**
 * A test app (createTestApp) whose e-mail goes to a fresh SMTP test server on loopback, with SECRET_KEY set and
 * no SMTP password stored yet. `env` adds to (or overrides) those settings; `overrides` is createTestApp's extra
 * wiring. `close()` stops both.
 */
export async function createSmtpTestApp(
  env: Record<string, string> = {},
  overrides?: NonNullable<Parameters<typeof createTestApp>[0]>['overrides'],
): Promise<SmtpTestApp> {
  const smtp = await startSmtpTestServer();
  let t: TestApp;
  try {
    t = await createTestApp({ env: { ...smtpEnv(smtp), SECRET_KEY: TEST_SECRET_KEY, ...env }, overrides });
  } catch (error) {
    await smtp.stop();
    throw error;
  }
  return {
    smtp,
    t,
    close: async () => {
      await t.close();
      await smtp.stop();
    },
  };
}

/** Saves the SMTP test server's password through the admin API, as the owner does once, so the outbox can send. */
export async function saveSmtpPassword({ smtp, t }: Pick<SmtpTestApp, 'smtp' | 't'>): Promise<void> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/admin/set-email-password',
    headers: { authorization: `Bearer ${await adminToken(t.app)}` },
    payload: { password: smtp.password },
  });
  expect(response.statusCode, response.body).toBe(200);
}
