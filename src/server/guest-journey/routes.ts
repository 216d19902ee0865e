import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AdminBookingSchema } from '../../domain/api/admin-bookings.ts';
import {
  ChangeDatesSchema,
  ChangeRequestSchema,
  GuestEmailQuerySchema,
  GuestEraseResponseSchema,
  GuestEraseSchema,
  GuestMessageSettingsSchema,
  ManageCancelResponseSchema,
  ManagedBookingSchema,
  ManageKeyQuerySchema,
  ManageParamsSchema,
  StayAccessCodeSchema,
  StayDetailsSchema,
  TemplatePreviewListSchema,
} from '../../domain/api/guest-journey.ts';
import { RecordIdParamsSchema as IdParams } from '../../domain/api/params.ts';
import { actor, audit } from '../audit/audit.ts';
import type { AppContext } from '../context.ts';
import { previewMessages } from '../email/preview.ts';
import { tooManyRequests } from '../errors.ts';
import { settingRoutes } from '../settings/setting-routes.ts';
import type { GuestData } from './guest-data.ts';
import type { createManageBooking } from './manage-booking.ts';
import type { createOwnerStayActions } from './owner-actions.ts';
import { readGuestMessageSettings, saveGuestMessageSettings } from './settings.ts';

/** Requests one client address may make to the manage page's API per minute: enough for a guest, not a scan. */
export const MANAGE_REQUESTS_PER_MINUTE = 30;

/** The guest's page is theirs alone: never stored by a browser or a proxy, never indexed. */
function privateAnswer(reply: FastifyReply) {
  reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex, nofollow');
}

/** The manage page's rate limit, answered in the API's shape (every route keyed by the guest's link uses it). */
export const manageRateLimit = {
  max: MANAGE_REQUESTS_PER_MINUTE,
  timeWindow: '1 minute',
  errorResponseBuilder: (_request: unknown, limit: { ttl: number }) =>
    tooManyRequests(
      'Too many requests from your connection. Please wait a minute and try again.',
      Math.max(1, Math.ceil(limit.ttl / 1000)),
    ),
};

const rateLimit = manageRateLimit;

/** `/api/manage/:reference…?key=…`: the guest's 'manage my booking' page (public, keyed, rate-limited). */
export const manageBookingRoutes: FastifyPluginAsyncZod<{
  manage: ReturnType<typeof createManageBooking>;
}> = async (app, { manage }) => {
  app.addHook('onRequest', async (_request, reply) => privateAnswer(reply));
  const schema = { params: ManageParamsSchema, querystring: ManageKeyQuerySchema };

  app.get(
    '/manage/:reference',
    { config: { rateLimit }, schema: { ...schema, response: { 200: ManagedBookingSchema } } },
    async (request) => manage.get(request.params.reference, request.query.key),
  );

  app.get('/manage/:reference/calendar.ics', { config: { rateLimit }, schema }, async (request, reply) => {
    const file = await manage.calendarFile(request.params.reference, request.query.key);
    return reply
      .header('content-type', 'text/calendar; charset=utf-8')
      .header('content-disposition', `attachment; filename="${file.filename}"`)
      .send(file.content);
  });

  app.post(
    '/manage/:reference/cancel',
    { config: { rateLimit }, schema: { ...schema, response: { 200: ManageCancelResponseSchema } } },
    async (request) => manage.cancel(request.params.reference, request.query.key),
  );

  app.post(
    '/manage/:reference/change-request',
    {
      config: { rateLimit: { ...rateLimit, max: 5, timeWindow: '1 hour' } },
      schema: {
        ...schema,
        body: ChangeRequestSchema,
        response: { 200: z.object({ sent: z.literal(true) }) },
      },
    },
    async (request) => {
      await manage.requestChange(request.params.reference, request.query.key, request.body);
      return { sent: true as const };
    },
  );
};

/**
 * The owner's side of the guest's journey (inside the admin scope): guest message settings, a stay's access code,
 * link and messages, moving a stay, the e-mail templates, and the guest's data (export, erase).
 */
export const guestJourneyAdminRoutes: FastifyPluginAsyncZod<
  AppContext & {
    owner: ReturnType<typeof createOwnerStayActions>;
    guestData: GuestData;
  }
> = async (app, { db, config, clock, owner, guestData }) => {
  settingRoutes(app, db, {
    url: '/admin/guest-messages',
    body: GuestMessageSettingsSchema,
    read: readGuestMessageSettings,
    async save(tx, value, by) {
      await saveGuestMessageSettings(tx, value);
      await audit(tx, {
        actor: by,
        action: 'guest_messages.saved',
        details: { reviewUrl: value.reviewUrl, showAddress: value.showAddress },
      });
    },
  });

  app.get(
    '/admin/bookings/:id/journey',
    { schema: { params: IdParams, response: { 200: StayDetailsSchema } } },
    async (request) => owner.details(request.params.id),
  );

  app.put(
    '/admin/bookings/:id/access-code',
    { schema: { params: IdParams, body: StayAccessCodeSchema, response: { 200: StayDetailsSchema } } },
    async (request) => owner.setAccessCode(request.params.id, request.body.accessCode, actor(request)),
  );

  app.post(
    '/admin/bookings/:id/manage-link',
    { schema: { params: IdParams, response: { 200: StayDetailsSchema } } },
    async (request) => owner.rotateManageKey(request.params.id, actor(request)),
  );

  app.post(
    '/admin/bookings/:id/dates',
    { schema: { params: IdParams, body: ChangeDatesSchema, response: { 200: AdminBookingSchema } } },
    async (request) => owner.changeDates(request.params.id, request.body, actor(request)),
  );

  app.get(
    '/admin/email-templates',
    { schema: { response: { 200: TemplatePreviewListSchema } } },
    async () => {
      const saved = await readGuestMessageSettings(db);
      const site = { siteUrl: config.siteUrl, siteEmail: config.siteEmail };
      return previewMessages(site, clock.now(), {
        checkInInstructions: saved.checkInInstructions,
        accessCode: saved.defaultAccessCode || '4812',
        reviewUrl: saved.reviewUrl,
      }).map(({ kind, message }) => ({ kind, ...message }));
    },
  );

  app.get(
    '/admin/guests/export',
    { schema: { querystring: GuestEmailQuerySchema } },
    async (request, reply) => {
      const data = await guestData.export(request.query.email, actor(request));
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', 'attachment; filename="guest-data.json"')
        .send(data);
    },
  );

  app.post(
    '/admin/guests/erase',
    { schema: { body: GuestEraseSchema, response: { 200: GuestEraseResponseSchema } } },
    async (request) => guestData.erase(request.body.email, actor(request)),
  );
};

/** The manage page's answer headers, for the guest's documents (src/server/documents/routes.ts). */
export { privateAnswer };
