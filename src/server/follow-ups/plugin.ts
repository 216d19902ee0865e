import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../context.ts';
import { registerAdminApi, registerApi } from '../plugins/api.ts';
import { followUpAdminRoutes, followUpPublicRoutes } from './routes.ts';
import { createFollowUps, type FollowUps } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Abandoned-checkout follow-ups: the routes, and the registry's `checkout-follow-ups` job. */
    followUps: FollowUps;
  }
}

/** Follow-ups of abandoned checkouts (docs/decisions/028-enquiries-and-quotes.md). */
export const followUpsPlugin = fp(
  async (app: FastifyInstance, context: AppContext) => {
    app.decorate(
      'followUps',
      createFollowUps({
        db: context.db,
        bookings: context.bookings,
        clock: context.clock,
        config: context.config,
        secretBox: context.secretBox,
      }),
    );
    await registerApi(app, followUpPublicRoutes, {});
    await registerAdminApi(app, followUpAdminRoutes, {});
  },
  { name: 'follow-ups', fastify: '5.x' },
);
