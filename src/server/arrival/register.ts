import { and, asc, eq, gte, inArray, lt, lte } from 'drizzle-orm';
import type { GuestRegisterEntry, RegisterGuest } from '../../domain/api/arrival.ts';
import { bookingReference } from '../../domain/booking-reference.ts';
import type { IsoDate } from '../../domain/dates.ts';
import type { DbOrTx } from '../db/database.ts';
import { deleteRowsOfStays } from '../db/rows-of-stays.ts';
import { guestRegister, stays } from '../db/schema.ts';

/**
 * The guest register (Immigration (Hotel Records) Order 1972): the only writer of `guest_register`. A stay's
 * register is replaced whole, so a save is all or nothing.
 */

const fields = {
  under16: guestRegister.under16,
  fullName: guestRegister.fullName,
  nationality: guestRegister.nationality,
  passportNumber: guestRegister.passportNumber,
  passportPlaceOfIssue: guestRegister.passportPlaceOfIssue,
  nextDestination: guestRegister.nextDestination,
};

/** The register of each stay, in the guests' order. */
export async function readRegisters(db: DbOrTx, stayIds: string[]): Promise<Map<string, RegisterGuest[]>> {
  const byStay = new Map<string, RegisterGuest[]>(stayIds.map((id) => [id, []]));
  if (stayIds.length === 0) return byStay;
  const rows = await db
    .select({ stayId: guestRegister.stayId, ...fields })
    .from(guestRegister)
    .where(inArray(guestRegister.stayId, stayIds))
    .orderBy(asc(guestRegister.stayId), asc(guestRegister.position));
  for (const { stayId, ...guest } of rows) byStay.get(stayId)?.push(guest);
  return byStay;
}

export async function readRegister(db: DbOrTx, stayId: string): Promise<RegisterGuest[]> {
  return (await readRegisters(db, [stayId])).get(stayId) ?? [];
}

/** Replaces a stay's register with `guests`, in the caller's transaction. */
export async function replaceRegister(tx: DbOrTx, stayId: string, guests: RegisterGuest[], now: Date) {
  await tx.delete(guestRegister).where(eq(guestRegister.stayId, stayId));
  if (guests.length === 0) return;
  await tx
    .insert(guestRegister)
    .values(
      guests.map((guest, position) => ({ stayId, position, ...guest, createdAt: now, updatedAt: now })),
    );
}

/** Erases the register of these stays (a guest's erasure); the number of guests erased. */
export const eraseRegisters = (tx: DbOrTx, stayIds: string[]): Promise<number> =>
  deleteRowsOfStays(tx, guestRegister, stayIds);

/** Erases the register of every stay that checked out before `cutoff`; the stays whose register went. */
export async function eraseRegistersBefore(tx: DbOrTx, cutoff: IsoDate): Promise<string[]> {
  const due = await tx
    .selectDistinct({ stayId: guestRegister.stayId })
    .from(guestRegister)
    .innerJoin(stays, eq(stays.id, guestRegister.stayId))
    .where(lt(stays.checkOut, cutoff));
  const ids = due.map((row) => row.stayId);
  await eraseRegisters(tx, ids);
  return ids;
}

/** The register as the police may ask to inspect it: every guest 16 or over of stays overlapping the dates. */
export async function registerBetween(db: DbOrTx, from: IsoDate, to: IsoDate): Promise<GuestRegisterEntry[]> {
  const rows = await db
    .select({ stayId: stays.id, checkIn: stays.checkIn, checkOut: stays.checkOut, ...fields })
    .from(guestRegister)
    .innerJoin(stays, eq(stays.id, guestRegister.stayId))
    .where(and(lte(stays.checkIn, to), gte(stays.checkOut, from), eq(guestRegister.under16, false)))
    .orderBy(asc(stays.checkIn), asc(stays.id), asc(guestRegister.position));
  return rows.map(({ stayId, under16: _under16, ...row }) => ({
    reference: bookingReference(stayId),
    ...row,
  }));
}
