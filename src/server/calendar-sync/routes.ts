import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CalendarSourceParamsSchema,
  CalendarSourcesResponseSchema,
  IcalExportResponseSchema,
  IcalFeedParamsSchema,
  IcalFeedQuerySchema,
  SaveCalendarSourceSchema,
  SavedCalendarSourceSchema,
  SyncAllRequestSchema,
  SyncAllResponseSchema,
  SyncCalendarRequestSchema,
  SyncCalendarResponseSchema,
} from '../../domain/api/calendar-sync.ts';
import { PROPERTY_ID } from '../../domain/property.ts';
import { actor } from '../audit/audit.ts';
import type { AppContext } from '../context.ts';
import { badRequest, notFound } from '../errors.ts';
import type { CalendarSync } from './service.ts';

export type CalendarSyncRouteOptions = AppContext & { calendarSync: CalendarSync };

const CHANNEL_OF_FIELD: Record<string, string> = { airbnbUrl: 'Airbnb', bookingUrl: 'Booking.com' };

/**
 * The owner reads these refusals on the calendar sync screen: the schema's sentences as they are, naming the
 * channel when the combined call has two addresses, never a field of the request ('icalUrl: …'). Routes that
 * attach their validation error (`attachValidation`) call this first.
 */
function refuseInvalid(request: FastifyRequest): void {
  const error = request.validationError as (Error & { validation?: unknown }) | undefined;
  if (!error) return;
  const issues = (Array.isArray(error.validation) ? error.validation : []) as {
    message?: string;
    instancePath?: string;
  }[];
  const sentences = issues.map((issue) => {
    const channel = CHANNEL_OF_FIELD[(issue.instancePath ?? '').replace(/^\//, '')];
    return channel ? `${channel}: ${issue.message}` : (issue.message ?? '');
  });
  throw badRequest(sentences.filter(Boolean).join(' ') || 'The request is not valid.');
}

/** The owner's calendar sync (spec section 7) and the export feed's admin side. Registered in the admin scope. */
export const calendarSyncAdminRoutes: FastifyPluginAsyncZod<CalendarSyncRouteOptions> = async (
  app,
  { calendarSync },
) => {
  const single = { body: SyncCalendarRequestSchema, response: { 200: SyncCalendarResponseSchema } };

  app.post('/admin/sync-airbnb', { schema: single, attachValidation: true }, async (request) => {
    refuseInvalid(request);
    const { events, message } = await calendarSync.sync('airbnb', request.body.icalUrl);
    return { events, message };
  });

  app.post('/admin/sync-booking', { schema: single, attachValidation: true }, async (request) => {
    refuseInvalid(request);
    const { events, message } = await calendarSync.sync('booking', request.body.icalUrl);
    return { events, message };
  });

  app.post(
    '/admin/sync-all',
    {
      schema: { body: SyncAllRequestSchema, response: { 200: SyncAllResponseSchema } },
      attachValidation: true,
    },
    async (request) => {
      refuseInvalid(request);
      return calendarSync.syncAll({ airbnb: request.body.airbnbUrl, booking: request.body.bookingUrl });
    },
  );

  app.put(
    '/admin/calendar-sources/:id',
    {
      schema: {
        params: CalendarSourceParamsSchema,
        body: SaveCalendarSourceSchema,
        response: { 200: SavedCalendarSourceSchema },
      },
      attachValidation: true,
    },
    async (request) => {
      refuseInvalid(request);
      await calendarSync.saveUrl(request.params.id, request.body.url, actor(request));
      return { url: request.body.url };
    },
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
