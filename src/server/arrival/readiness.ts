import type { AgreementAcceptance, Readiness, RegisterGuest } from '../../domain/api/arrival.ts';
import { readinessOf } from '../../domain/arrival.ts';
import type { DbOrTx } from '../db/database.ts';
import { currentAgreement, readAcceptances } from './agreement.ts';
import { readRegisters } from './register.ts';
import { readArrivalSettings } from './settings.ts';

export type StayArrival = {
  guests: RegisterGuest[];
  acceptance: AgreementAcceptance | null;
  readiness: Readiness;
};

/**
 * Each stay's check-in and readiness, read in four queries whatever the number of stays: the manage page, the
 * scheduled messages and the owner's list all ask here (the rule itself is readinessOf in src/domain/arrival.ts).
 */
export async function readArrivals(
  db: DbOrTx,
  list: { id: string; guestCount: number }[],
): Promise<Map<string, StayArrival>> {
  const ids = list.map((stay) => stay.id);
  const [settings, agreement, registers, acceptances] = await Promise.all([
    readArrivalSettings(db),
    currentAgreement(db),
    readRegisters(db, ids),
    readAcceptances(db, ids),
  ]);
  return new Map(
    list.map((stay) => {
      const guests = registers.get(stay.id) ?? [];
      const acceptance = acceptances.get(stay.id) ?? null;
      const readiness = readinessOf({
        settings,
        guests,
        guestCount: stay.guestCount,
        agreementVersion: agreement?.version ?? null,
        acceptedVersion: acceptance?.version ?? null,
      });
      return [stay.id, { guests, acceptance, readiness }];
    }),
  );
}

export async function readArrival(
  db: DbOrTx,
  stay: { id: string; guestCount: number },
): Promise<StayArrival> {
  const arrival = (await readArrivals(db, [stay])).get(stay.id);
  if (!arrival) throw new Error('no arrival read for the stay');
  return arrival;
}
