import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../context.ts';
import { registerAdminApi } from '../plugins/api.ts';
import { adminBookingRoutes } from './routes.ts';
import { type AdminBookingService, createAdminBookingService, type RefundProvider } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The owner's bookings: the guest's own cancellation (guest-journey) cancels through it too. */
    adminBookings: AdminBookingService;
  }
}

/** The owner's bookings and blocks: the Bookings tab's routes. */
export const adminBookingsPlugin = fp(
  async (app: FastifyInstance, options: AppContext & { refunds: RefundProvider }) => {
    app.decorate(
      'adminBookings',
      createAdminBookingService({
        db: options.db,
        bookings: options.bookings,
        clock: options.clock,
        notifications: options.notifications,
        refunds: options.refunds,
        siteUrl: options.config.siteUrl,
        reconcileLapsedHolds: app.paymentService.reconcileLapsedHolds,
      }),
    );
    await registerAdminApi(app, adminBookingRoutes, options);
  },
  { name: 'admin-bookings', fastify: '5.x', dependencies: ['payments'] },
);
