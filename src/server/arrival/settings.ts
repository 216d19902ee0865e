import { eq, sql } from 'drizzle-orm';
import { type ArrivalSettings, ArrivalSettingsSchema } from '../../domain/api/arrival.ts';
import { DEFAULT_ARRIVAL_SETTINGS } from '../../domain/arrival.ts';
import type { DbOrTx } from '../db/database.ts';
import { settings } from '../db/schema.ts';

/** The row of `settings` that holds the owner's arrival settings. */
export const ARRIVAL_SETTING = 'arrival';

/** The owner's arrival settings; absent, a new install's (the register and the agreement required, no hold). */
export async function readArrivalSettings(db: DbOrTx): Promise<ArrivalSettings> {
  const [row] = await db.select().from(settings).where(eq(settings.key, ARRIVAL_SETTING));
  const parsed = ArrivalSettingsSchema.partial().safeParse(row?.value ?? {});
  return { ...DEFAULT_ARRIVAL_SETTINGS, ...(parsed.success ? parsed.data : {}) };
}

export async function saveArrivalSettings(db: DbOrTx, value: ArrivalSettings): Promise<void> {
  await db
    .insert(settings)
    .values({ key: ARRIVAL_SETTING, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } });
}
