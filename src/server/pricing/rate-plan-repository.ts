import { and, count, eq, ne, sql } from 'drizzle-orm';
import type { IsoDate } from '../../domain/dates.ts';
import { priceStay, type Quote } from '../../domain/pricing.ts';
import { PROPERTY_ID } from '../../domain/property.ts';
import {
  DEFAULT_RATE_PLAN,
  normalisePromoCode,
  type PromoCode,
  type PromoCodeFields,
  planStayProblem,
  promoProblem,
  type RatePlan,
  RatePlanSchema,
} from '../../domain/rate-plan.ts';
import { liveAt } from '../bookings/nights-rule.ts';
import type { Db, DbOrTx } from '../db/database.ts';
import { promoCodes, ratePlans, stays } from '../db/schema.ts';
import { badRequest } from '../errors.ts';
import { createSingleFlight, type SingleFlight } from '../jobs/single-flight.ts';

/**
 * The rate plan and the promo codes as stored (schema.ts: `rate_plans`, `promo_codes`), and the server's one way
 * to price a guest's stay with them (`priceGuestStay`): the quote route, the hold and the owner's booking all go
 * through it, so what is quoted is what is charged.
 */

type PromoRow = typeof promoCodes.$inferSelect;

export function promoFromRow(row: PromoRow, uses: number): PromoCode {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    percent: row.percentBp === null ? null : row.percentBp / 100,
    amountPence: row.amountPence,
    bookFrom: row.bookFrom,
    bookTo: row.bookTo,
    stayFrom: row.stayFrom,
    stayTo: row.stayTo,
    maxUses: row.maxUses,
    active: row.active,
    uses,
  };
}

export function promoToRow(fields: PromoCodeFields) {
  return {
    code: fields.code,
    kind: fields.kind,
    percentBp: fields.kind === 'percent' && fields.percent !== null ? Math.round(fields.percent * 100) : null,
    amountPence: fields.kind === 'fixed' ? fields.amountPence : null,
    bookFrom: fields.bookFrom,
    bookTo: fields.bookTo,
    stayFrom: fields.stayFrom,
    stayTo: fields.stayTo,
    maxUses: fields.maxUses,
    active: fields.active,
  };
}

/** The stored plan, or the specification's figures when the owner has never changed it. */
export async function loadRatePlan(tx: DbOrTx, options: { forUpdate?: boolean } = {}): Promise<RatePlan> {
  const query = tx
    .select({ plan: ratePlans.plan })
    .from(ratePlans)
    .where(eq(ratePlans.propertyId, PROPERTY_ID));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  if (!row) return DEFAULT_RATE_PLAN;
  // Written only after the same schema accepted it; parsed again so a hand-edited row cannot mislead a quote.
  return RatePlanSchema.parse(row.plan);
}

/**
 * How long the guest's reads (the quote, the availability check, the public plan) use a plan read from the database
 * before reading it again. The owner's change in this process is seen at once (`forgetRatePlan`); another process's
 * (several on one PostgreSQL) within this time. A hold never uses it: it prices inside its transaction, and a price
 * that changed since the quote is answered 409 `price_changed`, as before.
 */
export const RATE_PLAN_CACHE_MS = 2000;

type PlanCache = {
  plan?: RatePlan;
  readAt: number;
  generation: number;
  /** The read under way, for every guest waiting (keyed by the generation it started in). */
  reads: SingleFlight<number, RatePlan>;
};
/** Per database handle, like the guest's calendar (bookings/calendar.ts): every route made on it shares it. */
const planCaches = new WeakMap<object, PlanCache>();
const planCacheOf = (db: Db): PlanCache => {
  let cache = planCaches.get(db);
  if (!cache) {
    cache = { readAt: Number.NEGATIVE_INFINITY, generation: 0, reads: createSingleFlight() };
    planCaches.set(db, cache);
  }
  return cache;
};

/** The current plan for the guest's reads, from memory for up to RATE_PLAN_CACHE_MS; one read for all waiting. */
export async function cachedRatePlan(db: Db, now: Date): Promise<RatePlan> {
  const cache = planCacheOf(db);
  const age = now.getTime() - cache.readAt;
  if (cache.plan && age >= 0 && age < RATE_PLAN_CACHE_MS) return cache.plan;
  const generation = cache.generation;
  return cache.reads.run(generation, async () => {
    const plan = await loadRatePlan(db);
    // A change committed while this read ran makes its answer unsafe to keep.
    if (generation === cache.generation) Object.assign(cache, { plan, readAt: now.getTime() });
    return plan;
  });
}

/** The owner changed the plan (after the commit): the next read goes to the database. */
export function forgetRatePlan(db: Db): void {
  const cache = planCacheOf(db);
  cache.generation++;
  cache.plan = undefined;
}

export async function saveRatePlan(tx: DbOrTx, plan: RatePlan, now: Date): Promise<void> {
  await tx
    .insert(ratePlans)
    .values({ propertyId: PROPERTY_ID, plan, updatedAt: now })
    .onConflictDoUpdate({ target: ratePlans.propertyId, set: { plan, updatedAt: now } });
}

/** Bookings that use a code: confirmed, or holding their nights now (a lapsed or cancelled one gives it back). */
export async function promoUses(
  tx: DbOrTx,
  promoCodeId: number,
  now: Date,
  excludeStayId?: string,
): Promise<number> {
  const [row] = await tx
    .select({ uses: count() })
    .from(stays)
    .where(
      and(
        eq(stays.promoCodeId, promoCodeId),
        liveAt(now),
        excludeStayId ? ne(stays.id, excludeStayId) : undefined,
      ),
    );
  return row?.uses ?? 0;
}

export async function findPromoByCode(
  tx: DbOrTx,
  code: string,
  now: Date,
  excludeStayId?: string,
): Promise<PromoCode | null> {
  const [row] = await tx
    .select()
    .from(promoCodes)
    .where(eq(sql`upper(${promoCodes.code})`, normalisePromoCode(code)));
  return row ? promoFromRow(row, await promoUses(tx, row.id, now, excludeStayId)) : null;
}

export async function listPromoCodes(db: Db, now: Date): Promise<PromoCode[]> {
  const rows = await db.select().from(promoCodes).orderBy(promoCodes.code);
  return Promise.all(rows.map(async (row) => promoFromRow(row, await promoUses(db, row.id, now))));
}

export type PricedStay = { quote: Quote; plan: RatePlan; promo: PromoCode | null };

/**
 * Prices a guest's stay by the current plan and promo code: the plan's stay rules (a season's minimum stay,
 * days closed to arrival or departure) and the promo code's (windows, uses, active) are checked first, each a
 * 400 with a sentence. `today` is the booking day on the property's clock.
 */
export async function priceGuestStay(
  tx: DbOrTx,
  args: {
    stay: { checkIn: IsoDate; checkOut: IsoDate };
    promoCode?: string | undefined;
    now: Date;
    today: IsoDate;
    excludeStayId?: string | undefined;
    ownerMade?: boolean;
    /** The plan to price with (the quote's, from memory); by default read with `tx` (holds, owner bookings). */
    plan?: RatePlan;
  },
): Promise<PricedStay> {
  const plan = args.plan ?? (await loadRatePlan(tx));
  if (!args.ownerMade) {
    const problem = planStayProblem(plan, args.stay);
    if (problem) throw badRequest(problem.message, problem.rule);
  }
  let promo: PromoCode | null = null;
  const code = args.promoCode?.trim();
  if (code) {
    promo = await findPromoByCode(tx, code, args.now, args.excludeStayId);
    const problem = promoProblem(promo, args.stay, args.today);
    if (problem) throw badRequest(problem.message, 'promo_code_invalid', { reason: problem.problem });
  }
  return { quote: priceStay(args.stay, plan, promo), plan, promo };
}
