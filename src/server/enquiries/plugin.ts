import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../context.ts';
import { registerAdminApi, registerApi } from '../plugins/api.ts';
import { enquiryAdminRoutes, enquiryPublicRoutes } from './routes.ts';
import { createEnquiries, type Enquiries } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Enquiries and quotes: the routes, and the registry's `quote-expiry` job. */
    enquiries: Enquiries;
  }
}

/** Enquiries from the Contact page and the owner's quotes (docs/decisions/028-enquiries-and-quotes.md). */
export const enquiriesPlugin = fp(
  async (app: FastifyInstance, context: AppContext) => {
    app.decorate(
      'enquiries',
      createEnquiries({ ...context, reconcileLapsedHolds: app.paymentService.reconcileLapsedHolds }),
    );
    await registerApi(app, enquiryPublicRoutes, {});
    await registerAdminApi(app, enquiryAdminRoutes, {});
  },
  { name: 'enquiries', fastify: '5.x', dependencies: ['payments'] },
);
