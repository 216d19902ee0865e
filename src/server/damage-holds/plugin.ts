import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../context.ts';
import { registerAdminApi, registerApi } from '../plugins/api.ts';
import { damageHoldAdminRoutes, damageHoldGuestRoutes } from './routes.ts';
import { createDamageHolds, type DamageHolds } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The damage deposit: the job's run (plugins/jobs.ts), the view the check-in shows, the owner's claim. */
    damageHolds: DamageHolds;
  }
}

/**
 * The damage deposit held on the guest's saved card before arrival, renewed once or charged for a long stay,
 * released or refunded on the release day unless the owner claims (docs/decisions/031-damage-deposit-hold.md).
 */
export const damageHoldsPlugin = fp(
  async (app: FastifyInstance, context: AppContext) => {
    const { config, db, clock, payments } = context;
    const damageHolds = createDamageHolds({
      db,
      clock,
      payments,
      bookings: context.bookings,
      log: app.log,
      site: { siteUrl: config.siteUrl, siteEmail: config.siteEmail },
      ownerEmail: config.ownerEmail,
      stepsDone: async (stayId) => {
        await app.scheduledMessages.queueDue({ stayId });
      },
    });
    app.decorate('damageHolds', damageHolds);
    await registerApi(app, damageHoldGuestRoutes, { damageHolds }); // keyed by the guest's own link
    await registerAdminApi(app, damageHoldAdminRoutes, { damageHolds });
  },
  { name: 'damage-holds', fastify: '5.x', dependencies: ['guest-journey'] },
);
