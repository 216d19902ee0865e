import { randomUUID } from 'node:crypto';
import {
  and,
  asc,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { OWNER_BLOCK_NAME } from '../../domain/api/admin-bookings.ts';
import { type BookingStatus, canTransition } from '../../domain/booking-lifecycle.ts';
import type { IsoDate } from '../../domain/dates.ts';
import { type Clock, systemClock } from '../clock.ts';
import type { Db, DbOrTx, Tx } from '../db/database.ts';
import { transactionWithRetry } from '../db/database.ts';
import { sameAddress } from '../db/same-address.ts';
import { properties, stays } from '../db/schema.ts';
import { conflict, HttpError } from '../errors.ts';
import { type Calendar, createCalendar } from './calendar.ts';
import {
  anEventSharesNights,
  expirableAt,
  lapsedAt,
  liveAt,
  lockNights,
  nightsAreFree,
  nightsTakenAs,
  type PropertyNights,
  stayNights,
  touching,
} from './nights-rule.ts';

/**
 * The one writer of the `stays` table: every insert and update of a stay in the server goes through this
 * repository — a guest's hold, an owner's booking, an owner block, confirm, cancel, expire, moving dates, the
 * guest's key and erasure — and so do most reads of stay rows. Payments, the owner's admin, the guest journey,
 * the balance job and calendar sync call it; none writes `stays` itself. A few modules still read `stays` for
 * a view of their own (a join or a count): the register, the follow-ups' due list, the damage deposits, the
 * e-mails' stay, the guest's data and page, the rate plan's promo-code uses and the test clock; they never write. Every status change goes through
 * `transition` (or `changeStatus` for many rows), which keeps the lifecycle of src/domain/booking-lifecycle.ts.
 * Every method takes its arguments, then the database or a transaction of this module's `transaction()` (`tx`,
 * default the database). It keeps the guest's calendar (calendar.ts): after each commit that changed which
 * nights are taken, the calendar is read again before the write returns (docs/decisions/019).
 */

export type StayRow = typeof stays.$inferSelect;

/** A stay's dates and guest as the API writes them (camelCase; the owner's list and a guest's data export). */
export function stayBookingDetails(row: StayRow) {
  return {
    checkInDate: row.checkIn,
    checkOutDate: row.checkOut,
    guestCount: row.guestCount,
    contactName: row.contactName,
    contactEmail: row.contactEmail,
    contactPhone: row.contactPhone,
    specialRequests: row.specialRequests,
  };
}

/** When a stay was made, confirmed and canceled, as ISO strings (null for what has not happened). */
export function stayTimestamps(row: StayRow) {
  return {
    createdAt: row.createdAt.toISOString(),
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
    canceledAt: row.canceledAt?.toISOString() ?? null,
  };
}
export type NewStay = typeof stays.$inferInsert;
/** What an update may change; the status changes only through `transition`. */
export type StayChanges = Partial<Omit<NewStay, 'id' | 'status'>>;

export type BlockInput = PropertyNights & { reason: string; now: Date };

/** A lapsed hold with a payment intent, as the reconciliation asks the provider about it. */
export type LapsedHold = { id: string; paymentIntentId: string; holdExpiresAt: Date };

const STATUS_WORDS: Record<BookingStatus, string> = {
  pending: 'pending',
  confirmed: 'confirmed',
  expired: 'expired',
  canceled: 'cancelled',
};
const BECOMING: Record<BookingStatus, string> = {
  pending: 'held again',
  confirmed: 'confirmed',
  expired: 'expired',
  canceled: 'cancelled',
};
/** The machine code of a refused change, by the status it was to reach. */
const REFUSAL_CODES: Record<BookingStatus, string> = {
  pending: 'not_holdable',
  confirmed: 'not_confirmable',
  expired: 'not_expirable',
  canceled: 'already_canceled',
};

/**
 * A change of status the lifecycle (src/domain/booking-lifecycle.ts) does not allow: answered 409 with a sentence
 * by the app's error handler, like every HttpError.
 */
export class ForbiddenTransition extends HttpError {
  readonly from: BookingStatus;
  readonly to: BookingStatus;
  constructor(from: BookingStatus, to: BookingStatus) {
    super(
      409,
      REFUSAL_CODES[to],
      from === to
        ? `This booking is already ${STATUS_WORDS[from]}.`
        : `This booking is ${STATUS_WORDS[from]}, so it cannot be ${BECOMING[to]}.`,
    );
    this.name = 'ForbiddenTransition';
    this.from = from;
    this.to = to;
  }
}

/** Columns whose change moves which nights a stay holds (the calendar is read again after their commit). */
const NIGHTS_COLUMNS = ['checkIn', 'checkOut', 'holdExpiresAt', 'propertyId', 'kind'] as const;

/** The confirmed stays that meet every condition, whole rows: what the jobs acting on bookings start from. */
const confirmedStaysWhere = (tx: DbOrTx, ...conditions: (SQL | undefined)[]) =>
  tx
    .select()
    .from(stays)
    .where(and(eq(stays.status, 'confirmed'), ...conditions));

type StatusChange = { from: BookingStatus; to: BookingStatus; where: SQL; set?: StayChanges; now: Date };

export type BookingsRepository = ReturnType<typeof createBookingsRepository>;

/** The bookings module as the app uses it: the repository with the guest's calendar it keeps. */
export function createBookings({ db, clock }: { db: Db; clock: Clock }): BookingsRepository {
  return createBookingsRepository(db, createCalendar({ db, clock }));
}

/**
 * The repository on `db` with the calendar it keeps. Test fixtures make one of their own, whose calendar nobody
 * reads: the app's calendar hears of their writes within its 2 s bound (or `app.bookings.calendar.forget()`).
 */
export function createBookingsRepository(
  db: Db,
  calendar: Calendar = createCalendar({ db, clock: systemClock }),
) {
  /** Transactions opened by `transaction()`, and those of them whose writes changed nights. */
  const ours = new WeakSet<object>();
  const nightsChangedIn = new WeakSet<object>();
  const knownProperties = new Set<number>();

  /** A write changed nights in `tx`: read the calendar again now (autocommit) or after `tx` commits. */
  async function nightsChanged(tx: DbOrTx): Promise<void> {
    if (tx === db) return calendar.refresh();
    if (!ours.has(tx)) {
      throw new Error(
        'a write that changes nights runs in bookings.transaction(), which refreshes the calendar',
      );
    }
    nightsChangedIn.add(tx);
  }

  /**
   * A transaction for writes of stays (retried if PostgreSQL breaks a deadlock, unless `retry: false`): once it
   * has committed, the calendar is read again if its writes changed nights (`changesNights`: the caller's own
   * writes did, e.g. an import of channel events), before this returns.
   */
  async function transaction<T>(
    run: (tx: Tx) => Promise<T>,
    options: { retry?: boolean; changesNights?: boolean } = {},
  ): Promise<T> {
    let changed = options.changesNights ?? false;
    const attempt = async (tx: Tx) => {
      ours.add(tx);
      try {
        return await run(tx);
      } finally {
        if (nightsChangedIn.has(tx)) changed = true;
      }
    };
    try {
      return options.retry === false
        ? await db.transaction(attempt)
        : await transactionWithRetry(db, attempt);
    } finally {
      if (changed) await calendar.refresh();
    }
  }

  /**
   * The one change of status: every stay matching `where` whose status is `from` becomes `to`, with `set`, if
   * the lifecycle allows it (else ForbiddenTransition). Returns the rows changed.
   */
  async function changeStatus(change: StatusChange, tx: DbOrTx = db): Promise<StayRow[]> {
    const rows = await updateStatus(change, tx);
    if (rows.length > 0) await nightsChanged(tx);
    return rows;
  }

  function updateStatus({ from, to, where, set = {}, now }: StatusChange, tx: DbOrTx): Promise<StayRow[]> {
    if (!canTransition(from, to)) throw new ForbiddenTransition(from, to);
    return tx
      .update(stays)
      .set({ updatedAt: now, ...set, status: to })
      .where(and(eq(stays.status, from), where))
      .returning();
  }

  /**
   * One stay from its current status to `to` (see `changeStatus`), with `set`. `savepoint` runs the update in a
   * savepoint of `tx`, so a refusal by the exclusion constraint leaves the transaction usable.
   */
  async function transition(
    {
      stay,
      to,
      set,
      now,
      savepoint = false,
    }: {
      stay: Pick<StayRow, 'id' | 'status'>;
      to: BookingStatus;
      set?: StayChanges;
      now: Date;
      savepoint?: boolean;
    },
    tx: DbOrTx = db,
  ): Promise<StayRow> {
    const change = { from: stay.status, to, where: eq(stays.id, stay.id), set, now };
    const [row] = savepoint
      ? await tx.transaction((inner) => updateStatus(change, inner))
      : await updateStatus(change, tx);
    if (!row) throw new Error(`stay ${stay.id} changed status during its transition to ${to}`);
    await nightsChanged(tx);
    return row;
  }

  /**
   * Pending holds whose time is up become 'expired' and free their nights: every lapsed hold, or with `nights`
   * only those that touch those nights. A lapsed hold with a payment intent is left to the reconciliation,
   * which asks the provider first (see `expirableAt`). Returns the ids expired.
   */
  async function expireLapsedHolds({ now, nights }: { now: Date; nights?: PropertyNights }, tx: DbOrTx = db) {
    const rows = await changeStatus(
      {
        from: 'pending',
        to: 'expired',
        where: and(expirableAt(now), nights ? touching(nights) : undefined)!,
        now,
      },
      tx,
    );
    return rows.map((row) => row.id);
  }

  async function insertStay(values: NewStay, tx: DbOrTx = db): Promise<StayRow> {
    const [row] = await tx.insert(stays).values(values).returning();
    await nightsChanged(tx);
    return row!;
  }

  return {
    transaction,
    transition,
    changeStatus,
    /** The guest's calendar this module keeps. */
    calendar,

    async propertyExists(propertyId: number): Promise<boolean> {
      if (knownProperties.has(propertyId)) return true;
      const [row] = await db
        .select({ id: properties.id })
        .from(properties)
        .where(eq(properties.id, propertyId));
      if (row) knownProperties.add(propertyId);
      return Boolean(row);
    },

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

    /** The stays of these ids (those that exist), in no particular order. */
    async findStays({ ids }: { ids: string[] }, tx: DbOrTx = db): Promise<StayRow[]> {
      if (ids.length === 0) return [];
      return tx.select().from(stays).where(inArray(stays.id, ids));
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

    /**
     * The stays that hold nights of [checkIn, checkOut) the way the database's no-overlap constraint counts them
     * (pending or confirmed), earliest first: what an owner's block that was refused overlaps.
     */
    async overlappingStays(nights: PropertyNights, tx: DbOrTx = db): Promise<StayRow[]> {
      return tx
        .select()
        .from(stays)
        .where(
          and(touching(nights), inArray(stays.status, ['pending', 'confirmed']), eq(stays.holdsNight, true)),
        )
        .orderBy(asc(stays.checkIn));
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
            eq(stays.holdsNight, true), // a day hire that leaves its night bookable takes no night of a channel
            gt(stays.checkOut, from),
            lt(stays.checkIn, to),
          ),
        )
        .orderBy(stays.checkIn);
    },

    /**
     * What the owner's reports count (src/server/reports): the owner's blocks and the guests' stays that were
     * booked — confirmed, or cancelled after a payment or a confirmation — with a night in [from, to), or all of
     * them without a range; earliest first.
     */
    async listBooked({ from, to }: { from?: IsoDate; to?: IsoDate } = {}, tx: DbOrTx = db) {
      const booked = sql`(${stays.kind} = 'block' and ${stays.status} = 'confirmed') or (${stays.kind} = 'guest' and (${stays.status} = 'confirmed' or (${stays.status} = 'canceled' and (${stays.confirmedAt} is not null or ${stays.paidPence} > 0))))`;
      const range =
        from !== undefined && to !== undefined ? [gt(stays.checkOut, from), lt(stays.checkIn, to)] : [];
      return tx
        .select()
        .from(stays)
        .where(and(booked, ...range))
        .orderBy(asc(stays.checkIn), asc(stays.createdAt));
    },

    /**
     * Confirmed guest stays, not erased, arriving on or before `arrivingBy` and leaving on or after `leftSince`,
     * earliest check-in first (or only the stay `stayId` if it is one of them): what the jobs that act around a
     * guest's arrival look at (the scheduled messages, the damage deposit).
     */
    async confirmedGuestStaysAround(
      { arrivingBy, leftSince, stayId }: { arrivingBy: IsoDate; leftSince: IsoDate; stayId?: string },
      tx: DbOrTx = db,
    ): Promise<StayRow[]> {
      return confirmedStaysWhere(
        tx,
        eq(stays.kind, 'guest'),
        isNull(stays.erasedAt),
        stayId === undefined ? undefined : eq(stays.id, stayId),
        lte(stays.checkIn, arrivingBy),
        gte(stays.checkOut, leftSince),
      ).orderBy(asc(stays.checkIn));
    },

    /**
     * Whether the guest of `stay` has booked since, or is booking now: another guest stay of the same e-mail
     * address made at or after it, confirmed or a live hold (what stops a checkout follow-up).
     */
    async bookedSince(
      { stay, now }: { stay: Pick<StayRow, 'id' | 'contactEmail' | 'createdAt'>; now: Date },
      tx: DbOrTx = db,
    ): Promise<boolean> {
      const [since] = await tx
        .select({ id: stays.id })
        .from(stays)
        .where(
          and(
            eq(stays.kind, 'guest'),
            ne(stays.id, stay.id),
            sameAddress(stays.contactEmail, stay.contactEmail),
            gte(stays.createdAt, stay.createdAt),
            or(eq(stays.status, 'confirmed'), liveAt(now)),
          ),
        )
        .limit(1);
      return since !== undefined;
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
      return confirmedStaysWhere(tx, eq(stays.balanceStatus, 'scheduled'), lte(stays.balanceDueOn, today))
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
      return confirmedStaysWhere(tx, inArray(stays.balanceStatus, statuses), gt(stays.checkOut, today))
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

    insertStay,

    /** Changes fields of one stay other than its status (see `transition`). */
    async updateStay({ id, set }: { id: string; set: StayChanges }, tx: DbOrTx = db): Promise<StayRow> {
      const [row] = await tx.update(stays).set(set).where(eq(stays.id, id)).returning();
      if (!row) throw new Error(`stay ${id} vanished during an update`);
      if (NIGHTS_COLUMNS.some((column) => column in set)) await nightsChanged(tx);
      return row;
    },

    /** A new key for the guest's link (the old link stops working at once). */
    async replaceManageKey({ id, now }: { id: string; now: Date }, tx: DbOrTx = db): Promise<StayRow> {
      const [row] = await tx
        .update(stays)
        .set({ manageKey: newManageKey(), updatedAt: now })
        .where(eq(stays.id, id))
        .returning();
      if (!row) throw new Error(`stay ${id} vanished during an update`);
      return row;
    },

    /**
     * Erases the personal fields of the given stays (UK GDPR erasure and retention: guest-journey/guest-data.ts),
     * keeping their dates and money for the accounts. Returns the ids erased.
     */
    async eraseGuests({ ids, now }: { ids: string[]; now: Date }, tx: DbOrTx = db): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows = await tx
        .update(stays)
        .set({ ...ERASED_GUEST, manageKey: newManageKey(), erasedAt: now, updatedAt: now })
        .where(inArray(stays.id, ids))
        .returning({ id: stays.id });
      return rows.map((row) => row.id);
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
      const where = and(
        eq(stays.id, hold.id),
        eq(stays.paymentIntentId, hold.paymentIntentId),
        lapsedAt(now),
      )!;
      const rows = await changeStatus({ from: 'pending', to: 'expired', where, now }, tx);
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
            anEventSharesNights(stayNights, 'taking'),
          ),
        )
        .returning({ id: stays.id, paymentIntentId: stays.paymentIntentId });
      if (rows.length > 0) await nightsChanged(tx);
      return rows;
    },

    /**
     * An owner block: a confirmed stay of kind 'block' named 'Owner Block'. Lapsed holds are expired first so
     * they do not stand in the way. Overlapping a live stay is a 409 (the database's exclusion constraint).
     */
    async createBlock(input: BlockInput, tx: DbOrTx = db): Promise<StayRow> {
      const run = async (t: DbOrTx) => {
        await expireLapsedHolds({ now: input.now }, t);
        return insertStay(
          {
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
          },
          t,
        );
      };
      try {
        return tx === db ? await transaction(run, { retry: false }) : await run(tx);
      } catch (error) {
        throw nightsTakenAs(error, () =>
          conflict(
            'These dates overlap a booking or a block already in the calendar. Please choose other dates.',
            'dates_unavailable',
          ),
        );
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
      await tx
        .update(stays)
        .set({ attention: null, updatedAt: now })
        .where(
          and(
            eq(stays.attention, 'calendar_conflict'),
            sql`not ${anEventSharesNights(stayNights, 'conflicting')}`,
          ),
        );
    },
  };
}

/** A fresh random key for the guest's link (two UUIDs' hex, as the column's default makes). */
const newManageKey = () => sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`;

/** The name an erased guest's stays keep. */
export const ERASED_NAME = 'Erased guest';

/** The stays' personal fields as erasure leaves them (the manage key is replaced, so old links stop working). */
const ERASED_GUEST = {
  contactName: ERASED_NAME,
  contactEmail: '',
  contactPhone: '',
  specialRequests: '',
  holdClientKey: null,
  accessCode: null,
} as const;
