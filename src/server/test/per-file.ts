/*
 * Fixtures a test file sets up once for all its tests (vitest's beforeAll/afterAll): the test app, the test app with
 * the owner signed in, two handles on one database. Each returns an object to read inside the tests and hooks.
 */

import type { PgTable } from 'drizzle-orm/pg-core';
import type { HTTPMethods, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { Database } from '../db/database.ts';
import {
  adminToken,
  createTestApp,
  emptyTables,
  openSecondConnection,
  openTestDatabase,
  TEST_NOW,
  type TestApp,
} from './test-app.ts';

type TestAppOptions = NonNullable<Parameters<typeof createTestApp>[0]>;

export type SignedInTestApp = Omit<TestApp, 'close'> & {
  /** The owner's session header, for `headers: t.auth()`. */
  auth(): { authorization: string };
  /** A request as the signed-in owner: `await t.asOwner('PUT', '/api/admin/…', payload)`. */
  asOwner(
    method: HTTPMethods,
    url: string,
    payload?: InjectOptions['payload'],
  ): Promise<LightMyRequestResponse>;
  /** Signs the owner in afresh (after moving the clock past a session's life). */
  signIn(): Promise<void>;
  /** Moves the manual clock to `to` and signs the owner in afresh there (a session lapses after 12 idle hours). */
  setClock(to: Date | string): Promise<void>;
  readonly token: string;
};

/**
 * One test app for a file's tests, built before them and closed after them (vitest's beforeAll/afterAll; call it
 * at the top level of the file or of a describe block). Read it inside the tests and hooks. Options that need
 * awaiting are given as a function, called in beforeAll.
 */
export function testAppForFile(
  options?: TestAppOptions | (() => Promise<TestAppOptions>),
): Omit<TestApp, 'close'> {
  let built: TestApp | undefined;
  const ready = (): TestApp => {
    if (!built) throw new Error('the test app is built in beforeAll; use it inside a test or hook');
    return built;
  };
  beforeAll(async () => {
    built = await createTestApp(typeof options === 'function' ? await options() : options);
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
  };
}

/**
 * `testAppForFile` with the owner signed in before the tests. With `eachTest`, every test starts clean: the clock
 * back at TEST_NOW, the owner signed in afresh there, and the `emptied` tables emptied (in the order given).
 */
export function signedInTestApp(
  options?: Parameters<typeof testAppForFile>[0],
  eachTest?: { emptied: PgTable[] },
): SignedInTestApp {
  const t = testAppForFile(options);
  let token = '';
  beforeAll(async () => {
    token = await adminToken(t.app);
  });
  if (eachTest) {
    beforeEach(async () => {
      t.clock.set(TEST_NOW);
      token = await adminToken(t.app);
      await emptyTables(t.database, ...eachTest.emptied);
    });
  }
  const auth = () => ({ authorization: `Bearer ${token}` });
  const signIn = async () => {
    token = await adminToken(t.app);
  };
  return {
    get app() {
      return t.app;
    },
    get database() {
      return t.database;
    },
    get clock() {
      return t.clock;
    },
    get config() {
      return t.config;
    },
    get token() {
      return token;
    },
    auth,
    asOwner: (method, url, payload) =>
      t.app.inject({ method, url, headers: auth(), ...(payload === undefined ? {} : { payload }) }),
    signIn,
    setClock: async (to) => {
      t.clock.set(to);
      await signIn();
    },
  };
}

/**
 * Two handles on one fresh test database for a file's tests, as two server processes have on PostgreSQL (two
 * pools); on PGlite, which one process owns, the same instance twice. Read them inside the tests and hooks.
 */
export function twoHandlesForFile(): { readonly first: Database; readonly second: Database } {
  let first: Database | undefined;
  let second: Database | undefined;
  beforeAll(async () => {
    first = await openTestDatabase();
    second = await openSecondConnection(first);
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });
  const opened = (handle: Database | undefined) => {
    if (!handle) throw new Error('the database is opened in beforeAll; use it inside a test or hook');
    return handle;
  };
  return {
    get first() {
      return opened(first);
    },
    get second() {
      return opened(second);
    },
  };
}
