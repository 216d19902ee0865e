import { and, eq, gt, sql } from 'drizzle-orm';
import { type IsoDate, nightsOf, todayOnPropertyClock } from '../../domain/dates.ts';
import type { Clock } from '../clock.ts';
import type { Db, DbOrTx } from '../db/database.ts';
import { createKeptReadings } from '../db/kept-readings.ts';
import { importedEvents, stays } from '../db/schema.ts';
import { eventsSharingNights, liveAt, nightsAreFree } from './nights-rule.ts';

/**
 * How long a reading of the calendar may be served from memory when nothing in this process wrote: the bound
 * for other server processes on a shared PostgreSQL (docs/decisions/019-caches-kept-by-their-writer.md). The
 * bookings module reads the calendar again after each of its commits, before the write returns; a reading also
 * lapses when the first hold in it lapses.
 */
export const UNAVAILABLE_CACHE_TTL_MS = 2000;

export type UnavailableNights = {
  /** Taken nights from today on (property clock), sorted, each once. */
  unavailableDates: IsoDate[];
  /** Live guest stays and channel events with a night from today on. */
  bookingsCount: number;
  /** Owner blocks with a night from today on. */
  blockedDatesCount: number;
};

/** One reading of the calendar, in the forms its readers need: the answer, its JSON and a set of its nights. */
type CalendarReading = {
  today: IsoDate;
  value: UnavailableNights;
  json: string;
  taken: ReadonlySet<IsoDate>;
};

export type Calendar = ReturnType<typeof createCalendar>;

/**
 * The guest's calendar: the nights taken from today on, read from the database and kept in memory (see
 * UNAVAILABLE_CACHE_TTL_MS). Only the bookings module writes what it reads, and it calls `refresh()` after each
 * commit that changed nights (calendar sync's imports commit through it too).
 */
export function createCalendar({ db, clock }: { db: Db; clock: Clock }) {
  const kept = createKeptReadings<number, CalendarReading>({
    clock,
    maxAgeMs: UNAVAILABLE_CACHE_TTL_MS,
    servesAt: (reading, now) => reading.today === todayOnPropertyClock(now),
    read: async (propertyId, now) => {
      const { value, firstHoldExpiry } = await readUnavailable(propertyId, now, db);
      return {
        value: {
          today: todayOnPropertyClock(now),
          value,
          json: JSON.stringify(value),
          taken: new Set(value.unavailableDates),
        },
        keepUntil: firstHoldExpiry,
      };
    },
  });

  /** Reads the taken nights from the database (no cache), plus when the earliest live hold among them lapses. */
  async function readUnavailable(
    propertyId: number,
    now: Date,
    tx: DbOrTx,
  ): Promise<{ value: UnavailableNights; firstHoldExpiry: number | undefined }> {
    const today = todayOnPropertyClock(now);
    // One statement answering one JSON text: the calendar is read again after every hold, and as two statements
    // answering a row per stay (an object and a parsed timestamp each) it cost the hold more (`BENCH_CASE=mixed
    // npm run bench:api`; docs/decisions/019-caches-kept-by-their-writer.md).
    const result = await tx.execute<{ ranges: string }>(sql`select json_build_object(
      'stays', (select coalesce(json_agg(json_build_array(${stays.kind}, ${stays.checkIn}, ${stays.checkOut},
        (extract(epoch from ${stays.holdExpiresAt}) * 1000)::bigint)), '[]')
        from ${stays} where ${and(eq(stays.propertyId, propertyId), gt(stays.checkOut, today), liveAt(now))}),
      'events', (select coalesce(json_agg(json_build_array(${importedEvents.checkIn}, ${importedEvents.checkOut})), '[]')
        from ${importedEvents} where ${eventsSharingNights({ propertyId, checkIn: today }, 'taking')})
    )::text as ranges`);
    const [row] = (result as unknown as { rows: { ranges: string }[] }).rows;
    const { stays: stayRows, events: eventRows } = JSON.parse(row!.ranges) as {
      stays: [kind: 'guest' | 'block', checkIn: IsoDate, checkOut: IsoDate, holdExpiresAt: number | null][];
      events: [checkIn: IsoDate, checkOut: IsoDate][];
    };
    const nights = new Set<IsoDate>();
    let bookingsCount = eventRows.length;
    let blockedDatesCount = 0;
    let firstHoldExpiry: number | undefined;
    const addNights = (checkIn: IsoDate, checkOut: IsoDate) => {
      for (const night of nightsOf(checkIn > today ? checkIn : today, checkOut)) nights.add(night);
    };
    for (const [kind, checkIn, checkOut, holdExpiresAt] of stayRows) {
      if (kind === 'block') blockedDatesCount++;
      else bookingsCount++;
      if (holdExpiresAt !== null && (firstHoldExpiry === undefined || holdExpiresAt < firstHoldExpiry)) {
        firstHoldExpiry = holdExpiresAt;
      }
      addNights(checkIn, checkOut);
    }
    for (const [checkIn, checkOut] of eventRows) addNights(checkIn, checkOut);
    return {
      value: { unavailableDates: [...nights].sort(), bookingsCount, blockedDatesCount },
      firstHoldExpiry,
    };
  }

  /**
   * Every taken night from today on, with the counts of `/api/unavailable-dates`. Served from memory for a
   * moment (see UNAVAILABLE_CACHE_TTL_MS) unless a transaction is given.
   */
  async function unavailableNights(propertyId: number, now: Date, tx?: DbOrTx): Promise<UnavailableNights> {
    if (tx) return (await readUnavailable(propertyId, now, tx)).value;
    return (await kept.get(propertyId, now)).value;
  }

  /** `unavailableNights` with its JSON, serialised once per reading (what `/api/unavailable-dates` sends). */
  async function unavailableNightsWithJson(
    propertyId: number,
    now: Date,
  ): Promise<{ value: UnavailableNights; json: string }> {
    return kept.get(propertyId, now);
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
    const { taken } = await kept.get(propertyId, now);
    return nightsOf(checkIn, checkOut).every((night) => !taken.has(night));
  }

  return {
    /** After a commit that changed nights: read again before the writer returns (readers keep the old meanwhile). */
    refresh: () => kept.refresh(clock.now()),
    /** Drop what is kept (tests that write around the bookings module). */
    forget: kept.forget,
    unavailableNights,
    unavailableNightsWithJson,
    takenNights,
    isShownFree,
  };
}
