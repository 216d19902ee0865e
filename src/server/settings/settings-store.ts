import { eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../db/database.ts';
import { settings } from '../db/schema.ts';

/**
 * Reads and writes of `settings`: each of the owner's settings, and each small fact the site keeps (the export
 * key, a feed's emptied episode, the go-live ticks), is one JSON value under its key.
 */

/** The stored value under `key`, as it was saved; null when there is none. */
export async function getSetting<T>(db: DbOrTx, key: string): Promise<T | null> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
  return row ? (row.value as T) : null;
}

/** A setting as its readers take it: its key, and its value from what is stored (null when nothing is). */
export type StoredSetting<T> = { key: string; from(stored: unknown): T };

/**
 * Several settings in one statement (a guest's hold reads two on every request), each as its `from` gives it.
 */
export async function readSettings<const List extends readonly StoredSetting<unknown>[]>(
  db: DbOrTx,
  ...list: List
): Promise<{ [I in keyof List]: List[I] extends StoredSetting<infer T> ? T : never }> {
  const rows = await db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(
      inArray(
        settings.key,
        list.map((setting) => setting.key),
      ),
    );
  const stored = new Map(rows.map((row) => [row.key, row.value]));
  return list.map((setting) => setting.from(stored.get(setting.key) ?? null)) as {
    [I in keyof List]: List[I] extends StoredSetting<infer T> ? T : never;
  };
}

/** Saves `value` under `key`, replacing what was there; `now` from the injected clock, else the database's. */
export async function putSetting(db: DbOrTx, key: string, value: unknown, now?: Date): Promise<void> {
  const updatedAt = now ?? sql`now()`;
  await db
    .insert(settings)
    .values({ key, value, updatedAt })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt } });
}

/** Inserts the setting unless it exists; returns the stored value either way. */
export async function ensureSetting<T>(db: DbOrTx, key: string, value: T, now: Date): Promise<T> {
  await db.insert(settings).values({ key, value, updatedAt: now }).onConflictDoNothing();
  return (await getSetting<T>(db, key)) as T;
}

export async function deleteSetting(db: DbOrTx, key: string): Promise<void> {
  await db.delete(settings).where(eq(settings.key, key));
}

/**
 * One of the owner's settings read field by field over its defaults: a field never saved (a setting added after
 * the owner last saved) takes its default, and a stored value this schema no longer accepts counts as not saved.
 */
export function settingWithDefaults<Schema extends z.ZodObject>(
  key: string,
  schema: Schema,
  defaults: z.output<Schema>,
) {
  const from = (stored: unknown): z.output<Schema> => {
    const parsed = schema.partial().safeParse(stored ?? {});
    return { ...defaults, ...(parsed.success ? parsed.data : {}) };
  };
  return {
    key,
    from,
    async read(db: DbOrTx): Promise<z.output<Schema>> {
      return from(await getSetting(db, key));
    },
    async save(db: DbOrTx, value: z.output<Schema>, now?: Date): Promise<void> {
      await putSetting(db, key, value, now);
    },
  };
}
