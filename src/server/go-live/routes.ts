import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { GoLiveChecklistSchema, GoLiveChoiceSchema } from '../../domain/go-live.ts';
import { actor, audit } from '../audit/audit.ts';
import type { AppContext } from '../context.ts';
import type { GoLiveChecklistService } from './checklist.ts';

/** The dashboard's go-live checklist and the owner's two ticks (admin scope: 401 without the admin token). */
export const goLiveRoutes: FastifyPluginAsyncZod<AppContext & { goLive: GoLiveChecklistService }> = async (
  app,
  { db, goLive },
) => {
  app.get('/admin/go-live', { schema: { response: { 200: GoLiveChecklistSchema } } }, () => goLive.read());

  app.post(
    '/admin/go-live/choice',
    { schema: { body: GoLiveChoiceSchema, response: { 200: GoLiveChecklistSchema } } },
    async (request) => {
      const { choice, value } = request.body;
      await db.transaction(async (tx) => {
        await goLive.choose(choice, value, tx);
        await audit(tx, {
          actor: actor(request),
          action: 'go_live.choice',
          details: { choice, value },
        });
      });
      return goLive.read();
    },
  );
};
