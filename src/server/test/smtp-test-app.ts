import { type SmtpTestServer, startSmtpTestServer } from './smtp-test-server.ts';
import { createTestApp, type TestApp } from './test-app.ts';

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
