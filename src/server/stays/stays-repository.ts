import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import { type IsoDate, nightsOf, todayOnPropertyClock } from '../../domain/dates.ts';
import type { Db, DbOrTx } from '../db/database.ts';
import { PG_EXCLUSION_VIOLATION, pgErrorCode } from '../db/database.ts';
import { importedEvents, properties, stays } from '../db/schema.ts';
import { conflict } from '../errors.ts';

/** The first key of the per-property advisory lock on nights (the second is the property id). */
const NIGHTS_LOCK_CLASS = 727_010;

/** The name every owner block carries (spec section 3). */
export const OWNER_BLOCK_NAME = 'Owner Block';

/**
 * How long an answer of `unavailableDates` may be served from memory. Every write path of this repository
 * invalidates it at once; the bound covers writers elsewhere that forget `invalidate()` and other server
 * processes on a shared PostgreSQL. A cached answer also lapses when the first hold in it lapses. From half
 * this age on, the next read refreshes it in the background while the cached answer is still served, so a
 * steady stream of reads never waits for the database. Writes made while answering an HTTP request do not
 * clear it: see `deferCalendarInvalidation`.
 */
export const UNAVAILABLE_CACHE_TTL_MS = 2000;

/**
 * How long a write request waits for the calendar to be read again before it answers (see
 * `deferCalendarInvalidation`). Normally a reading takes a few milliseconds; when the database is busier than this,
 * the writer answers without it and the readers that come after wait for it instead, so a burst of writes on a
 * saturated database does not make every guest's hold wait for readings queued behind other holds.
 */
export const REFRESH_WAIT_MS = 25;

export type UnavailableNights = {
  /** Taken nights from today on (property clock), sorted, each once. */
  unavailableDates: IsoDate[];
  /** Live guest stays and channel events with a night from today on. */
  bookingsCount: number;
  /** Owner blocks with a night from today on. */
  blockedDatesCount: number;
};

/** One reading of the calendar, in the forms its readers need: the answer, its JSON and a set of its nights. */
type CacheEntry = {
  today: IsoDate;
  /** The (clock) time it was read at, and until when it may be served. */
  readAt: number;
  validUntil: number;
  value: UnavailableNights;
  json: string;
  taken: ReadonlySet<IsoDate>;
};
type SharedState = {
  unavailable: Map<number, CacheEntry>;
  /** Reads under way, so a burst of requests after the cache lapses makes one query, not one each. */
  inflight: Map<string, { propertyId: number; read: Promise<CacheEntry> }>;
  knownProperties: Set<number>;
  /** Counts the writes the cache has heard of: a reading is kept only if none came while it ran. */
  generation: number;
  /** The refresh after writes under way, and the one that starts after it for the writes answered meanwhile. */
  refreshing: Promise<void> | undefined;
  nextRefresh: { run: Promise<void>; now: Date } | undefined;
  /** A refresh that readers must wait for: its write was answered before it ended (see REFRESH_WAIT_MS). */
  readersWaitFor: Promise<void> | undefined;
};

// One cache per database handle, shared by every repository made on it, so any capability's invalidate()
// clears what the availability routes serve.
const sharedByDb = new WeakMap<object, SharedState>();
function sharedState(db: Db): SharedState {
  let state = sharedByDb.get(db);
  if (!state) {
    state = {
      unavailable: new Map(),
      inflight: new Map(),
      knownProperties: new Set(),
      generation: 0,
      refreshing: undefined,
      nextRefresh: undefined,
      readersWaitFor: undefined,
    };
    sharedByDb.set(db, state);
  }
  return state;
}

/** The writes of one HTTP request, while its invalidations of the calendar are deferred. */
export type CalendarWrites = { deferring: boolean };
const requestWrites = new AsyncLocalStorage<CalendarWrites>();

/**
 * Runs `handle` (the rest of a write request: its handler) so that the writes it makes do not clear the calendar
 * as they commit. Instead the request reads the calendar again just before its answer goes out
 * (`refreshAfterWrites`), and until then readers are served the previous reading. A read that arrives while a
 * write is under way may see the calendar before or after it; one that arrives after the write's answer sees it.
 * So no reader waits for a write, and every write's author (and anyone they tell) sees its effect at once.
 * Writes outside a request (the hold sweeper, scheduled calendar sync) still clear the calendar at once.
 */
export function deferCalendarInvalidation(writes: CalendarWrites, handle: () => void): void {
  requestWrites.run(writes, handle);
}

/**
 * A stay row that holds its nights at `now`: confirmed (guest or block), or pending with a live hold.
 * The one definition of a live stay; `lapsedAt` is its complement among pending stays.
 */
export const liveAt = (now: Date): SQL =>
  or(
    eq(stays.status, 'confirmed'),
    and(eq(stays.status, 'pending'), or(isNull(stays.holdExpiresAt), gt(stays.holdExpiresAt, now))),
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

/** Nights [checkIn, checkOut) of one property. */
export type PropertyNights = { propertyId: number; checkIn: IsoDate; checkOut: IsoDate };

export type CreateBlockInput = {
  propertyId: number;
  checkIn: IsoDate;
  checkOut: IsoDate;
  reason: string;
  now: Date;
};

export type StaysRepository = ReturnType<typeof createStaysRepository>;

/**
 * The nights of the calendar: which are taken, whether a stay is free, owner blocks and lapsed holds.
 * Every method runs on the database or inside the caller's transaction (`tx`). A caller that writes stays
 * inside its own transaction calls `invalidate()` after the commit.
 */
export function createStaysRepository(db: Db) {
  const shared = sharedState(db);

  /** The calendar changed: cleared at once, or, inside a write request, read again before its answer. */
  function invalidate(): void {
    if (requestWrites.getStore()?.deferring) return;
    shared.generation++;
    shared.unavailable.clear();
  }

  /**
   * A write request's answer is ready: the calendar of every property in memory (or being read) is read again
   * and replaces the previous reading, before the answer goes out. Called for every write request, whatever it
   * wrote, as writers elsewhere may not call `invalidate()`. When the database is so busy that the reading takes
   * longer than REFRESH_WAIT_MS, the write is answered anyway and readers wait for that reading instead.
   */
  async function refreshAfterWrites(writes: CalendarWrites, now: Date): Promise<void> {
    if (!writes.deferring) return;
    writes.deferring = false;
    const refresh = coalescedRefresh(now);
    let timer: NodeJS.Timeout | undefined;
    const inTime = await Promise.race([
      refresh.then(() => true),
      new Promise<false>((resolve) => {
        timer = setTimeout(resolve, REFRESH_WAIT_MS, false);
      }),
    ]);
    clearTimeout(timer);
    if (!inTime) {
      shared.readersWaitFor = refresh;
      void refresh.finally(() => {
        if (shared.readersWaitFor === refresh) shared.readersWaitFor = undefined;
      });
    }
  }

  /**
   * A reading of the calendars that starts after every write answered so far has committed. Writes answered
   * while one is under way share the next one, so a burst of writes makes two readings, not one each.
   */
  function coalescedRefresh(now: Date): Promise<void> {
    if (!shared.refreshing) {
      shared.refreshing = refreshCalendars(now).finally(() => {
        shared.refreshing = undefined;
      });
      return shared.refreshing;
    }
    if (shared.nextRefresh) {
      if (now > shared.nextRefresh.now) shared.nextRefresh.now = now;
      return shared.nextRefresh.run;
    }
    const next = { now, run: Promise.resolve() };
    next.run = shared.refreshing.then(() => {
      shared.nextRefresh = undefined;
      return coalescedRefresh(next.now);
    });
    shared.nextRefresh = next;
    return next.run;
  }

  /** Reads the calendars in memory (or being read) again; one that fails to read is dropped instead. */
  async function refreshCalendars(now: Date): Promise<void> {
    shared.generation++;
    const today = todayOnPropertyClock(now);
    const propertyIds = new Set(shared.unavailable.keys());
    for (const { propertyId } of shared.inflight.values()) propertyIds.add(propertyId);
    await Promise.all(
      [...propertyIds].map((propertyId) =>
        readCalendar(propertyId, now, today).catch(() => shared.unavailable.delete(propertyId)),
      ),
    );
  }

  /** A write request ended without its answer being sent (the client went away): invalidate as usual. */
  function endWrites(writes: CalendarWrites): void {
    if (!writes.deferring) return;
    writes.deferring = false;
    invalidate();
  }

  async function propertyExists(propertyId: number, tx: DbOrTx = db): Promise<boolean> {
    if (shared.knownProperties.has(propertyId)) return true;
    const [row] = await tx
      .select({ id: properties.id })
      .from(properties)
      .where(eq(properties.id, propertyId));
    if (row) shared.knownProperties.add(propertyId);
    return Boolean(row);
  }

  /** Reads the taken nights from the database (no cache), plus when the earliest live hold among them lapses. */
  async function readUnavailable(
    propertyId: number,
    now: Date,
    tx: DbOrTx,
  ): Promise<{ value: UnavailableNights; firstHoldExpiry: number | undefined }> {
    const today = todayOnPropertyClock(now);
    const [stayRows, eventRows] = await Promise.all([
      tx
        .select({
          kind: stays.kind,
          checkIn: stays.checkIn,
          checkOut: stays.checkOut,
          holdExpiresAt: stays.holdExpiresAt,
        })
        .from(stays)
        .where(and(eq(stays.propertyId, propertyId), gt(stays.checkOut, today), liveAt(now))),
      tx
        .select({ checkIn: importedEvents.checkIn, checkOut: importedEvents.checkOut })
        .from(importedEvents)
        .where(
          and(
            eq(importedEvents.propertyId, propertyId),
            gt(importedEvents.checkOut, today),
            eq(importedEvents.echo, false),
          ),
        ),
    ]);
    const nights = new Set<IsoDate>();
    let bookingsCount = eventRows.length;
    let blockedDatesCount = 0;
    let firstHoldExpiry: number | undefined;
    const addNights = (checkIn: IsoDate, checkOut: IsoDate) => {
      for (const night of nightsOf(checkIn > today ? checkIn : today, checkOut)) nights.add(night);
    };
    for (const row of stayRows) {
      if (row.kind === 'block') blockedDatesCount++;
      else bookingsCount++;
      if (row.holdExpiresAt) {
        const expiry = row.holdExpiresAt.getTime();
        if (firstHoldExpiry === undefined || expiry < firstHoldExpiry) firstHoldExpiry = expiry;
      }
      addNights(row.checkIn, row.checkOut);
    }
    for (const row of eventRows) addNights(row.checkIn, row.checkOut);
    return {
      value: { unavailableDates: [...nights].sort(), bookingsCount, blockedDatesCount },
      firstHoldExpiry,
    };
  }

  /** The calendar from memory (see UNAVAILABLE_CACHE_TTL_MS), else read once for all the callers waiting. */
  async function cachedCalendar(propertyId: number, now: Date): Promise<CacheEntry> {
    if (shared.readersWaitFor) await shared.readersWaitFor; // a write was answered before its refresh ended
    const today = todayOnPropertyClock(now);
    const time = now.getTime();
    const cached = shared.unavailable.get(propertyId);
    if (cached && cached.today === today && time >= cached.readAt && time < cached.validUntil) {
      if (time - cached.readAt >= UNAVAILABLE_CACHE_TTL_MS / 2) {
        // Refresh ahead; a failure here shows on the read that has to wait for the database.
        readCalendar(propertyId, now, today).catch(() => undefined);
      }
      return cached;
    }
    return readCalendar(propertyId, now, today);
  }

  function readCalendar(propertyId: number, now: Date, today: IsoDate): Promise<CacheEntry> {
    const generation = shared.generation;
    const key = `${propertyId}|${generation}|${today}`;
    const running = shared.inflight.get(key);
    if (running) return running.read;
    const read = readUnavailable(propertyId, now, db)
      .then(({ value, firstHoldExpiry }) => {
        const readAt = now.getTime();
        const entry: CacheEntry = {
          today,
          readAt,
          validUntil: Math.min(readAt + UNAVAILABLE_CACHE_TTL_MS, firstHoldExpiry ?? Infinity),
          value,
          json: JSON.stringify(value),
          taken: new Set(value.unavailableDates),
        };
        // A write that happened while we read makes this answer unsafe to keep. (Refreshes after writes run one
        // at a time, each starting with a new generation, so the latest one is always kept.)
        if (generation === shared.generation) shared.unavailable.set(propertyId, entry);
        return entry;
      })
      .finally(() => shared.inflight.delete(key));
    shared.inflight.set(key, { propertyId, read });
    return read;
  }

  /**
   * Every taken night from today on, with the counts of `/api/unavailable-dates`. Served from memory for a
   * moment (see UNAVAILABLE_CACHE_TTL_MS) unless a transaction is given.
   */
  async function unavailableNights(propertyId: number, now: Date, tx?: DbOrTx): Promise<UnavailableNights> {
    if (tx) return (await readUnavailable(propertyId, now, tx)).value;
    return (await cachedCalendar(propertyId, now)).value;
  }

  /** `unavailableNights` with its JSON, serialised once per reading (what `/api/unavailable-dates` sends). */
  async function unavailableNightsWithJson(
    propertyId: number,
    now: Date,
  ): Promise<{ value: UnavailableNights; json: string }> {
    return cachedCalendar(propertyId, now);
  }

  /** The taken nights from today on: confirmed stays, live holds, owner blocks and channel events. */
  async function takenNights(propertyId: number, now: Date, tx?: DbOrTx): Promise<IsoDate[]> {
    return (await unavailableNights(propertyId, now, tx)).unavailableDates;
  }

  /**
   * The calendar's answer for a guest's stay: true when none of its nights is in `unavailableNights` (so the
   * availability check and the calendar always agree). Served from the same short-lived cache; the hold that
   * precedes a payment checks the database itself with `isFree`.
   */
  async function isShownFree(
    propertyId: number,
    checkIn: IsoDate,
    checkOut: IsoDate,
    now: Date,
  ): Promise<boolean> {
    const today = todayOnPropertyClock(now);
    if (checkIn < today) return isFree(propertyId, checkIn, checkOut, now);
    const { taken } = await cachedCalendar(propertyId, now);
    return nightsOf(checkIn, checkOut).every((night) => !taken.has(night));
  }

  /**
   * The nights rule (docs/decisions/008-nights-rule.md): true when no night of [checkIn, checkOut) is held by a
   * live stay or by a channel's event that is not an echo of our own stay. Read from the database, never from
   * the cache. `excludeStayId` ignores one stay (a guest retrying against their own hold). A transaction that
   * takes nights calls `lockNights` first, so an import cannot commit between this check and its write.
   */
  async function isFree(
    propertyId: number,
    checkIn: IsoDate,
    checkOut: IsoDate,
    now: Date,
    tx: DbOrTx = db,
    options: { excludeStayId?: string } = {},
  ): Promise<boolean> {
    const excluded = options.excludeStayId ? sql` and ${stays.id} <> ${options.excludeStayId}` : sql``;
    // One round trip: the hot path of /api/availability and of every hold.
    const result = await tx.execute<{ taken: boolean }>(sql`select
      exists (select 1 from ${stays} where ${stays.propertyId} = ${propertyId}
        and ${stays.checkIn} < ${checkOut} and ${stays.checkOut} > ${checkIn} and ${liveAt(now)}${excluded})
      or exists (select 1 from ${importedEvents} where ${importedEvents.propertyId} = ${propertyId}
        and ${importedEvents.checkIn} < ${checkOut} and ${importedEvents.checkOut} > ${checkIn}
        and not ${importedEvents.echo}) as taken`);
    return !(result as unknown as { rows: { taken: boolean }[] }).rows[0]?.taken;
  }

  /**
   * Takes the property's nights lock until the end of the transaction `tx`: every transaction that takes nights
   * (a guest's hold, re-taking an expired hold, confirming a payment, an owner's booking) and every import that
   * replaces a channel's events takes it first, so they run one after another for that property. Taken first,
   * before any row lock, it also gives every such transaction the same lock order (no deadlocks between them).
   */
  async function lockNights(tx: DbOrTx, propertyId: number): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(${NIGHTS_LOCK_CLASS}::int, ${propertyId}::int)`);
  }

  /**
   * The nights rule after an import (docs/decisions/008-nights-rule.md): a guest's live hold from the booking
   * page that now shares a night with a channel's event (not an echo) loses its nights — its hold lapses now.
   * A payment that still succeeds on it is refunded in full by the late-payment rule. Returns the holds lapsed.
   */
  async function lapseHoldsTakenByEvents(
    tx: DbOrTx,
    propertyId: number,
    now: Date,
  ): Promise<{ id: string; paymentIntentId: string | null }[]> {
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
  }

  /**
   * Pending holds whose time is up become 'expired' and free their nights: every lapsed hold, or with `nights`
   * only those on that property that touch those nights. A lapsed hold with a payment intent is left to the
   * reconciliation, which asks the provider first (see `expirableAt`). Returns the ids expired.
   */
  async function expireLapsedHolds(tx: DbOrTx, now: Date, nights?: PropertyNights): Promise<string[]> {
    const touching = nights
      ? and(
          eq(stays.propertyId, nights.propertyId),
          lt(stays.checkIn, nights.checkOut),
          gt(stays.checkOut, nights.checkIn),
        )
      : undefined;
    const rows = await tx
      .update(stays)
      .set({ status: 'expired', updatedAt: now })
      .where(and(expirableAt(now), touching))
      .returning({ id: stays.id });
    if (rows.length > 0) invalidate();
    return rows.map((row) => row.id);
  }

  /**
   * An owner block: a confirmed stay of kind 'block' named 'Owner Block'. Lapsed holds are expired first so
   * they do not stand in the way. Overlapping a live stay is a 409 (the database's exclusion constraint).
   */
  async function createBlock(input: CreateBlockInput, tx?: DbOrTx) {
    const run = async (t: DbOrTx) => {
      await expireLapsedHolds(t, input.now);
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
      const row = tx ? await run(tx) : await db.transaction(run);
      return row;
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
  }

  return {
    invalidate,
    refreshAfterWrites,
    endWrites,
    propertyExists,
    unavailableNights,
    unavailableNightsWithJson,
    takenNights,
    isFree,
    lockNights,
    isShownFree,
    expireLapsedHolds,
    lapseHoldsTakenByEvents,
    createBlock,
  };
}
