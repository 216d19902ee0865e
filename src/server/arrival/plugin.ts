import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../context.ts';
import { registerAdminApi, registerApi } from '../plugins/api.ts';
import { createCheckIn } from './check-in.ts';
import { arrivalAdminRoutes, checkInRoutes } from './routes.ts';

/**
 * Before arrival (docs/decisions/025-online-check-in.md): the guest's online check-in on the manage page (the
 * guest register, the house agreement) and the owner's arrival settings, agreement and register. The messages it
 * changes (the arrival e-mail's access code, the reminders) are the guest journey's scheduled messages.
 */
export const arrivalPlugin = fp(
  async (app: FastifyInstance, context: AppContext) => {
    const damageHold = app.damageHolds.viewOf;
    const checkIn = createCheckIn({
      ...context,
      stepsDone: async (stayId) => {
        await app.scheduledMessages.queueDue({ stayId });
      },
      damageHold,
    });
    await registerApi(app, checkInRoutes, { checkIn }); // keyed by the guest's own link
    await registerAdminApi(app, arrivalAdminRoutes, { ...context, damageHold });
  },
  { name: 'arrival', fastify: '5.x', dependencies: ['guest-journey', 'damage-holds'] },
);
