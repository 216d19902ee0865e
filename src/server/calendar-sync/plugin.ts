import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../context.ts';
import { registerAdminApi, registerApi } from '../plugins/api.ts';
import { calendarSyncAdminRoutes, icalExportRoutes } from './routes.ts';
import { type CalendarSync, type CalendarSyncDeps, createCalendarSync } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The sync with the channels: its automatic run is the registry's `calendar-sync` job (plugins/jobs.ts). */
    calendarSync: CalendarSync;
  }
}

export type CalendarSyncPluginOptions = AppContext & {
  /** The iCal fetcher's DNS resolver and limits (tests fake a private address or shorten the timeout). */
  fetching?: Pick<CalendarSyncDeps, 'resolve' | 'fetchLimits'> | undefined;
};

/** Calendar sync with the channels: the import of their feeds, our own feed's export, the Sync tab's routes. */
export const calendarSyncPlugin = fp(
  async (app: FastifyInstance, { fetching, ...context }: CalendarSyncPluginOptions) => {
    const calendarSync = createCalendarSync({ ...context, ...fetching, log: app.log });
    app.decorate('calendarSync', calendarSync);
    await registerApi(app, icalExportRoutes, { ...context, calendarSync }); // keyed by the export secret
    await registerAdminApi(app, calendarSyncAdminRoutes, { ...context, calendarSync });
  },
  { name: 'calendar-sync', fastify: '5.x', dependencies: ['admin-auth'] },
);
