import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AvailabilitySchema,
  BlockDatesSchema,
  OwnerBlockSchema,
  PropertyIdParamsSchema,
  QuoteSchema,
  StayQuerySchema,
  UnavailableDatesSchema,
} from '../../domain/api.ts';
import { quoteStay } from '../../domain/pricing.ts';
import { checkStayRules, STAY_RULE_MESSAGES } from '../../domain/stay-rules.ts';
import type { AppContext } from '../context.ts';
import { auditLog } from '../db/schema.ts';
import { badRequest, notFound } from '../errors.ts';
import { createPaymentService } from '../payments/payment-service.ts';
import { createStaysRepository, type StaysRepository } from '../stays/stays-repository.ts';

const unknownProperty = (propertyId: number) =>
  notFound(`There is no property with id ${propertyId}.`, 'property_not_found');

async function requireProperty(repository: StaysRepository, propertyId: number): Promise<void> {
  if (!(await repository.propertyExists(propertyId))) throw unknownProperty(propertyId);
}

/** A guest's stay must keep the rules (spec README, "Stay rules on the server"), else a 400 naming the rule. */
function requireGuestStay(checkIn: string, checkOut: string, now: Date): void {
  const violation = checkStayRules({ checkIn, checkOut }, now);
  if (violation) throw badRequest(STAY_RULE_MESSAGES[violation], violation);
}

/** The calendar, availability and price of stays (spec section 7), public. */
export const availabilityRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, clock }) => {
  const repository = createStaysRepository(db);

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
      requireGuestStay(checkInDate, checkOutDate, now);
      return { available: await repository.isShownFree(propertyId, checkInDate, checkOutDate, now) };
    },
  );

  app.get(
    '/quote',
    { compress: false, schema: { querystring: StayQuerySchema, response: { 200: QuoteSchema } } },
    async (request) => {
      const { propertyId, checkInDate, checkOutDate } = request.query;
      await requireProperty(repository, propertyId);
      requireGuestStay(checkInDate, checkOutDate, clock.now());
      return quoteStay(checkInDate, checkOutDate);
    },
  );
};

/** Owner blocks (spec section 7): registered inside the admin scope, so they answer 401 without a token. */
export const blockDatesRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const { db, clock } = context;
  const repository = createStaysRepository(db);
  const payments = createPaymentService(context, app.log);

  app.post(
    '/admin/block-dates',
    { schema: { body: BlockDatesSchema, response: { 201: OwnerBlockSchema } } },
    async (request, reply) => {
      const { propertyId, checkInDate, checkOutDate, reason } = request.body;
      const now = clock.now();
      await requireProperty(repository, propertyId);
      // Owner blocks may break the 2–28 night rule, not the past (spec README).
      const violation = checkStayRules({ checkIn: checkInDate, checkOut: checkOutDate }, now, {
        ownerMade: true,
      });
      if (violation) throw badRequest(STAY_RULE_MESSAGES[violation], violation);
      // Lapsed holds on these nights whose guest may have paid: asked about before the transaction.
      await payments.reconcileLapsedHolds({
        nights: { propertyId, checkIn: checkInDate, checkOut: checkOutDate },
      });
      const block = await db.transaction(async (tx) => {
        const row = await repository.createBlock(
          { propertyId, checkIn: checkInDate, checkOut: checkOutDate, reason, now },
          tx,
        );
        await tx.insert(auditLog).values({
          actor: request.admin?.username ?? 'admin',
          action: 'stays.block',
          details: { stayId: row.id, propertyId, checkInDate, checkOutDate, reason },
          createdAt: now,
        });
        return row;
      });
      repository.invalidate();
      return reply.status(201).send({
        id: block.id,
        propertyId: block.propertyId,
        kind: 'block' as const,
        status: 'confirmed' as const,
        checkInDate: block.checkIn,
        checkOutDate: block.checkOut,
        contactName: 'Owner Block' as const,
        reason: block.reason,
      });
    },
  );
};
