import { type AnyColumn, and, eq, gt, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { IsoDate } from '../../domain/dates.ts';
import { type DbOrTx, PG_EXCLUSION_VIOLATION, pgErrorCode } from '../db/database.ts';
import { importedEvents, stays } from '../db/schema.ts';

/**
 * The nights rule (docs/decisions/008-nights-rule.md), in SQL: which stays hold their nights, and whether a
 * stay's nights are free of our live stays and of the channels' events that are not echoes of our own stays.
 * The pure form of the same definitions is in src/domain/booking-lifecycle.ts.
 */

/**
 * What a refused write of stays throws: `refusal()`, the caller's 409 with a sentence, when the exclusion
 * constraint refused it (another live stay holds one of its nights); any other error as it was.
 */
export const nightsTakenAs = (error: unknown, refusal: () => Error): unknown =>
  pgErrorCode(error) === PG_EXCLUSION_VIOLATION ? refusal() : error;

/** Nights [checkIn, checkOut) of one property. */
export type PropertyNights = { propertyId: number; checkIn: IsoDate; checkOut: IsoDate };

/** A bound of a range of nights: a date, or a stay's column (to test each stay of a query). */
type NightBound = IsoDate | AnyColumn;

/** Each stay's own nights, for the tests below run once per stay of a query. */
export const stayNights = {
  propertyId: stays.propertyId,
  checkIn: stays.checkIn,
  checkOut: stays.checkOut,
} as const;

/**
 * The one overlap test against the channels' imported events: events of the property that share a night with
 * [checkIn, checkOut) (with no `checkOut`, a night from `checkIn` on). `taking` events hold their nights (every
 * event but the echoes of our own stays); `conflicting` ones were found to overlap a confirmed stay of ours at
 * import. The nights rule, the holds an import takes, the conflicts' attention and the guest's calendar use it.
 */
export const eventsSharingNights = (
  nights: { propertyId: number | AnyColumn; checkIn: NightBound; checkOut?: NightBound },
  which: 'taking' | 'conflicting',
): SQL =>
  and(
    eq(importedEvents.propertyId, nights.propertyId),
    nights.checkOut === undefined ? undefined : lt(importedEvents.checkIn, nights.checkOut),
    gt(importedEvents.checkOut, nights.checkIn),
    which === 'taking' ? eq(importedEvents.echo, false) : eq(importedEvents.conflict, true),
  )!;

/** Whether any event of `eventsSharingNights` exists (for a stay's columns, tested per stay). */
export const anEventSharesNights = (...args: Parameters<typeof eventsSharingNights>): SQL =>
  sql`exists (select 1 from ${importedEvents} where ${eventsSharingNights(...args)})`;

/** The first key of the per-property advisory lock on nights (the second is the property id). */
const NIGHTS_LOCK_CLASS = 727_010;

/**
 * A stay row that holds its nights at `now`: confirmed (guest or block), or pending with a live hold — and not a
 * day hire whose night stays bookable, which takes no night (docs/decisions/028-enquiries-and-quotes.md).
 * The one definition of a live stay; `lapsedAt` is its complement among pending stays.
 */
export const liveAt = (now: Date): SQL =>
  and(
    eq(stays.holdsNight, true),
    or(
      eq(stays.status, 'confirmed'),
      and(eq(stays.status, 'pending'), or(isNull(stays.holdExpiresAt), gt(stays.holdExpiresAt, now))),
    ),
  )!;

/** A pending stay whose hold has run out at `now`: it no longer holds its nights and is due to expire. */
export const lapsedAt = (now: Date): SQL => and(eq(stays.status, 'pending'), lte(stays.holdExpiresAt, now))!;

/**
 * How long after its lapse a hold with a payment intent may stay pending while the payment provider cannot say
 * that its payment failed (still processing, or unreachable). Until then only the reconciliation
 * (src/server/payments/reconcile-holds.ts), which asks the provider first, expires such a hold; past it, any
 * lapsed hold expires.
 */
export const PAYMENT_CHECK_MAX_MS = 30 * 60_000;

/**
 * A lapsed hold that may expire without asking the payment provider, so inside a transaction (which never waits
 * on the network): it has no payment intent, or it lapsed more than PAYMENT_CHECK_MAX_MS ago.
 */
export const expirableAt = (now: Date): SQL =>
  and(
    lapsedAt(now),
    or(
      isNull(stays.paymentIntentId),
      lte(stays.holdExpiresAt, new Date(now.getTime() - PAYMENT_CHECK_MAX_MS)),
    ),
  )!;

/** Stays of the property that share a night with [checkIn, checkOut). */
export const touching = (nights: PropertyNights): SQL =>
  and(
    eq(stays.propertyId, nights.propertyId),
    sql`${stays.checkIn} < ${nights.checkOut}`,
    sql`${stays.checkOut} > ${nights.checkIn}`,
  )!;

/**
 * Takes the property's nights lock until the end of the transaction `tx`: every transaction that takes nights
 * (a guest's hold, re-taking an expired hold, confirming a payment, an owner's booking) and every import that
 * replaces a channel's events takes it first, so they run one after another for that property. Taken first,
 * before any row lock, it also gives every such transaction the same lock order (no deadlocks between them).
 */
export async function lockNights(tx: DbOrTx, propertyId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${NIGHTS_LOCK_CLASS}::int, ${propertyId}::int)`);
}

/**
 * True when no night of [checkIn, checkOut) is held by a live stay or by a channel's event that is not an echo
 * of our own stay. Read from the database, never from the cache. `excludeStayId` ignores one stay (a guest
 * retrying against their own hold). A transaction that takes nights calls `lockNights` first, so an import
 * cannot commit between this check and its write.
 */
export async function nightsAreFree(
  tx: DbOrTx,
  nights: PropertyNights & { now: Date; excludeStayId?: string },
): Promise<boolean> {
  const { propertyId, checkIn, checkOut, now, excludeStayId } = nights;
  const excluded = excludeStayId ? sql` and ${stays.id} <> ${excludeStayId}` : sql``;
  // One round trip: the hot path of /api/availability and of every hold.
  const result = await tx.execute<{ taken: boolean }>(sql`select
    exists (select 1 from ${stays} where ${stays.propertyId} = ${propertyId}
      and ${stays.checkIn} < ${checkOut} and ${stays.checkOut} > ${checkIn} and ${liveAt(now)}${excluded})
    or ${anEventSharesNights({ propertyId, checkIn, checkOut }, 'taking')} as taken`);
  return !(result as unknown as { rows: { taken: boolean }[] }).rows[0]?.taken;
}
