import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../domain/dates.ts';
import { buildApp } from '../app.ts';
import { DATES_TAKEN_MESSAGE } from '../bookings/guest-hold.ts';
import { type Database, openDatabase } from '../db/database.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { bookingPageRequest } from './test/payment-harness.ts';

/**
 * Two servers on one database, as behind a load balancer: on PostgreSQL each has its own connection pool, so
 * their transactions truly run at once and PostgreSQL may break a deadlock between them; on PGlite both share
 * the one embedded database. Holds must still give exactly one winner, and never a 500.
 */

const ROUNDS = 20;
const GUESTS = 10;

let t: TestApp;
let second: { app: FastifyInstance; database: Database | undefined };

beforeAll(async () => {
  t = await createTestApp();
  const pool = (t.database.db as unknown as { $client: pg.Pool }).$client;
  const database =
    t.database.kind === 'postgres'
      ? await openDatabase({ databaseUrl: pool.options.connectionString! })
      : undefined;
  const app = await buildApp({
    config: t.config,
    database: database ?? t.database,
    clock: t.clock,
    logger: false,
    site: undefined,
  });
  await app.ready();
  second = { app, database };
});
afterAll(async () => {
  await second.app.close();
  await second.database?.close();
  await t.close();
});

describe('holds for the same nights split over two servers', () => {
  it(`${ROUNDS} rounds × ${GUESTS} simultaneous holds → exactly one winner each round, the rest 409, no 5xx`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const checkInDate = addDays('2026-12-07', round * 4);
      const dates = { checkInDate, checkOutDate: addDays(checkInDate, 3) };
      const responses = await Promise.all(
        Array.from({ length: GUESTS }, (_, i) =>
          (i % 2 === 0 ? t.app : second.app).inject({
            method: 'POST',
            url: '/api/create-payment-intent',
            payload: bookingPageRequest(dates, { guest: `Guest ${round}-${i}` }),
          }),
        ),
      );
      const codes = responses.map((r) => r.statusCode);
      expect(
        codes.filter((c) => c >= 500),
        `round ${round}: ${codes}`,
      ).toHaveLength(0);
      expect(
        codes.filter((c) => c === 200),
        `round ${round}: ${codes}`,
      ).toHaveLength(1);
      expect(
        codes.filter((c) => c === 409),
        `round ${round}: ${codes}`,
      ).toHaveLength(GUESTS - 1);
      for (const response of responses.filter((r) => r.statusCode === 409)) {
        expect(response.json().message).toBe(DATES_TAKEN_MESSAGE);
      }
    }
  });
});
