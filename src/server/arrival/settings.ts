import { type ArrivalSettings, ArrivalSettingsSchema } from '../../domain/api/arrival.ts';
import { DEFAULT_ARRIVAL_SETTINGS } from '../../domain/arrival.ts';
import type { DbOrTx } from '../db/database.ts';
import { settingWithDefaults } from '../settings/settings-store.ts';

/** The row of `settings` that holds the owner's arrival settings. */
export const ARRIVAL_SETTING = 'arrival';

/** The owner's arrival settings; absent, a new install's (the register and the agreement required, no hold). */
export const arrivalSetting = settingWithDefaults(
  ARRIVAL_SETTING,
  ArrivalSettingsSchema,
  DEFAULT_ARRIVAL_SETTINGS,
);

export function readArrivalSettings(db: DbOrTx): Promise<ArrivalSettings> {
  return arrivalSetting.read(db);
}

export function saveArrivalSettings(db: DbOrTx, value: ArrivalSettings): Promise<void> {
  return arrivalSetting.save(db, value);
}
