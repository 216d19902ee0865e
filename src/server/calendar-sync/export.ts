import { randomBytes } from 'node:crypto';
import { todayOnPropertyClock } from '../../domain/dates.ts';
import { buildIcalExport } from '../../domain/ical-export.ts';
import { PROPERTY_ID, PROPERTY_NAME } from '../../domain/property.ts';
import { audit } from '../audit/audit.ts';
import type { BookingsRepository } from '../bookings/bookings-repository.ts';
import { ensureSetting, getSetting, putSetting } from '../settings/settings-store.ts';
import type { CalendarSyncDeps } from './deps.ts';

/**
 * Export of our own feed for the channels to import: confirmed bookings and owner blocks, at a URL with a secret
 * key the owner can rotate.
 */

const EXPORT_KEY_SETTING = 'ical_export_key';

export function createFeedExport(deps: CalendarSyncDeps, bookings: BookingsRepository) {
  const { config, db, clock } = deps;
  const host = new URL(config.siteUrl).hostname;

  const newExportKey = () => randomBytes(24).toString('base64url');
  const exportUrl = (key: string) => `${config.siteUrl}/api/ical/${PROPERTY_ID}.ics?key=${key}`;

  async function getExportUrl(): Promise<string> {
    const { key } = await ensureSetting(db, EXPORT_KEY_SETTING, { key: newExportKey() }, clock.now());
    return exportUrl(key);
  }

  async function rotateExportKey(actor: string): Promise<string> {
    const key = newExportKey();
    const now = clock.now();
    await db.transaction(async (tx) => {
      await putSetting(tx, EXPORT_KEY_SETTING, { key }, now);
      await audit(tx, { actor, action: 'calendar.export_key_rotated' });
    });
    return exportUrl(key);
  }

  /** The export key, or null when none was made yet. */
  async function getExportKey(): Promise<string | null> {
    return (await getSetting<{ key: string }>(db, EXPORT_KEY_SETTING))?.key ?? null;
  }

  /** Our feed: confirmed guest bookings and owner blocks that are not over yet. */
  async function exportCalendar(): Promise<string> {
    const now = clock.now();
    const today = todayOnPropertyClock(now);
    const stays = await bookings.listConfirmed({ propertyId: PROPERTY_ID, from: today, to: '9999-12-31' });
    return buildIcalExport({
      stays: stays.map(({ id, checkIn, checkOut }) => ({ id, checkIn, checkOut })),
      host,
      calendarName: PROPERTY_NAME,
      now,
    });
  }

  return { getExportUrl, rotateExportKey, getExportKey, exportCalendar };
}
