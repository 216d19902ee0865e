import { AsyncLocalStorage } from 'node:async_hooks';
import { and, eq, gt } from 'drizzle-orm';
import { type IsoDate, nightsOf, todayOnPropertyClock } from '../../domain/dates.ts';
import type { Db, DbOrTx } from '../db/database.ts';
import { importedEvents, properties, stays } from '../db/schema.ts';
import { createSingleFlight, type SingleFlight } from '../jobs/single-flight.ts';
import { liveAt, nightsAreFree } from './nights-rule.ts';

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
/** A reading under way: of one property's calendar, as of one generation of writes and one day. */
type ReadKey = `${number}|${number}|${IsoDate}`;
const propertyOfRead = (key: ReadKey) => Number(key.slice(0, key.indexOf('|')));

type SharedState = {
  unavailable: Map<number, CacheEntry>;
  /** Reads under way, so a burst of requests after the cache lapses makes one query, not one each. */
  reads: SingleFlight<ReadKey, CacheEntry>;
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
      reads: createSingleFlight(),
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

export type Calendar = ReturnType<typeof createCalendar>;

/**
 * The guest's calendar: the nights taken from today on, read from the database and kept in memory for a moment
 * (see UNAVAILABLE_CACHE_TTL_MS). Every write of a stay or of the channels' events calls `invalidate()` after
 * its commit (the bookings repository does it for its own writes).
 */
export function createCalendar(db: Db) {
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
    for (const key of shared.reads.keys()) propertyIds.add(propertyOfRead(key));
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
    return shared.reads.run(`${propertyId}|${generation}|${today}`, () =>
      readUnavailable(propertyId, now, db).then(({ value, firstHoldExpiry }) => {
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
      }),
    );
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
    if (checkIn < today) return nightsAreFree(db, { propertyId, checkIn, checkOut, now });
    const { taken } = await cachedCalendar(propertyId, now);
    return nightsOf(checkIn, checkOut).every((night) => !taken.has(night));
  }

  return {
    invalidate,
    refreshAfterWrites,
    endWrites,
    propertyExists,
    unavailableNights,
    unavailableNightsWithJson,
    takenNights,
    isShownFree,
  };
}
