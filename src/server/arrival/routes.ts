import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AgreementAcceptSchema,
  ArrivalSettingsSchema,
  CheckInSchema,
  CheckInUpdateSchema,
  GuestRegisterQuerySchema,
  GuestRegisterSchema,
  HouseAgreementInputSchema,
  HouseAgreementListSchema,
  HouseAgreementSchema,
  StayCheckInSchema,
} from '../../domain/api/arrival.ts';
import type { DamageHoldView } from '../../domain/api/damage-holds.ts';
import { ManageKeyQuerySchema, ManageParamsSchema } from '../../domain/api/guest-journey.ts';
import { RecordIdParamsSchema as IdParams } from '../../domain/api/params.ts';
import { actor, audit } from '../audit/audit.ts';
import type { BookingsRepository, StayRow } from '../bookings/bookings-repository.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { notFound } from '../errors.ts';
import { manageRateLimit as rateLimit } from '../guest-journey/routes.ts';
import { settingRoutes } from '../settings/setting-routes.ts';
import { addAgreementVersion, readAgreementVersions } from './agreement.ts';
import type { CheckInService } from './check-in.ts';
import { readArrival } from './readiness.ts';
import { registerBetween } from './register.ts';
import { registerCsv } from './register-csv.ts';
import { readArrivalSettings, saveArrivalSettings } from './settings.ts';

/** `/api/manage/:reference/check-in…?key=…`: the guest's online check-in, keyed by their link. */
export const checkInRoutes: FastifyPluginAsyncZod<{ checkIn: CheckInService }> = async (app, { checkIn }) => {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex, nofollow');
  });
  const schema = { params: ManageParamsSchema, querystring: ManageKeyQuerySchema };

  app.get(
    '/manage/:reference/check-in',
    { config: { rateLimit }, schema: { ...schema, response: { 200: CheckInSchema } } },
    async (request) => checkIn.get(request.params.reference, request.query.key),
  );

  app.put(
    '/manage/:reference/check-in',
    {
      config: { rateLimit },
      schema: { ...schema, body: CheckInUpdateSchema, response: { 200: CheckInSchema } },
    },
    async (request) => checkIn.saveRegister(request.params.reference, request.query.key, request.body.guests),
  );

  app.post(
    '/manage/:reference/agreement',
    {
      config: { rateLimit },
      schema: { ...schema, body: AgreementAcceptSchema, response: { 200: CheckInSchema } },
    },
    async (request) =>
      checkIn.acceptAgreement(request.params.reference, request.query.key, request.body, request.ip),
  );
};

/** The owner's side: arrival settings, the house agreement's versions, a stay's check-in, the register. */
export const arrivalAdminRoutes: FastifyPluginAsyncZod<{
  db: Db;
  clock: Clock;
  bookings: BookingsRepository;
  damageHold(stay: StayRow): Promise<DamageHoldView | null>;
}> = async (app, { db, clock, bookings, damageHold }) => {
  settingRoutes(app, db, {
    url: '/admin/arrival-settings',
    body: ArrivalSettingsSchema,
    read: readArrivalSettings,
    async save(tx, value, by) {
      await saveArrivalSettings(tx, value);
      await audit(tx, { actor: by, action: 'arrival_settings.saved', details: value });
    },
  });

  app.get(
    '/admin/house-agreement',
    { schema: { response: { 200: HouseAgreementListSchema } } },
    async () => ({
      versions: await readAgreementVersions(db),
    }),
  );

  app.put(
    '/admin/house-agreement',
    { schema: { body: HouseAgreementInputSchema, response: { 200: HouseAgreementSchema } } },
    async (request) =>
      db.transaction(async (tx) => {
        const saved = await addAgreementVersion(tx, request.body.text, clock.now());
        await audit(tx, {
          actor: actor(request),
          action: 'house_agreement.saved',
          details: { version: saved.version },
        });
        return saved;
      }),
  );

  app.get(
    '/admin/bookings/:id/check-in',
    { schema: { params: IdParams, response: { 200: StayCheckInSchema } } },
    async (request) => {
      const stay = await bookings.findStay({ id: request.params.id });
      if (stay?.kind !== 'guest') throw notFound('There is no guest booking with that id.');
      const hold = await damageHold(stay);
      return { ...(await readArrival(db, stay, clock.now())), damageHold: hold };
    },
  );

  app.get(
    '/admin/guest-register',
    { schema: { querystring: GuestRegisterQuerySchema } },
    async (request, reply) => {
      const { from, to, format } = request.query;
      const entries = await registerBetween(db, from, to);
      reply.header('cache-control', 'no-store');
      if (format === 'csv') {
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="guest-register-${from}-to-${to}.csv"`)
          .send(registerCsv(entries));
      }
      return GuestRegisterSchema.parse({ from, to, entries });
    },
  );
};
