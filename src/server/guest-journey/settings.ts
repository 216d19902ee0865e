import { eq, sql } from 'drizzle-orm';
import { type GuestMessageSettings, GuestMessageSettingsSchema } from '../../domain/api/guest-journey.ts';
import type { DbOrTx } from '../db/database.ts';
import { settings } from '../db/schema.ts';

/** The row of `settings` that holds the owner's guest message settings. */
export const GUEST_MESSAGES_SETTING = 'guest_messages';

/** Until the owner saves them: no instructions, no default code, no review link, no address on the page. */
export const DEFAULT_GUEST_MESSAGE_SETTINGS: GuestMessageSettings = {
  checkInInstructions: '',
  defaultAccessCode: '',
  reviewUrl: '',
  showAddress: false,
};

/** The owner's standing instructions, default access code, review link and whether guests see the address. */
export async function readGuestMessageSettings(db: DbOrTx): Promise<GuestMessageSettings> {
  const [row] = await db.select().from(settings).where(eq(settings.key, GUEST_MESSAGES_SETTING));
  const parsed = GuestMessageSettingsSchema.partial().safeParse(row?.value ?? {});
  return { ...DEFAULT_GUEST_MESSAGE_SETTINGS, ...(parsed.success ? parsed.data : {}) };
}

export async function saveGuestMessageSettings(db: DbOrTx, value: GuestMessageSettings): Promise<void> {
  await db
    .insert(settings)
    .values({ key: GUEST_MESSAGES_SETTING, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } });
}

/** The code the arrival e-mail gives for a stay: its own, else the owner's default ('' when neither is set). */
export const accessCodeFor = (
  stay: { accessCode: string | null },
  saved: Pick<GuestMessageSettings, 'defaultAccessCode'>,
) => stay.accessCode?.trim() || saved.defaultAccessCode;
