import { desc, eq, inArray } from 'drizzle-orm';
import type { AgreementAcceptance, HouseAgreement } from '../../domain/api/arrival.ts';
import type { DbOrTx } from '../db/database.ts';
import { deleteRowsOfStays } from '../db/rows-of-stays.ts';
import { agreementAcceptances, houseAgreements } from '../db/schema.ts';

/**
 * The house agreement: the only writer of `house_agreements` (the owner's versions; a save adds one, none is
 * changed) and `agreement_acceptances` (a guest's acceptance of a version, by the name they typed).
 */

const asAgreement = (row: typeof houseAgreements.$inferSelect): HouseAgreement => ({
  version: row.version,
  text: row.text,
  createdAt: row.createdAt.toISOString(),
});

/** Every version, newest first. */
export async function readAgreementVersions(db: DbOrTx): Promise<HouseAgreement[]> {
  const rows = await db.select().from(houseAgreements).orderBy(desc(houseAgreements.version));
  return rows.map(asAgreement);
}

/** The version in force, or null when the owner has written none. */
export async function currentAgreement(db: DbOrTx): Promise<HouseAgreement | null> {
  const [row] = await db.select().from(houseAgreements).orderBy(desc(houseAgreements.version)).limit(1);
  return row ? asAgreement(row) : null;
}

export async function addAgreementVersion(tx: DbOrTx, text: string, now: Date): Promise<HouseAgreement> {
  const [row] = await tx.insert(houseAgreements).values({ text, createdAt: now }).returning();
  if (!row) throw new Error('the house agreement was not saved');
  return asAgreement(row);
}

export async function readAcceptances(
  db: DbOrTx,
  stayIds: string[],
): Promise<Map<string, AgreementAcceptance>> {
  if (stayIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(agreementAcceptances)
    .where(inArray(agreementAcceptances.stayId, stayIds));
  return new Map(
    rows.map((row) => [
      row.stayId,
      {
        version: row.version,
        name: row.name,
        acceptedAt: row.acceptedAt.toISOString(),
        address: row.address,
      },
    ]),
  );
}

/** Records a stay's acceptance (a later one replaces it: the guest accepted a newer version). */
export async function recordAcceptance(
  tx: DbOrTx,
  stayId: string,
  acceptance: { version: number; name: string; address: string; acceptedAt: Date },
) {
  await tx
    .insert(agreementAcceptances)
    .values({ stayId, ...acceptance })
    .onConflictDoUpdate({ target: agreementAcceptances.stayId, set: acceptance });
}

/** Erases the acceptances of these stays (a guest's erasure, or the booking's retention). */
export const eraseAcceptances = (tx: DbOrTx, stayIds: string[]): Promise<number> =>
  deleteRowsOfStays(tx, agreementAcceptances, stayIds);

/** Whether this version exists. */
export async function agreementVersionExists(db: DbOrTx, version: number): Promise<boolean> {
  const [row] = await db
    .select({ version: houseAgreements.version })
    .from(houseAgreements)
    .where(eq(houseAgreements.version, version));
  return row !== undefined;
}
