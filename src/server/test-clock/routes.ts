import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.ts';

/**
 * Test-only clock control, registered only when NODE_ENV=test and no clock was injected (the end-to-end server):
 * moves the server's clock forward and runs the hold sweeper, the scheduled guest messages and the e-mail outbox
 * once, as their timers would have.
 */
export const testClockRoutes: FastifyPluginAsyncZod<
  AppContext & {
    advance(ms: number): void;
    sweep(): Promise<unknown>;
    /** Runs what the timers would have run by now (the scheduled guest messages, the outbox). */
    afterAdvance(): Promise<unknown>;
  }
> = async (app, { clock, advance, sweep, afterAdvance }) => {
  app.post(
    '/test/clock',
    {
      schema: {
        body: z.object({
          advanceMinutes: z
            .number()
            .int()
            .min(0)
            .max(60 * 24 * 400),
        }),
        response: { 200: z.object({ now: z.string() }) },
      },
    },
    async (request) => {
      advance(request.body.advanceMinutes * 60_000);
      await sweep();
      await afterAdvance();
      return { now: clock.now().toISOString() };
    },
  );
};
