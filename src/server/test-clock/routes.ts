import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { outbox, stays } from '../db/schema.ts';
import type { DemoPaymentProvider } from '../payments/demo-provider.ts';

/**
 * Test-only routes, registered only when NODE_ENV=test and no clock was injected (the end-to-end server): the clock
 * control moves the server's clock forward and runs what the timers would have run by then (plugins/jobs.ts): the
 * hold sweep, the balance job and the damage deposits' job, then the scheduled guest messages, the e-mail outbox
 * and the reviews' publication, once each; the outbox read shows the browser tests the e-mails written for an
 * address.
 */
export const testClockRoutes: FastifyPluginAsyncZod<AppContext & { advance(ms: number): void }> = async (
  app,
  { clock, db, payments, advance },
) => {
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
      await app.jobs.run('hold-sweep');
      await app.jobs.runIfDue('balance-charges');
      // Before the guest messages: the arrival e-mail's access code waits for the deposit (decision 031).
      await app.jobs.runIfDue('damage-holds');
      await app.jobs.run('guest-messages');
      await app.jobs.run('email-outbox');
      // Reviews whose 48 hours are over are published, and the pages rendered again before the answer.
      await app.jobs.run('review-publication');
      await app.siteContent.settled();
      return { now: clock.now().toISOString() };
    },
  );

  app.get(
    '/test/outbox',
    {
      schema: {
        querystring: z.object({ to: z.string().min(1).max(320) }),
        response: {
          200: z.array(z.object({ kind: z.string(), subject: z.string(), text: z.string() })),
        },
      },
    },
    async (request) =>
      db
        .select({ kind: outbox.kind, subject: outbox.subject, text: outbox.text })
        .from(outbox)
        .where(eq(outbox.to, request.query.to))
        .orderBy(desc(outbox.id)),
  );
  // Demo payments: the card a guest saved at booking becomes another test card (its funds ran out, say), so
  // an end-to-end test can see a balance declined. Stripe's test mode offers no card that pays a deposit and
  // then declines; this is the test's hand on the demo provider, as the integration tests have on the stand-in.
  const demo = payments as DemoPaymentProvider;
  if (payments.mode === 'demo' && demo.replaceSavedCard) {
    const replace = demo.replaceSavedCard;
    app.post(
      '/test/saved-card',
      {
        schema: {
          body: z.object({ bookingId: z.string().max(100), cardNumber: z.string().max(30) }),
          response: { 200: z.object({ replaced: z.boolean() }) },
        },
      },
      async (request) => {
        const [stay] = await db.select().from(stays).where(eq(stays.id, request.body.bookingId));
        if (!stay?.paymentMethodId) return { replaced: false };
        await replace(stay.paymentMethodId, request.body.cardNumber);
        return { replaced: true };
      },
    );
  }
};
