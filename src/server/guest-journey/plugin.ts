import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../context.ts';
import { registerAdminApi, registerApi } from '../plugins/api.ts';
import { createGuestData, type GuestData } from './guest-data.ts';
import { createManageBooking } from './manage-booking.ts';
import { createOwnerStayActions } from './owner-actions.ts';
import { guestJourneyAdminRoutes, manageBookingRoutes } from './routes.ts';
import { createScheduledMessages, type ScheduledMessages } from './scheduled-messages.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The arrival, thank-you and missing-code messages due now (queued on a timer by plugins/jobs.ts). */
    scheduledMessages: ScheduledMessages;
    /** The guest's data: export, erase, and the retention job's erasure (plugins/jobs.ts). */
    guestData: GuestData;
  }
}

/** After paying: the guest's own booking page, the scheduled messages, the owner's actions on a stay. */
export const guestJourneyPlugin = fp(
  async (app: FastifyInstance, context: AppContext) => {
    const { config, db, clock } = context;
    const site = { siteUrl: config.siteUrl, siteEmail: config.siteEmail };
    const scheduled = createScheduledMessages({
      db,
      bookings: context.bookings,
      clock,
      site,
      ownerEmail: config.ownerEmail,
      log: app.log,
    });
    const guestData = createGuestData({
      db,
      clock,
      bookings: context.bookings,
      reviewsChanged: () => context.siteContent.changed(),
    });
    app.decorate('scheduledMessages', scheduled);
    app.decorate('guestData', guestData);
    const manage = createManageBooking({
      db,
      clock,
      bookings: context.bookings,
      site,
      ownerEmail: config.ownerEmail,
      adminBookings: app.adminBookings,
    });
    await registerApi(app, manageBookingRoutes, { manage }); // keyed by the guest's own link
    const owner = createOwnerStayActions({
      db,
      bookings: context.bookings,
      clock,
      siteUrl: config.siteUrl,
      scheduled,
    });
    await registerAdminApi(app, guestJourneyAdminRoutes, { ...context, owner, guestData });
  },
  { name: 'guest-journey', fastify: '5.x', dependencies: ['admin-bookings'] },
);
