import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../context.ts';
import { registerAdminApi, registerApi } from '../plugins/api.ts';
import { type CheckoutFollowUps, createCheckoutFollowUps } from './follow-ups.ts';
import { followUpAdminRoutes, followUpOptOutRoutes } from './routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Follow-ups of lapsed checkouts: the registry's `checkout-follow-ups` job runs them. */
    checkoutFollowUps: CheckoutFollowUps;
  }
}

/** Follow-ups of lapsed checkouts (docs/decisions/032-checkout-follow-ups.md). */
export const checkoutFollowUpsPlugin = fp(
  async (app: FastifyInstance, context: AppContext) => {
    const { config, db } = context;
    const followUps = createCheckoutFollowUps({
      db,
      clock: context.clock,
      bookings: context.bookings,
      ratePlans: context.ratePlans,
      secretBox: context.secretBox,
      site: { siteUrl: config.siteUrl, siteEmail: config.siteEmail },
    });
    app.decorate('checkoutFollowUps', followUps);
    await registerApi(app, followUpOptOutRoutes, { db, followUps, siteUrl: config.siteUrl });
    await registerAdminApi(app, followUpAdminRoutes, { db, followUps });
  },
  { name: 'checkout-follow-ups', fastify: '5.x' },
);
