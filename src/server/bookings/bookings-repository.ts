import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gt, inArray, isNotNull, lt, lte, sql } from 'drizzle-orm';
import { OWNER_BLOCK_NAME } from '../../domain/api/admin-bookings.ts';
import type { IsoDate } from '../../domain/dates.ts';
import type { Db, DbOrTx } from '../db/database.ts';
import { PG_EXCLUSION_VIOLATION, pgErrorCode } from '../db/database.ts';
import { importedEvents, stays } from '../db/schema.ts';
import { conflict } from '../errors.ts';
import { createCalendar } from './calendar.ts';
import {
  expirableAt,
  lapsedAt,
  liveAt,
  lockNights,
  nightsAreFree,
  type PropertyNights,
  touching,
} from './nights-rule.ts';

/**
 * Every write of a stay — a guest's hold, an owner's booking, an owner block, confirm, cancel, expire — and the
 * reads of stay rows, in one place. Payments, the owner's admin and calendar sync call it; none writes `stays`
 * itself. Every method takes its arguments, then the database or the caller's transaction (`tx`, default the
 * database). Writes that change which nights are taken clear the guest's calendar (`invalidate`); a caller that
 * writes inside its own transaction also calls `invalidate()` after the commit.
 */

export type StayRow = typeof stays.$inferSelect;
export type NewStay = typeof stays.$inferInsert;
export type StayChanges = Partial<Omit<NewStay, 'id'>>;

export type BlockInput = PropertyNights & { reason: string; now: Date };

/** A lapsed hold with a payment intent, as the reconciliation asks the provider about it. */
export type LapsedHold = { id: string; paymentIntentId: string; holdExpiresAt: Date };

export type BookingsRepository = ReturnType<typeof createBookingsRepository>;

export function createBookingsRepository(db: Db) {
  const calendar = createCalendar(db);
  const { invalidate } = calendar;

  /**
   * Pending holds whose time is up become 'expired' and free their nights: every lapsed hold, or with `nights`
   * only those that touch those nights. A lapsed hold with a payment intent is left to the reconciliation,
   * which asks the provider first (see `expirableAt`). Returns the ids expired.
   */
  async function expireLapsedHolds({ now, nights }: { now: Date; nights?: PropertyNights }, tx: DbOrTx = db) {
    const rows = await tx
      .update(stays)
      .set({ status: 'expired', updatedAt: now })
      .where(and(expirableAt(now), nights ? touching(nights) : undefined))
      .returning({ id: stays.id });
    if (rows.length > 0) invalidate();
    return rows.map((row) => row.id);
  }

  return {
    invalidate,
    propertyExists: calendar.propertyExists,

    // --- The nights rule (nights-rule.ts) ---

    /** See `lockNights` in nights-rule.ts: taken first by every transaction that takes nights. */
    lockNights: ({ propertyId }: { propertyId: number }, tx: DbOrTx) => lockNights(tx, propertyId),

    /** See `nightsAreFree` in nights-rule.ts. */
    isFree: (nights: PropertyNights & { now: Date; excludeStayId?: string }, tx: DbOrTx = db) =>
      nightsAreFree(tx, nights),

    // --- Reads ---

    async findStay({ id, forUpdate = false }: { id: string; forUpdate?: boolean }, tx: DbOrTx = db) {
      const query = tx.select().from(stays).where(eq(stays.id, id));
      const [row] = forUpdate ? await query.for('update') : await query;
      return row ?? null;
    },

    /** The newest guest stay a hold token was given to, locked for the caller's transaction. */
    async findByHoldToken({ holdToken }: { holdToken: string }, tx: DbOrTx = db) {
      const [row] = await tx
        .select()
        .from(stays)
        .where(and(eq(stays.holdToken, holdToken), eq(stays.kind, 'guest')))
        .orderBy(desc(stays.createdAt))
        .limit(1)
        .for('update');
      return row ?? null;
    },

    /** A client's live holds from the booking page, newest first, locked for the caller's transaction. */
    async liveHoldsOfClient({ holdClientKey, now }: { holdClientKey: string; now: Date }, tx: DbOrTx = db) {
      return tx
        .select()
        .from(stays)
        .where(
          and(
            eq(stays.holdClientKey, holdClientKey),
            eq(stays.status, 'pending'),
            eq(stays.source, 'web'),
            liveAt(now),
          ),
        )
        .orderBy(desc(stays.createdAt))
        .for('update');
    },

    /** Every stay, earliest check-in first (the owner's list). */
    async list(_args: Record<string, never> = {}, tx: DbOrTx = db): Promise<StayRow[]> {
      return tx.select().from(stays).orderBy(asc(stays.checkIn), asc(stays.createdAt));
    },

    /** Our confirmed guest bookings and owner blocks with a night in [from, to) (calendar sync, the export). */
    async listConfirmed(
      { propertyId, from, to }: { propertyId: number; from: IsoDate; to: IsoDate },
      tx: DbOrTx = db,
    ) {
      return tx
        .select({
          id: stays.id,
          kind: stays.kind,
          checkIn: stays.checkIn,
          checkOut: stays.checkOut,
          contactName: stays.contactName,
        })
        .from(stays)
        .where(
          and(
            eq(stays.propertyId, propertyId),
            eq(stays.status, 'confirmed'),
            gt(stays.checkOut, from),
            lt(stays.checkIn, to),
          ),
        )
        .orderBy(stays.checkIn);
    },

    /** The oldest lapsed holds with a payment intent, at most `limit`, optionally touching some nights. */
    async lapsedHoldsWithIntent(
      { now, nights, limit }: { now: Date; nights?: PropertyNights; limit: number },
      tx: DbOrTx = db,
    ): Promise<LapsedHold[]> {
      const rows = await tx
        .select({ id: stays.id, paymentIntentId: stays.paymentIntentId, holdExpiresAt: stays.holdExpiresAt })
        .from(stays)
        .where(and(lapsedAt(now), isNotNull(stays.paymentIntentId), nights ? touching(nights) : undefined))
        .orderBy(asc(stays.holdExpiresAt), asc(stays.id))
        .limit(limit);
      return rows as LapsedHold[];
    },

    // --- Deposit now, balance later (docs/decisions/016-deposit-now-balance-later.md) ---

    /** Confirmed bookings whose balance is scheduled and due by `today` (the balance job's work), oldest first. */
    async balancesDue({ today, limit }: { today: IsoDate; limit: number }, tx: DbOrTx = db) {
      return tx
        .select()
        .from(stays)
        .where(
          and(
            eq(stays.status, 'confirmed'),
            eq(stays.balanceStatus, 'scheduled'),
            lte(stays.balanceDueOn, today),
          ),
        )
        .orderBy(asc(stays.balanceDueOn), asc(stays.id))
        .limit(limit);
    },

    /**
     * Confirmed bookings not yet over (check-out after `today`) whose balance is in the given states (failed
     * ones for reminders, stuck charges): a stay in the past is the owner's to settle by hand.
     */
    async balancesIn(
      { statuses, today, limit }: { statuses: StayRow['balanceStatus'][]; today: IsoDate; limit: number },
      tx: DbOrTx = db,
    ) {
      return tx
        .select()
        .from(stays)
        .where(
          and(
            eq(stays.status, 'confirmed'),
            inArray(stays.balanceStatus, statuses),
            gt(stays.checkOut, today),
          ),
        )
        .orderBy(asc(stays.checkIn), asc(stays.id))
        .limit(limit);
    },

    /**
     * Takes the next attempt at a stay's balance: from one of `from` to 'processing', its attempt count moved on.
     * One atomic statement, so of two processes (or the job and the owner's button) exactly one gets the row.
     */
    async claimBalanceAttempt(
      { id, from, now }: { id: string; from: StayRow['balanceStatus'][]; now: Date },
      tx: DbOrTx = db,
    ): Promise<StayRow | null> {
      const [row] = await tx
        .update(stays)
        .set({
          balanceStatus: 'processing',
          balanceAttempts: sql`${stays.balanceAttempts} + 1`,
          balanceLastAttemptAt: now,
          updatedAt: now,
        })
        .where(and(eq(stays.id, id), eq(stays.status, 'confirmed'), inArray(stays.balanceStatus, from)))
        .returning();
      return row ?? null;
    },

    /** Counts a reminder as sent, if no other process counted it first. */
    async claimBalanceReminder(
      { id, sent, now }: { id: string; sent: number; now: Date },
      tx: DbOrTx = db,
    ): Promise<boolean> {
      const rows = await tx
        .update(stays)
        .set({ balanceRemindersSent: sent + 1, updatedAt: now })
        .where(and(eq(stays.id, id), eq(stays.balanceStatus, 'failed'), eq(stays.balanceRemindersSent, sent)))
        .returning({ id: stays.id });
      return rows.length > 0;
    },

    // --- Writes ---

    async insertStay(values: NewStay, tx: DbOrTx = db): Promise<StayRow> {
      const [row] = await tx.insert(stays).values(values).returning();
      invalidate();
      return row!;
    },

    async updateStay({ id, set }: { id: string; set: StayChanges }, tx: DbOrTx = db): Promise<StayRow> {
      const [row] = await tx.update(stays).set(set).where(eq(stays.id, id)).returning();
      if (!row) throw new Error(`stay ${id} vanished during an update`);
      invalidate();
      return row;
    },

    /** Remembers the provider's payment intent of a hold (after the provider answered, in a new transaction). */
    async recordPaymentIntent(
      { id, paymentIntentId, now }: { id: string; paymentIntentId: string; now: Date },
      tx: DbOrTx = db,
    ) {
      await tx
        .update(stays)
        .set({ paymentIntentId, updatedAt: now })
        .where(and(eq(stays.id, id), sql`${stays.status} in ('pending', 'expired')`));
    },

    expireLapsedHolds,

    /** Expires a lapsed hold the provider says is unpaid, if it is still that same lapsed hold. */
    async expireLapsedHold({ hold, now }: { hold: LapsedHold; now: Date }, tx: DbOrTx = db) {
      const rows = await tx
        .update(stays)
        .set({ status: 'expired', updatedAt: now })
        .where(and(eq(stays.id, hold.id), eq(stays.paymentIntentId, hold.paymentIntentId), lapsedAt(now)))
        .returning({ id: stays.id });
      if (rows.length > 0) invalidate();
      return rows.length > 0;
    },

    /**
     * The nights rule after an import (docs/decisions/008-nights-rule.md): a guest's live hold from the booking
     * page that now shares a night with a channel's event (not an echo) loses its nights — its hold lapses now.
     * A payment that still succeeds on it is refunded in full by the late-payment rule. Returns the holds lapsed.
     */
    async lapseHoldsTakenByEvents({ propertyId, now }: { propertyId: number; now: Date }, tx: DbOrTx = db) {
      const rows = await tx
        .update(stays)
        .set({ holdExpiresAt: now, updatedAt: now })
        .where(
          and(
            eq(stays.propertyId, propertyId),
            eq(stays.kind, 'guest'),
            eq(stays.source, 'web'),
            eq(stays.status, 'pending'),
            liveAt(now),
            sql`exists (select 1 from ${importedEvents} e where e.property_id = ${stays.propertyId}
              and not e.echo and e.check_in < ${stays.checkOut} and e.check_out > ${stays.checkIn})`,
          ),
        )
        .returning({ id: stays.id, paymentIntentId: stays.paymentIntentId });
      if (rows.length > 0) invalidate();
      return rows;
    },

    /**
     * An owner block: a confirmed stay of kind 'block' named 'Owner Block'. Lapsed holds are expired first so
     * they do not stand in the way. Overlapping a live stay is a 409 (the database's exclusion constraint).
     */
    async createBlock(input: BlockInput, tx: DbOrTx = db): Promise<StayRow> {
      const run = async (t: DbOrTx) => {
        await expireLapsedHolds({ now: input.now }, t);
        const [row] = await t
          .insert(stays)
          .values({
            id: randomUUID(),
            propertyId: input.propertyId,
            kind: 'block',
            source: 'owner',
            status: 'confirmed',
            checkIn: input.checkIn,
            checkOut: input.checkOut,
            contactName: OWNER_BLOCK_NAME,
            reason: input.reason,
            confirmedAt: input.now,
            createdAt: input.now,
            updatedAt: input.now,
          })
          .returning();
        return row!;
      };
      try {
        return tx === db ? await db.transaction(run) : await run(tx);
      } catch (error) {
        if (pgErrorCode(error) === PG_EXCLUSION_VIOLATION) {
          throw conflict(
            'These dates overlap a booking or a block already in the calendar. Please choose other dates.',
            'dates_unavailable',
          );
        }
        throw error;
      } finally {
        invalidate();
      }
    },

    /**
     * Keeps the 'calendar_conflict' attention in step with the imported conflicts: marks the given stays (when
     * nothing else needs the owner's attention) and clears it from stays no imported event conflicts with any more.
     */
    async markCalendarConflicts({ stayIds, now }: { stayIds: string[]; now: Date }, tx: DbOrTx = db) {
      for (const id of new Set(stayIds)) {
        await tx
          .update(stays)
          .set({ attention: 'calendar_conflict', updatedAt: now })
          .where(and(eq(stays.id, id), sql`${stays.attention} is null`));
      }
      await tx.execute(sql`
        update ${stays} set attention = null, updated_at = ${now}
        where ${stays.attention} = 'calendar_conflict'
          and not exists (
            select 1 from ${importedEvents} e
            where e.conflict and e.property_id = ${stays.propertyId}
              and e.check_in < ${stays.checkOut} and ${stays.checkIn} < e.check_out
          )`);
    },
  };
}
