import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/database.ts';
import { settings } from '../db/schema.ts';

/** The owner's switch for abandoned-checkout follow-ups, in the settings table; absent: on. */
const FOLLOW_UPS_SETTING = 'checkout_follow_ups';

export async function followUpsEnabled(db: DbOrTx): Promise<boolean> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, FOLLOW_UPS_SETTING));
  return (row?.value as { enabled?: unknown } | undefined)?.enabled !== false;
}

export async function saveFollowUpsEnabled(db: DbOrTx, enabled: boolean, now: Date): Promise<void> {
  const value = { enabled };
  await db
    .insert(settings)
    .values({ key: FOLLOW_UPS_SETTING, value, updatedAt: now })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: now } });
}
