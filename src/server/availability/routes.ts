import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AvailabilitySchema,
  PropertyIdParamsSchema,
  QuoteSchema,
  StayQuerySchema,
  UnavailableDatesSchema,
} from '../../domain/api.ts';
import { quoteStay } from '../../domain/pricing.ts';
import { type Calendar, createCalendar } from '../bookings/calendar.ts';
import { requireStayRules, unknownProperty } from '../bookings/requirements.ts';
import type { AppContext } from '../context.ts';

async function requireProperty(repository: Calendar, propertyId: number): Promise<void> {
  if (!(await repository.propertyExists(propertyId))) throw unknownProperty(propertyId);
}

/** The calendar, availability and price of stays (spec section 7), public. */
export const availabilityRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, clock }) => {
  const repository = createCalendar(db);

  app.get(
    '/unavailable-dates/:propertyId',
    { schema: { params: PropertyIdParamsSchema, response: { 200: UnavailableDatesSchema } } },
    async (request, reply) => {
      const { propertyId } = request.params;
      await requireProperty(repository, propertyId);
      // The calendar is serialised once per reading of the database, not once per request.
      const { value, json } = await repository.unavailableNightsWithJson(propertyId, clock.now());
      return reply
        .type('application/json; charset=utf-8')
        .serializer(() => json)
        .send(value);
    },
  );

  // The two answers below are a few dozen bytes: below the compression threshold, so they skip its hooks.
  app.get(
    '/availability',
    { compress: false, schema: { querystring: StayQuerySchema, response: { 200: AvailabilitySchema } } },
    async (request) => {
      const { propertyId, checkInDate, checkOutDate } = request.query;
      const now = clock.now();
      await requireProperty(repository, propertyId);
      requireStayRules({ checkIn: checkInDate, checkOut: checkOutDate }, now);
      return { available: await repository.isShownFree(propertyId, checkInDate, checkOutDate, now) };
    },
  );

  app.get(
    '/quote',
    { compress: false, schema: { querystring: StayQuerySchema, response: { 200: QuoteSchema } } },
    async (request) => {
      const { propertyId, checkInDate, checkOutDate } = request.query;
      await requireProperty(repository, propertyId);
      requireStayRules({ checkIn: checkInDate, checkOut: checkOutDate }, clock.now());
      return quoteStay(checkInDate, checkOutDate);
    },
  );
};
