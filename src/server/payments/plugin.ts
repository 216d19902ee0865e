import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../context.ts';
import { registerAdminApi, registerApi } from '../plugins/api.ts';
import { createPaymentService, type PaymentService } from './payment-service.ts';
import { paymentRoutes } from './routes.ts';
import { stripeSettingsRoutes } from './settings-routes.ts';
import { stripeWebhookRoutes } from './stripe-webhook.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Holds, confirmations, balances: the owner's bookings and the jobs (plugins/jobs.ts) use it too. */
    paymentService: PaymentService;
  }
}

/** The guest's side of paying (holding nights with a payment intent, confirming, Stripe's webhook) and the owner's Stripe keys. */
export const paymentsPlugin = fp(
  async (app: FastifyInstance, context: AppContext) => {
    app.decorate('paymentService', createPaymentService(context, app.log));
    await registerApi(app, paymentRoutes, {
      ...context,
      beforeHold: () => app.calendarSync.refreshStaleFeeds(),
    });
    await registerApi(app, stripeWebhookRoutes, context); // reads its body raw, for Stripe's signature
    await registerAdminApi(app, stripeSettingsRoutes, context);
  },
  { name: 'payments', fastify: '5.x', dependencies: ['calendar-sync'] },
);
