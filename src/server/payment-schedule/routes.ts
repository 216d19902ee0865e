import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PaymentScheduleSettingSchema } from '../../domain/payment-schedule.ts';
import { actor } from '../audit/audit.ts';
import type { AppContext } from '../context.ts';
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
  app.get(
    '/admin/payment-schedule',
    { schema: { response: { 200: PaymentScheduleSettingSchema } } },
    async () => readPaymentSchedule(db),
  );
  app.put(
    '/admin/payment-schedule',
    { schema: { body: PaymentScheduleSettingSchema, response: { 200: PaymentScheduleSettingSchema } } },
    async (request) => savePaymentSchedule(db, request.body, actor(request), clock.now()),
  );
};
