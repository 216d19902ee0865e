import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AdminRatePlanSchema, PublicRatePlanSchema } from '../../domain/api/pricing.ts';
import { PROPERTY_ID } from '../../domain/property.ts';
import {
  BaseRatesSchema,
  DateOverrideInputSchema,
  PromoCodeInputSchema,
  PromoCodeParamsSchema,
  type RatePlan,
  RatePlanItemParamsSchema,
  RatePlanSchema,
  SeasonInputSchema,
  StayDiscountInputSchema,
} from '../../domain/rate-plan.ts';
import { DEFAULT_RATE_PLAN } from '../../domain/rate-plan-rules.ts';
import { actor, audit } from '../audit/audit.ts';
import type { AppContext } from '../context.ts';
import { PG_UNIQUE_VIOLATION, pgErrorCode } from '../db/database.ts';
import { promoCodes, ratePlans, stays } from '../db/schema.ts';
import { badRequest, conflict, notFound } from '../errors.ts';
import { listPromoCodes, loadRatePlan, promoToRow, saveRatePlan } from './rate-plan-repository.ts';

/** The prices sent are not valid: the first of the domain's sentences, which name the field they are about. */
const invalidPrices = (messages: (string | undefined)[]) =>
  badRequest(messages.find(Boolean) ?? 'The prices sent are not valid.');

const PART_NAMES = { seasons: 'season', overrides: 'date override', discounts: 'discount' } as const;
type Part = keyof typeof PART_NAMES;
const PART_INPUTS = {
  seasons: SeasonInputSchema,
  overrides: DateOverrideInputSchema,
  discounts: StayDiscountInputSchema,
} as const;

/**
 * The rate plan: `GET /api/rate-plan` for the booking card and the calendar (public: no promo codes),
 * and the owner's Prices tab under `/api/admin/rate-plan` and `/api/admin/promo-codes` (registered in the admin
 * scope: 401 without the token). Every request is checked by the domain's schemas and every change to the plan
 * is checked whole (overlapping seasons…): a 400 `invalid_input` with one of the domain's sentences otherwise,
 * which the Prices tab shows as it is. A change is written with an audit-log entry in one transaction, and
 * answered with the whole plan.
 * See docs/decisions/013-rate-plan.md.
 */
export const ratePlanPublicRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { ratePlans, clock }) => {
  app.get('/rate-plan', { schema: { response: { 200: PublicRatePlanSchema } } }, async () =>
    ratePlans.current(clock.now()),
  );
};

export const ratePlanAdminRoutes: FastifyPluginAsyncZod<AppContext> = async (app, options) => {
  const { db, clock } = options;
  // Not the "field: message" list of other routes: the domain's sentences already say which field they mean.
  app.setSchemaErrorFormatter((issues) => invalidPrices(issues.map((issue) => issue.message)));

  async function state() {
    return { plan: await loadRatePlan(db), promoCodes: await listPromoCodes(db, clock.now()) };
  }

  /** Changes the plan under a row lock, checks it whole, saves it and writes the audit entry, all or nothing. */
  async function changePlan(
    who: string,
    action: string,
    change: (plan: RatePlan) => { plan: RatePlan; details: Record<string, unknown> },
  ) {
    const now = clock.now();
    await options.ratePlans.transaction(async (tx) => {
      await tx
        .insert(ratePlans)
        .values({ propertyId: PROPERTY_ID, plan: DEFAULT_RATE_PLAN, updatedAt: now })
        .onConflictDoNothing();
      const current = await loadRatePlan(tx, { forUpdate: true });
      const { plan, details } = change(current);
      const checked = RatePlanSchema.safeParse(plan);
      if (!checked.success) throw invalidPrices(checked.error.issues.map((issue) => issue.message));
      await saveRatePlan(tx, checked.data, now);
      await audit(tx, { actor: who, action, details });
    });
    // The public pages print the plan's rates: they are rendered again with it (decision 012).
    options.siteContent.changed();
    return state();
  }

  app.get('/admin/rate-plan', { schema: { response: { 200: AdminRatePlanSchema } } }, async () => state());

  app.put(
    '/admin/rate-plan/base',
    { schema: { body: BaseRatesSchema, response: { 200: AdminRatePlanSchema } } },
    async (request) => {
      const base = request.body;
      return changePlan(actor(request), 'prices.base_changed', (plan) => ({
        plan: { ...plan, ...base },
        details: {
          before: {
            weekdayPence: plan.weekdayPence,
            weekendPence: plan.weekendPence,
            weekendNights: plan.weekendNights,
            cleaningFeePence: plan.cleaningFeePence,
            serviceFeePercent: plan.serviceFeePercent,
            levy: plan.levy,
          },
          after: base,
        },
      }));
    },
  );

  for (const part of Object.keys(PART_NAMES) as Part[]) {
    const singular = PART_NAMES[part];
    const actionStem = `prices.${singular.replace(' ', '_')}`;
    const missing = () =>
      notFound(`That ${singular} no longer exists. Reload the page to see the current prices.`);

    app.post(
      `/admin/rate-plan/${part}`,
      { schema: { body: PART_INPUTS[part], response: { 201: AdminRatePlanSchema } } },
      async (request, reply) => {
        const input = request.body;
        const item = { id: randomUUID(), ...input };
        const answer = await changePlan(actor(request), `${actionStem}_added`, (plan) => ({
          plan: { ...plan, [part]: [...plan[part], item] },
          details: { [singular]: item },
        }));
        return reply.status(201).send(answer);
      },
    );

    app.put(
      `/admin/rate-plan/${part}/:id`,
      {
        schema: {
          params: RatePlanItemParamsSchema,
          body: PART_INPUTS[part],
          response: { 200: AdminRatePlanSchema },
        },
      },
      async (request) => {
        const input = request.body;
        const { id } = request.params;
        return changePlan(actor(request), `${actionStem}_changed`, (plan) => {
          const items = plan[part] as { id: string }[];
          const before = items.find((item) => item.id === id);
          if (!before) throw missing();
          const after = { id, ...input };
          return {
            plan: { ...plan, [part]: items.map((item) => (item.id === id ? after : item)) },
            details: { before, after },
          };
        });
      },
    );

    app.delete(
      `/admin/rate-plan/${part}/:id`,
      { schema: { params: RatePlanItemParamsSchema, response: { 200: AdminRatePlanSchema } } },
      async (request) => {
        const { id } = request.params;
        return changePlan(actor(request), `${actionStem}_deleted`, (plan) => {
          const items = plan[part] as { id: string }[];
          const before = items.find((item) => item.id === id);
          if (!before) throw missing();
          return { plan: { ...plan, [part]: items.filter((item) => item.id !== id) }, details: { before } };
        });
      },
    );
  }

  const duplicateCode = (code: string) =>
    badRequest(
      `There is already a promo code ${code} (codes do not depend on upper or lower case).`,
      'promo_code_taken',
    );

  app.post(
    '/admin/promo-codes',
    { schema: { body: PromoCodeInputSchema, response: { 201: AdminRatePlanSchema } } },
    async (request, reply) => {
      const input = request.body;
      try {
        await db.transaction(async (tx) => {
          const [row] = await tx.insert(promoCodes).values(promoToRow(input)).returning();
          await audit(tx, { actor: actor(request), action: 'prices.promo_added', details: { promo: row } });
        });
      } catch (error) {
        if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) throw duplicateCode(input.code);
        throw error;
      }
      return reply.status(201).send(await state());
    },
  );

  app.put(
    '/admin/promo-codes/:id',
    {
      schema: {
        params: PromoCodeParamsSchema,
        body: PromoCodeInputSchema,
        response: { 200: AdminRatePlanSchema },
      },
    },
    async (request) => {
      const input = request.body;
      const { id } = request.params;
      try {
        await db.transaction(async (tx) => {
          const [before] = await tx.select().from(promoCodes).where(eq(promoCodes.id, id)).for('update');
          if (!before)
            throw notFound('That promo code no longer exists. Reload the page to see the current codes.');
          const [after] = await tx
            .update(promoCodes)
            .set({ ...promoToRow(input), updatedAt: clock.now() })
            .where(eq(promoCodes.id, id))
            .returning();
          await audit(tx, {
            actor: actor(request),
            action: 'prices.promo_changed',
            details: { before, after },
          });
        });
      } catch (error) {
        if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) throw duplicateCode(input.code);
        throw error;
      }
      return state();
    },
  );

  app.delete(
    '/admin/promo-codes/:id',
    { schema: { params: PromoCodeParamsSchema, response: { 200: AdminRatePlanSchema } } },
    async (request) => {
      const { id } = request.params;
      await db.transaction(async (tx) => {
        const [before] = await tx.select().from(promoCodes).where(eq(promoCodes.id, id)).for('update');
        if (!before)
          throw notFound('That promo code no longer exists. Reload the page to see the current codes.');
        const [used] = await tx.select({ n: count() }).from(stays).where(eq(stays.promoCodeId, id));
        if ((used?.n ?? 0) > 0)
          throw conflict(
            `The promo code ${before.code} is recorded on ${used!.n} ${used!.n === 1 ? 'booking' : 'bookings'}, so it is kept: switch it off instead.`,
            'promo_code_used',
          );
        await tx.delete(promoCodes).where(eq(promoCodes.id, id));
        await audit(tx, { actor: actor(request), action: 'prices.promo_deleted', details: { before } });
      });
      return state();
    },
  );
};
