import { eq } from 'drizzle-orm';
import type { CalendarSourceId } from '../../domain/api/calendar-sync.ts';
import type { DbOrTx } from '../db/database.ts';
import { calendarSources, importedEvents } from '../db/schema.ts';

/** Queries of calendar sync: feed sources, imported events, our own confirmed stays. */

export type CalendarSourceRow = typeof calendarSources.$inferSelect;
export type ImportedEventRow = typeof importedEvents.$inferSelect;

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

/**
 * The owner's feed address, saved as typed (its own Save). A new address starts without the previous one's sync
 * history: its first sync says whether it works. The same address again changes nothing.
 */
export async function saveSourceUrl(
  db: DbOrTx,
  { id, propertyId, url, now }: { id: CalendarSourceId; propertyId: number; url: string; now: Date },
): Promise<void> {
  if ((await getSource(db, id))?.url === url) return;
  await upsertSource(db, {
    id,
    propertyId,
    url,
    lastAttemptAt: null,
    lastSuccessAt: null,
    lastError: null,
    lastEventCount: null,
    staleNotifiedAt: null,
    updatedAt: now,
  });
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
