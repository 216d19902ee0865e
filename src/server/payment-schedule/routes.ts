import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PaymentScheduleSettingSchema } from '../../domain/payment-schedule.ts';
import type { AppContext } from '../context.ts';
import { settingRoutes } from '../settings/setting-routes.ts';
import { readPaymentSchedule, savePaymentSchedule } from './schedule-setting.ts';

/** GET /api/payment-schedule: public, so the booking card shows what is charged today and what later. */
export const publicPaymentScheduleRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  app.get(
    '/payment-schedule',
    { schema: { response: { 200: PaymentScheduleSettingSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return readPaymentSchedule(db);
    },
  );
};

/** The owner's setting (registered in the admin scope: 401 without a token); every change is audited. */
export const adminPaymentScheduleRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, clock }) => {
  settingRoutes(app, db, {
    url: '/admin/payment-schedule',
    body: PaymentScheduleSettingSchema,
    read: readPaymentSchedule,
    save: (tx, setting, by) => savePaymentSchedule(tx, setting, by, clock.now()),
  });
};
