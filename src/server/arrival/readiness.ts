import type { AgreementAcceptance, Readiness, RegisterGuest } from '../../domain/api/arrival.ts';
import { readinessOf } from '../../domain/arrival.ts';
import { readHoldRows } from '../damage-holds/repository.ts';
import { holdStep } from '../damage-holds/view.ts';
import type { DbOrTx } from '../db/database.ts';
import { currentAgreement, readAcceptances } from './agreement.ts';
import { readRegisters } from './register.ts';
import { readArrivalSettings } from './settings.ts';

export type StayArrival = {
  guests: RegisterGuest[];
  acceptance: AgreementAcceptance | null;
  readiness: Readiness;
};

type ArrivalStay = { id: string; guestCount: number; checkIn: string; checkOut: string };

/**
 * Each stay's check-in and readiness, read in five queries whatever the number of stays: the manage page, the
 * scheduled messages and the owner's list all ask here (the rule itself is readinessOf in src/domain/arrival.ts).
 * `now` decides whether the damage deposit's time to be placed has come.
 */
export async function readArrivals(
  db: DbOrTx,
  list: ArrivalStay[],
  now: Date,
): Promise<Map<string, StayArrival>> {
  const ids = list.map((stay) => stay.id);
  // One after another: `db` may be a transaction, one connection that runs one statement at a time
  // (node-postgres queues the others, a use it deprecates).
  const settings = await readArrivalSettings(db);
  const agreement = await currentAgreement(db);
  const registers = await readRegisters(db, ids);
  const acceptances = await readAcceptances(db, ids);
  const holds = await readHoldRows(db, ids);
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
        hold: holdStep(stay, holds.get(stay.id) ?? [], settings, now),
      });
      return [stay.id, { guests, acceptance, readiness }];
    }),
  );
}

export async function readArrival(db: DbOrTx, stay: ArrivalStay, now: Date): Promise<StayArrival> {
  const arrival = (await readArrivals(db, [stay], now)).get(stay.id);
  if (!arrival) throw new Error('no arrival read for the stay');
  return arrival;
}
