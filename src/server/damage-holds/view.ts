import type { ArrivalSettings } from '../../domain/api/arrival.ts';
import type { DamageHoldStatus, DamageHoldView } from '../../domain/api/damage-holds.ts';
import { type DamageHoldPlan, describeDamageHold, planDamageHold } from '../../domain/damage-hold.ts';
import type { IsoDate } from '../../domain/dates.ts';
import type { DamageHoldRow, DamageHoldRowStatus } from './repository.ts';

/**
 * What a stay's damage deposit is, read from its rows (docs/decisions/031-damage-deposit-hold.md): the plan while
 * nothing is placed, else the row that holds the money (or, when none does, the latest).
 */

type HoldStay = { checkIn: IsoDate; checkOut: IsoDate };

/** Rows whose money is on the guest's card (held, or charged), a provider call on them perhaps in flight. */
const HOLDING: ReadonlySet<DamageHoldRowStatus> = new Set(['held', 'charged', 'releasing', 'claiming']);
/** Once in one of these, the step is done: the deposit was in place (and may since have been released). */
const DONE: ReadonlySet<DamageHoldRowStatus> = new Set([
  ...HOLDING,
  'released',
  'refunded',
  'claimed',
  'replaced',
]);

export const planOf = (stay: HoldStay, settings: Pick<ArrivalSettings, 'releaseDays'>): DamageHoldPlan =>
  planDamageHold({ checkIn: stay.checkIn, checkOut: stay.checkOut, releaseDays: settings.releaseDays });

/** The newest row holding money: the one the owner claims from. */
export function holdingRow(rows: DamageHoldRow[]): DamageHoldRow | null {
  return [...rows].sort((a, b) => b.sequence - a.sequence).find((row) => HOLDING.has(row.status)) ?? null;
}

/**
 * The row that speaks for the stay: the newest one holding money or waiting for the guest (a renewal the bank
 * declined while the first hold still runs asks the guest to authorise it), else the newest.
 */
export function activeRow(rows: DamageHoldRow[]): DamageHoldRow | null {
  const newestFirst = [...rows].sort((a, b) => b.sequence - a.sequence);
  return (
    newestFirst.find((row) => HOLDING.has(row.status) || row.status === 'needs_authorisation') ??
    newestFirst[0] ??
    null
  );
}

function statusOf(row: DamageHoldRow | null): DamageHoldStatus {
  if (!row) return 'planned';
  switch (row.status) {
    case 'placing':
      return 'planned';
    case 'held':
    case 'charged':
    case 'needs_authorisation':
    case 'released':
    case 'refunded':
    case 'claimed':
      return row.status;
    case 'releasing':
    case 'claiming':
      return row.method === 'charge' ? 'charged' : 'held';
    case 'replaced':
    case 'canceled':
      return 'released';
  }
}

/** The stay's damage deposit as the guest and the owner see it; null when there is none to hold. */
export function holdView(
  stay: HoldStay,
  rows: DamageHoldRow[],
  settings: Pick<ArrivalSettings, 'damageHoldPence' | 'releaseDays'>,
): DamageHoldView | null {
  const row = activeRow(rows);
  if (!row && settings.damageHoldPence <= 0) return null;
  const plan = planOf(stay, settings);
  const amountPence = row?.amountPence ?? settings.damageHoldPence;
  return {
    amountPence,
    kind: plan.kind,
    description: describeDamageHold(plan, amountPence),
    status: statusOf(row),
    placeAt: (rows[0]?.placeAt ?? plan.placeAt).toISOString(),
    releaseAt: (row?.releaseAt ?? plan.releaseAt).toISOString(),
    claimedPence: row?.claimedPence ?? null,
    claimReason: row?.claimReason ?? null,
  };
}

/** The hold as a step of the online check-in: required, done, and whether its time has come. */
export function holdStep(
  stay: HoldStay,
  rows: DamageHoldRow[],
  settings: Pick<ArrivalSettings, 'damageHoldPence' | 'releaseDays'>,
  now: Date,
): { required: boolean; inPlace: boolean; due: boolean } {
  const required = settings.damageHoldPence > 0 || rows.length > 0;
  const inPlace = rows.some((row) => DONE.has(row.status));
  const due = rows.length > 0 || (required && now >= planOf(stay, settings).placeAt);
  return { required, inPlace, due };
}

/** Each stay's deposit for the owner's CSV export: only stays with something placed (the rest have none yet). */
export type DepositSummary = Pick<DamageHoldView, 'status' | 'amountPence' | 'claimedPence' | 'claimReason'>;

export function depositSummaries(rowsByStay: Map<string, DamageHoldRow[]>): Map<string, DepositSummary> {
  const summaries = new Map<string, DepositSummary>();
  for (const [stayId, rows] of rowsByStay) {
    const row = activeRow(rows);
    if (!row) continue;
    summaries.set(stayId, {
      status: statusOf(row),
      amountPence: row.amountPence,
      claimedPence: row.claimedPence,
      claimReason: row.claimReason,
    });
  }
  return summaries;
}
