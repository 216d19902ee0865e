import { afterAll, beforeAll } from 'vitest';
import { adminToken, createTestApp, type TestApp } from './test-app.ts';

export type SignedInTestApp = Omit<TestApp, 'close'> & {
  /** The owner's session header, for `headers: t.auth()`. */
  auth(): { authorization: string };
  /** Signs the owner in afresh (after moving the clock past a session's life). */
  signIn(): Promise<void>;
  readonly token: string;
};

/**
 * One test app for a file's tests, built before them and closed after them, with the owner signed in
 * (vitest's beforeAll/afterAll; call it at the top level of the file).
 */
export function signedInTestApp(options?: Parameters<typeof createTestApp>[0]): SignedInTestApp {
  let built: TestApp | undefined;
  let token = '';
  const ready = (): TestApp => {
    if (!built) throw new Error('the test app is built in beforeAll; use it inside a test or hook');
    return built;
  };
  beforeAll(async () => {
    built = await createTestApp(options);
    token = await adminToken(built.app);
  });
  afterAll(async () => {
    await built?.close();
  });
  return {
    get app() {
      return ready().app;
    },
    get database() {
      return ready().database;
    },
    get clock() {
      return ready().clock;
    },
    get config() {
      return ready().config;
    },
    get token() {
      return token;
    },
    auth: () => ({ authorization: `Bearer ${token}` }),
    signIn: async () => {
      token = await adminToken(ready().app);
    },
  };
}
