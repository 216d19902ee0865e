import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { CalendarSourceId } from '../../domain/api.ts';
import type { OurStay } from '../../domain/calendar-conflicts.ts';
import type { IsoDate } from '../../domain/dates.ts';
import { STAY_FLAGS } from '../../domain/stay-flags.ts';
import type { DbOrTx } from '../db/database.ts';
import { calendarSources, importedEvents, settings, stays } from '../db/schema.ts';

/** Queries of calendar sync: feed sources, imported events, our own confirmed stays, small settings. */

export type CalendarSourceRow = typeof calendarSources.$inferSelect;
export type ImportedEventRow = typeof importedEvents.$inferSelect;

/** The value of stays.flag that marks a confirmed booking overlapped by a channel's event. */
export const CALENDAR_CONFLICT_FLAG = STAY_FLAGS.calendarConflict;

export async function listSources(db: DbOrTx): Promise<CalendarSourceRow[]> {
  return db.select().from(calendarSources);
}

export async function getSource(db: DbOrTx, id: CalendarSourceId): Promise<CalendarSourceRow | null> {
  const [row] = await db.select().from(calendarSources).where(eq(calendarSources.id, id));
  return row ?? null;
}

export async function upsertSource(
  db: DbOrTx,
  row: Omit<typeof calendarSources.$inferInsert, 'updatedAt'> & { updatedAt: Date },
): Promise<void> {
  const { id: _id, ...set } = row;
  await db.insert(calendarSources).values(row).onConflictDoUpdate({ target: calendarSources.id, set });
}

export async function updateSource(
  db: DbOrTx,
  id: CalendarSourceId,
  set: Partial<Omit<typeof calendarSources.$inferInsert, 'id'>>,
): Promise<void> {
  await db.update(calendarSources).set(set).where(eq(calendarSources.id, id));
}

export async function listImportedEvents(
  db: DbOrTx,
  sourceId?: CalendarSourceId,
): Promise<ImportedEventRow[]> {
  const query = db.select().from(importedEvents);
  const rows = sourceId ? await query.where(eq(importedEvents.sourceId, sourceId)) : await query;
  return rows.sort((a, b) =>
    a.checkIn === b.checkIn ? a.uid.localeCompare(b.uid) : a.checkIn < b.checkIn ? -1 : 1,
  );
}

export async function replaceImportedEvents(
  tx: DbOrTx,
  sourceId: CalendarSourceId,
  rows: (typeof importedEvents.$inferInsert)[],
): Promise<void> {
  await tx.delete(importedEvents).where(eq(importedEvents.sourceId, sourceId));
  const CHUNK = 500;
  for (let i = 0; i < rows.length; i += CHUNK) {
    await tx.insert(importedEvents).values(rows.slice(i, i + CHUNK));
  }
}

/** Our confirmed guest bookings and owner blocks with a night in [from, to). */
export async function listConfirmedStays(
  db: DbOrTx,
  propertyId: number,
  range: { from: IsoDate; to: IsoDate },
): Promise<(OurStay & { contactName: string })[]> {
  return db
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
        gt(stays.checkOut, range.from),
        lt(stays.checkIn, range.to),
      ),
    )
    .orderBy(stays.checkIn);
}

/**
 * Keeps stays.flag in step with the imported conflicts: marks the given stays (when no other problem is flagged)
 * and clears our mark from stays that no imported event conflicts with any more.
 */
export async function syncConflictFlags(tx: DbOrTx, conflictingStayIds: string[], now: Date): Promise<void> {
  for (const id of new Set(conflictingStayIds)) {
    await tx
      .update(stays)
      .set({ flag: CALENDAR_CONFLICT_FLAG, updatedAt: now })
      .where(and(eq(stays.id, id), sql`${stays.flag} is null`));
  }
  await tx.execute(sql`
    update ${stays} set flag = null, updated_at = ${now}
    where ${stays.flag} = ${CALENDAR_CONFLICT_FLAG}
      and not exists (
        select 1 from ${importedEvents} e
        where e.conflict and e.property_id = ${stays.propertyId}
          and e.check_in < ${stays.checkOut} and ${stays.checkIn} < e.check_out
      )`);
}

export async function getSetting<T>(db: DbOrTx, key: string): Promise<T | null> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
  return row ? (row.value as T) : null;
}

export async function putSetting(db: DbOrTx, key: string, value: unknown, now: Date): Promise<void> {
  await db
    .insert(settings)
    .values({ key, value, updatedAt: now })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: now } });
}

/** Inserts the setting unless it exists; returns the stored value either way. */
export async function ensureSetting<T>(db: DbOrTx, key: string, value: T, now: Date): Promise<T> {
  await db.insert(settings).values({ key, value, updatedAt: now }).onConflictDoNothing();
  return (await getSetting<T>(db, key)) as T;
}

export async function deleteSetting(db: DbOrTx, key: string): Promise<void> {
  await db.delete(settings).where(eq(settings.key, key));
}
