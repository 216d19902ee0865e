import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { textField } from '../../domain/input-fields.ts';
import { actor } from '../audit/audit.ts';
import { escapeHtml } from '../email/layout.ts';

export const FollowUpsSummarySchema = z.object({
  enabled: z.boolean(),
  followedUp: z.number().int(),
  bookedAfter: z.number().int(),
});

const OptOutQuerySchema = z.object({
  token: textField({ error: 'The link is missing its token' }).max(2000),
});

/**
 * The follow-up e-mail's one-click opt-out (GET from the link, POST as RFC 8058's one-click unsubscribe): a small
 * page that says it is done.
 */
export const followUpPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const answer = async (
    token: string,
    reply: { header(k: string, v: string): unknown; type(t: string): unknown },
  ) => {
    const email = await app.followUps.optOut(token);
    reply.header('x-robots-tag', 'noindex');
    reply.header('cache-control', 'no-store');
    reply.type('text/html; charset=utf-8');
    return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>No more e-mails | The Tower</title></head><body style="font-family:Georgia,serif;max-width:36rem;margin:3rem auto;padding:0 1rem"><h1>Done</h1><p>We will not write to ${escapeHtml(email)} about an unfinished booking again.</p><p><a href="/">Back to The Tower</a></p></body></html>`;
  };
  app.get('/follow-ups/opt-out', { schema: { querystring: OptOutQuerySchema } }, async (request, reply) =>
    answer(request.query.token, reply),
  );
  app.post('/follow-ups/opt-out', { schema: { querystring: OptOutQuerySchema } }, async (request, reply) =>
    answer(request.query.token, reply),
  );
};

/** The owner's switch and figures (the Enquiries tab's card). */
export const followUpAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/admin/checkout-follow-ups', { schema: { response: { 200: FollowUpsSummarySchema } } }, async () =>
    app.followUps.summary(),
  );
  app.put(
    '/admin/checkout-follow-ups',
    {
      schema: {
        body: z.object({ enabled: z.boolean({ error: 'Say whether follow-ups are on (true or false)' }) }),
        response: { 200: FollowUpsSummarySchema },
      },
    },
    async (request) => app.followUps.setEnabled(request.body.enabled, actor(request)),
  );
};
