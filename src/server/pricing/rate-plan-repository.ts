import { and, count, eq, ne, sql } from 'drizzle-orm';
import type { IsoDate } from '../../domain/dates.ts';
import { priceStay, type Quote } from '../../domain/pricing.ts';
import { PROPERTY_ID } from '../../domain/property.ts';
import {
  normalisePromoCode,
  type PromoCode,
  type PromoCodeFields,
  promoProblem,
  type RatePlan,
  RatePlanSchema,
} from '../../domain/rate-plan.ts';
import { DEFAULT_RATE_PLAN, planStayProblem } from '../../domain/rate-plan-rules.ts';
import { liveAt } from '../bookings/nights-rule.ts';
import type { Clock } from '../clock.ts';
import type { Db, DbOrTx, Tx } from '../db/database.ts';
import { createKeptReadings } from '../db/kept-readings.ts';
import { promoCodes, ratePlans, stays } from '../db/schema.ts';
import { badRequest } from '../errors.ts';

/**
 * The rate plan and the promo codes as stored (schema.ts: `rate_plans`, `promo_codes`), and the server's one way
 * to price a guest's stay with them (`priceGuestStay`): the quote route, the hold and the owner's booking all go
 * through it, so what is quoted is what is charged. `createRatePlans` keeps the plan for the guest's reads.
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
export async function loadRatePlan(
  tx: DbOrTx,
  options: { forUpdate?: boolean; propertyId?: number } = {},
): Promise<RatePlan> {
  const query = tx
    .select({ plan: ratePlans.plan })
    .from(ratePlans)
    .where(eq(ratePlans.propertyId, options.propertyId ?? PROPERTY_ID));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  if (!row) return DEFAULT_RATE_PLAN;
  // Written only after the same schema accepted it; parsed again so a hand-edited row cannot mislead a quote.
  return RatePlanSchema.parse(row.plan);
}

/**
 * How long the guest's reads (the quote, the availability check, the public plan) use a plan read from the database
 * before reading it again. The owner's change in this process is forgotten once it commits (`transaction`);
 * another process's (several on one PostgreSQL) is seen within this time. A hold never uses it: it prices inside
 * its transaction, and a price that changed since the quote is answered 409 `price_changed`, as before.
 */
export const RATE_PLAN_CACHE_MS = 2000;

export type RatePlans = ReturnType<typeof createRatePlans>;

/**
 * The rate plan as the guest's reads use it, kept in memory for up to RATE_PLAN_CACHE_MS, and the owner's changes
 * of it, after whose commit it is forgotten (docs/decisions/019-caches-kept-by-their-writer.md).
 */
export function createRatePlans({ db, clock }: { db: Db; clock: Clock }) {
  const kept = createKeptReadings<number, RatePlan>({
    clock,
    maxAgeMs: RATE_PLAN_CACHE_MS,
    read: async (propertyId) => ({ value: await loadRatePlan(db, { propertyId }) }),
  });
  return {
    /** The current plan for the guest's reads, from memory for up to RATE_PLAN_CACHE_MS. */
    current: (now: Date): Promise<RatePlan> => kept.get(PROPERTY_ID, now),
    /** A change of the plan or the promo codes, in one transaction; the plan is forgotten after the commit. */
    async transaction<T>(run: (tx: Tx) => Promise<T>): Promise<T> {
      try {
        return await db.transaction(run);
      } finally {
        kept.forget();
      }
    },
  };
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
