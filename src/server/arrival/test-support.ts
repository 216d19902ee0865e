import type { HTTPMethods, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { ArrivalSettings } from '../../domain/api/arrival.ts';

/** A request as the signed-in owner, as the test apps and the payment harness make them (`asOwner`). */
type OwnerRequest = (
  method: HTTPMethods,
  url: string,
  payload?: InjectOptions['payload'],
) => Promise<LightMyRequestResponse>;

/** What a test's owner asks before arrival when the test says nothing else: no step, no damage deposit. */
const NOTHING_REQUIRED: ArrivalSettings = {
  requireRegister: false,
  requireAgreement: false,
  damageHoldPence: 0,
  releaseDays: 2,
};

/** The owner saves the arrival settings in the admin: nothing required but what `settings` asks. */
export async function saveArrivalSettingsAsOwner(
  asOwner: OwnerRequest,
  settings: Partial<ArrivalSettings> = {},
): Promise<void> {
  const saved = await asOwner('PUT', '/api/admin/arrival-settings', { ...NOTHING_REQUIRED, ...settings });
  expect(saved.statusCode, saved.body).toBe(200);
}
