import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AvailabilitySchema,
  PropertyIdParamsSchema,
  QuoteQuerySchema,
  QuoteSchema,
  StayQuerySchema,
  UnavailableDatesSchema,
} from '../../domain/api/availability.ts';
import { todayOnPropertyClock } from '../../domain/dates.ts';
import { planStayProblem } from '../../domain/rate-plan-rules.ts';
import type { BookingsRepository } from '../bookings/bookings-repository.ts';
import { requireStayRules, unknownProperty } from '../bookings/requirements.ts';
import type { AppContext } from '../context.ts';
import { badRequest } from '../errors.ts';
import { priceGuestStay } from '../pricing/rate-plan-repository.ts';

async function requireProperty(bookings: BookingsRepository, propertyId: number): Promise<void> {
  if (!(await bookings.propertyExists(propertyId))) throw unknownProperty(propertyId);
}

/** The calendar, availability and price of stays (spec section 7), public. */
export const availabilityRoutes: FastifyPluginAsyncZod<AppContext> = async (
  app,
  { db, clock, bookings, ratePlans },
) => {
  const { calendar } = bookings;

  app.get(
    '/unavailable-dates/:propertyId',
    { schema: { params: PropertyIdParamsSchema, response: { 200: UnavailableDatesSchema } } },
    async (request, reply) => {
      const { propertyId } = request.params;
      await requireProperty(bookings, propertyId);
      // The calendar is serialised once per reading of the database, not once per request.
      const { value, json } = await calendar.unavailableNightsWithJson(propertyId, clock.now());
      return reply
        .type('application/json; charset=utf-8')
        .serializer(() => json)
        .send(value);
    },
  );

  // The availability answer is a few dozen bytes: below the compression threshold, so it skips its hooks.
  app.get(
    '/availability',
    { compress: false, schema: { querystring: StayQuerySchema, response: { 200: AvailabilitySchema } } },
    async (request) => {
      const { propertyId, checkInDate, checkOutDate } = request.query;
      const now = clock.now();
      await requireProperty(bookings, propertyId);
      requireStayRules({ checkIn: checkInDate, checkOut: checkOutDate }, now);
      const problem = planStayProblem(await ratePlans.current(now), {
        checkIn: checkInDate,
        checkOut: checkOutDate,
      });
      if (problem) throw badRequest(problem.message, problem.rule);
      return { available: await calendar.isShownFree(propertyId, checkInDate, checkOutDate, now) };
    },
  );

  app.get(
    '/quote',
    { schema: { querystring: QuoteQuerySchema, response: { 200: QuoteSchema } } },
    async (request) => {
      const { propertyId, checkInDate, checkOutDate, promoCode } = request.query;
      const now = clock.now();
      await requireProperty(bookings, propertyId);
      const stay = { checkIn: checkInDate, checkOut: checkOutDate };
      requireStayRules(stay, now);
      const { quote } = await priceGuestStay(db, {
        stay,
        promoCode,
        now,
        today: todayOnPropertyClock(now),
        plan: await ratePlans.current(now),
      });
      return quote;
    },
  );
};
