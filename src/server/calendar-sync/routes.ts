import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CalendarSourcesResponseSchema,
  IcalExportResponseSchema,
  IcalFeedParamsSchema,
  IcalFeedQuerySchema,
  SyncAllRequestSchema,
  SyncAllResponseSchema,
  SyncCalendarRequestSchema,
  SyncCalendarResponseSchema,
} from '../../domain/api/calendar-sync.ts';
import { PROPERTY_ID } from '../../domain/property.ts';
import { actor } from '../audit/audit.ts';
import type { AppContext } from '../context.ts';
import { notFound } from '../errors.ts';
import type { CalendarSync } from './service.ts';

export type CalendarSyncRouteOptions = AppContext & { calendarSync: CalendarSync };

/** The owner's calendar sync (spec section 7) and the export feed's admin side. Registered in the admin scope. */
export const calendarSyncAdminRoutes: FastifyPluginAsyncZod<CalendarSyncRouteOptions> = async (
  app,
  { calendarSync },
) => {
  const single = { body: SyncCalendarRequestSchema, response: { 200: SyncCalendarResponseSchema } };

  app.post('/admin/sync-airbnb', { schema: single }, async (request) => {
    const { events, message } = await calendarSync.sync('airbnb', request.body.icalUrl);
    return { events, message };
  });

  app.post('/admin/sync-booking', { schema: single }, async (request) => {
    const { events, message } = await calendarSync.sync('booking', request.body.icalUrl);
    return { events, message };
  });

  app.post(
    '/admin/sync-all',
    { schema: { body: SyncAllRequestSchema, response: { 200: SyncAllResponseSchema } } },
    async (request) =>
      calendarSync.syncAll({ airbnb: request.body.airbnbUrl, booking: request.body.bookingUrl }),
  );

  app.get(
    '/admin/calendar-sources',
    { schema: { response: { 200: CalendarSourcesResponseSchema } } },
    async () => calendarSync.status(),
  );

  app.get('/admin/ical-export', { schema: { response: { 200: IcalExportResponseSchema } } }, async () => ({
    url: await calendarSync.getExportUrl(),
  }));

  app.post(
    '/admin/ical-export/rotate',
    { schema: { response: { 200: IcalExportResponseSchema } } },
    async (request) => ({ url: await calendarSync.rotateExportKey(actor(request)) }),
  );
};

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Our feed for the channels: GET /api/ical/1.ics?key=SECRET. Public, but only with the owner's key; a wrong or
 * missing key is a plain 404 so the address reveals nothing.
 */
export const icalExportRoutes: FastifyPluginAsyncZod<CalendarSyncRouteOptions> = async (
  app,
  { calendarSync },
) => {
  app.get(
    '/ical/:file',
    {
      schema: {
        params: IcalFeedParamsSchema,
        querystring: IcalFeedQuerySchema,
      },
    },
    async (request, reply) => {
      const missing = () => notFound('There is no calendar at this address.');
      if (request.params.file !== `${PROPERTY_ID}.ics`) throw missing();
      const key = await calendarSync.getExportKey();
      if (!key || !request.query.key || !sameSecret(request.query.key, key)) throw missing();
      const text = await calendarSync.exportCalendar();
      return reply
        .type('text/calendar; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-disposition', 'inline; filename="the-tower.ics"')
        .send(text);
    },
  );
};
