import type { PgTable } from 'drizzle-orm/pg-core';
import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { type ReceivedMessage, type SmtpTestServer, startSmtpTestServer } from './smtp-test-server.ts';
import { adminToken, createTestApp, emptyTables, ownerRequests, TEST_NOW, type TestApp } from './test-app.ts';

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

/** The access code the guest-messages test app sets as the default, which an arrival e-mail carries. */
export const DEFAULT_ACCESS_CODE = '2468';

/** An answer's body as `inject`'s json() gives it by default: untyped, as the tests read it. */
// biome-ignore lint/suspicious/noExplicitAny: light-my-request's json() answers `any` unless told a type
type Json = any;

export type GuestMessagesTestApp = SmtpTestApp & {
  /** A request as the owner (signed in afresh), failing on an error answer: its JSON. */
  asOwner(method: HTTPMethods, url: string, payload?: object): Promise<Json>;
  /** A request as the guest's browser, failing on an error answer: its JSON. */
  call(method: HTTPMethods, url: string, payload?: object): Promise<Json>;
  /** The messages the SMTP server received for `address` whose subject matches. */
  mailTo(address: string, subject: RegExp): ReceivedMessage[];
};

/**
 * An SMTP test app (createSmtpTestApp) for the messages around a guest's arrival: the owner's address is
 * `ownerEmail`, the SMTP password is saved, and the guest messages have check-in instructions and the default
 * access code.
 */
export async function createGuestMessagesTestApp(ownerEmail: string): Promise<GuestMessagesTestApp> {
  const created = await createSmtpTestApp({ OWNER_EMAIL: ownerEmail });
  const { smtp, t } = created;
  const owner = ownerRequests(t.app);
  const succeeded = (response: Awaited<ReturnType<typeof owner>>) => {
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.json();
  };
  const app: GuestMessagesTestApp = {
    ...created,
    asOwner: async (method, url, payload) => succeeded(await owner(method, url, payload)),
    call: async (method, url, payload) =>
      succeeded(await t.app.inject({ method, url, ...(payload ? { payload } : {}) })),
    mailTo: (address, subject) =>
      smtp.received.filter((m) => m.envelopeTo.includes(address) && subject.test(m.email.subject ?? '')),
  };
  try {
    await saveSmtpPassword(created);
    await app.asOwner('PUT', '/api/admin/guest-messages', {
      checkInInstructions: 'The key safe is to the left of the door.',
      defaultAccessCode: DEFAULT_ACCESS_CODE,
      reviewUrl: '',
      showAddress: false,
    });
  } catch (error) {
    await created.close();
    throw error;
  }
  return app;
}

/**
 * A guest-messages test app for the enclosing file or describe block: made before its tests and closed after
 * them; before each test the clock is back at TEST_NOW, the SMTP server has received nothing and `emptied` are
 * empty (in the order given). The object returned stands for it: read it inside the tests and hooks.
 */
export function guestMessagesTestAppForFile(
  ownerEmail: string,
  { emptied }: { emptied: PgTable[] },
): GuestMessagesTestApp {
  let built: GuestMessagesTestApp | undefined;
  beforeAll(async () => {
    built = await createGuestMessagesTestApp(ownerEmail);
  });
  afterAll(async () => {
    await built?.close();
  });
  beforeEach(async () => {
    if (!built) return;
    built.t.clock.set(TEST_NOW);
    built.smtp.received.length = 0;
    await emptyTables(built.t.database, ...emptied);
  });
  return new Proxy({} as GuestMessagesTestApp, {
    get(_target, key) {
      if (!built) throw new Error('The test app is made before the tests: read it inside them.');
      return built[key as keyof GuestMessagesTestApp];
    },
  });
}
