import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { createSingleFlight } from '../jobs/single-flight.ts';
import { APP_VERSION } from '../version.ts';

/**
 * How long the database's last good answer vouches for it. A monitor polling /api/health every few seconds
 * still sees a database that stopped answering; a burst of checks no longer queues a query each.
 */
export const HEALTH_DATABASE_FRESH_MS = 1000;

export const healthRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, clock }) => {
  let answeredAt = Number.NEGATIVE_INFINITY;
  // One `select 1` at a time: checks arriving while it runs share its answer (or its failure).
  const probes = createSingleFlight<'probe', void>();
  const probeDatabase = (): Promise<void> =>
    probes.run('probe', async () => {
      await db.execute(sql`select 1`);
      answeredAt = clock.now().getTime();
    });

  const schema = { response: { 200: z.object({ status: z.literal('ok'), version: z.string() }) } };
  // `compress: false`: a few bytes, far below the compression threshold.
  app.get('/health', { compress: false, schema }, async () => {
    // The app is only built after migrations ran; this proves the database still answers (or did a moment ago).
    const age = clock.now().getTime() - answeredAt;
    if (!(age >= 0 && age < HEALTH_DATABASE_FRESH_MS)) await probeDatabase();
    return { status: 'ok' as const, version: APP_VERSION };
  });
};
