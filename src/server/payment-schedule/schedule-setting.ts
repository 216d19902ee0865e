import {
  DEFAULT_PAYMENT_SCHEDULE,
  type PaymentScheduleSetting,
  PaymentScheduleSettingSchema,
} from '../../domain/payment-schedule.ts';
import { audit } from '../audit/audit.ts';
import type { DbOrTx, Tx } from '../db/database.ts';
import { getSetting, putSetting, type StoredSetting } from '../settings/settings-store.ts';

/** The owner's payment schedule, in the settings table; absent (a fresh install): pay in full, as before. */
export const PAYMENT_SCHEDULE_SETTING = 'payment_schedule';

/** The stored schedule, or pay in full when none is stored or it is no longer valid. */
export const paymentScheduleSetting: StoredSetting<PaymentScheduleSetting> = {
  key: PAYMENT_SCHEDULE_SETTING,
  from: (stored) => {
    const parsed = PaymentScheduleSettingSchema.safeParse(stored);
    return parsed.success ? parsed.data : DEFAULT_PAYMENT_SCHEDULE;
  },
};

export async function readPaymentSchedule(db: DbOrTx): Promise<PaymentScheduleSetting> {
  return paymentScheduleSetting.from(await getSetting(db, PAYMENT_SCHEDULE_SETTING));
}

/**
 * Saves the setting and its audit row (with the setting it replaced) in the caller's transaction; bookings already
 * made keep their own plan.
 */
export async function savePaymentSchedule(
  tx: Tx,
  setting: PaymentScheduleSetting,
  actor: string,
  now: Date,
): Promise<void> {
  const previous = await readPaymentSchedule(tx);
  await putSetting(tx, PAYMENT_SCHEDULE_SETTING, setting, now);
  await audit(tx, {
    actor,
    action: 'payment_schedule.updated',
    details: { previous, setting },
    at: now,
  });
}
