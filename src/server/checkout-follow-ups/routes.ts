import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  FollowUpSettingsSchema,
  FollowUpSummarySchema,
  OptOutQuerySchema,
} from '../../domain/api/follow-ups.ts';
import { actor, audit } from '../audit/audit.ts';
import type { Db } from '../db/database.ts';
import { badRequest } from '../errors.ts';
import type { CheckoutFollowUps } from './follow-ups.ts';

type Options = { db: Db; followUps: CheckoutFollowUps };

const NOT_OURS = 'This link is not valid: please use the link in the e-mail as it is.';
const OPTED_OUT = 'Done: we will not send you any more reminders about unfinished bookings.';

/** The page a person sees after following the e-mail's link: plain HTML, no script, in the site's words. */
const optedOutPage = (siteUrl: string) => `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>No more reminders — The Tower</title></head>
<body style="font-family: Georgia, serif; max-width: 36rem; margin: 4rem auto; padding: 0 1rem; line-height: 1.5">
<h1>No more reminders</h1><p>${OPTED_OUT}</p><p><a href="${siteUrl}/">Back to The Tower</a></p></body></html>`;

/**
 * The opt-out of follow-up e-mails: one click on the e-mail's link (GET), or the mail client's own unsubscribe
 * button (POST, RFC 8058 "List-Unsubscribe=One-Click"). Public, rate-limited, and only for tokens this site made.
 */
export const followUpOptOutRoutes: FastifyPluginAsyncZod<Options & { siteUrl: string }> = async (
  app,
  { followUps, siteUrl },
) => {
  // RFC 8058's POST sends a form body; what it says does not matter here.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, _body, done) => done(null, {}),
  );
  const limited = { rateLimit: { max: 30, timeWindow: '1 hour' } };
  app.get(
    '/follow-ups/opt-out',
    { config: limited, schema: { querystring: OptOutQuerySchema } },
    async (request, reply) => {
      if (!(await followUps.optOut(request.query.token))) throw badRequest(NOT_OURS, 'invalid_link');
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(optedOutPage(siteUrl));
    },
  );
  app.post(
    '/follow-ups/opt-out',
    { config: limited, schema: { querystring: OptOutQuerySchema } },
    async (request) => {
      if (!(await followUps.optOut(request.query.token))) throw badRequest(NOT_OURS, 'invalid_link');
      return { optedOut: true, message: OPTED_OUT };
    },
  );
};

/** The owner's switch and figures (GET/PUT /api/admin/follow-ups). */
export const followUpAdminRoutes: FastifyPluginAsyncZod<Options> = async (app, { db, followUps }) => {
  app.get('/admin/follow-ups', { schema: { response: { 200: FollowUpSummarySchema } } }, async () =>
    followUps.summary(),
  );
  app.put(
    '/admin/follow-ups',
    { schema: { body: FollowUpSettingsSchema, response: { 200: FollowUpSummarySchema } } },
    async (request) => {
      await db.transaction(async (tx) => {
        await followUps.saveSettings(tx, request.body);
        await audit(tx, { actor: actor(request), action: 'follow_ups.saved', details: request.body });
      });
      return followUps.summary();
    },
  );
};
