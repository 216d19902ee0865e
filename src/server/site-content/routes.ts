import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.ts';

/** `GET /api/site-content`: the content the public pages are rendered with (the owner's public facts only). */
export const siteContentRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { siteContent }) => {
  app.get('/site-content', async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return siteContent.current();
  });
};
