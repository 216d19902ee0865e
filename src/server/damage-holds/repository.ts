import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNotNull, lte, or } from 'drizzle-orm';
import type { DbOrTx } from '../db/database.ts';
import { damageHolds } from '../db/schema.ts';

/**
 * The only writer of `damage_holds` (docs/decisions/031-damage-deposit-hold.md). Every change that leads to a
 * provider call is a claim made in one statement (an insert that does nothing when the row exists, or an update
 * guarded by the status it leaves), so of two processes exactly one calls the provider.
 */

export type DamageHoldRow = typeof damageHolds.$inferSelect;
export type DamageHoldRowStatus = DamageHoldRow['status'];

/** The off-session call's key: one per stay and sequence, so a repeated placement is the same request. */
export const placeKey = (stayId: string, sequence: number) => `damage-hold-${stayId}-${sequence}`;

/** Each stay's rows, by sequence. */
export async function readHoldRows(db: DbOrTx, stayIds: string[]): Promise<Map<string, DamageHoldRow[]>> {
  const byStay = new Map<string, DamageHoldRow[]>();
  if (stayIds.length === 0) return byStay;
  const rows = await db
    .select()
    .from(damageHolds)
    .where(inArray(damageHolds.stayId, stayIds))
    .orderBy(asc(damageHolds.stayId), asc(damageHolds.sequence));
  for (const row of rows) byStay.set(row.stayId, [...(byStay.get(row.stayId) ?? []), row]);
  return byStay;
}

export async function findHold(db: DbOrTx, id: string): Promise<DamageHoldRow | null> {
  const [row] = await db.select().from(damageHolds).where(eq(damageHolds.id, id));
  return row ?? null;
}

/** Claims placing hold `sequence` of a stay: the new row, or null when another process (or run) has it. */
export async function claimPlacement(
  db: DbOrTx,
  input: Pick<DamageHoldRow, 'stayId' | 'sequence' | 'method' | 'amountPence' | 'placeAt' | 'releaseAt'> & {
    now: Date;
  },
): Promise<DamageHoldRow | null> {
  const [row] = await db
    .insert(damageHolds)
    .values({
      id: randomUUID(),
      stayId: input.stayId,
      sequence: input.sequence,
      method: input.method,
      amountPence: input.amountPence,
      status: 'placing',
      idempotencyKey: placeKey(input.stayId, input.sequence),
      placeAt: input.placeAt,
      releaseAt: input.releaseAt,
      lastCallAt: input.now,
      createdAt: input.now,
      updatedAt: input.now,
    })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

/**
 * Moves a row from one of `from` to `to` in one statement, with `set`; null when it was no longer in `from`
 * (another process moved it first). The claim before every provider call, and the record after it.
 */
export async function moveHold(
  db: DbOrTx,
  input: {
    id: string;
    from: DamageHoldRowStatus[];
    to: DamageHoldRowStatus;
    set?: Partial<Omit<DamageHoldRow, 'id' | 'stayId' | 'status'>>;
    now: Date;
  },
): Promise<DamageHoldRow | null> {
  const [row] = await db
    .update(damageHolds)
    .set({ ...input.set, status: input.to, updatedAt: input.now })
    .where(and(eq(damageHolds.id, input.id), inArray(damageHolds.status, input.from)))
    .returning();
  return row ?? null;
}

/** Changes a row's fields while it is still in `status` (a claim renewed, an answer kept); null when it moved on. */
export const updateWhile = (
  db: DbOrTx,
  input: { id: string; status: DamageHoldRowStatus; set: Parameters<typeof moveHold>[1]['set']; now: Date },
) => moveHold(db, { id: input.id, from: [input.status], to: input.status, set: input.set, now: input.now });

/** Counts one more on-session authorisation link of a row that still needs one; null when it no longer does. */
export async function countAuthorisation(db: DbOrTx, id: string, now: Date): Promise<DamageHoldRow | null> {
  const current = await findHold(db, id);
  if (current?.status !== 'needs_authorisation') return null;
  return updateWhile(db, {
    id,
    status: 'needs_authorisation',
    set: { authorisations: current.authorisations + 1 },
    now,
  });
}

/**
 * Rows the job looks at: in place or waiting (held, charged, needing authorisation) whose release time has come or
 * whose stay may have been cancelled, and calls in flight (placing, releasing, claiming) since before `stuckBefore`.
 */
export async function rowsToFollowUp(db: DbOrTx, stuckBefore: Date): Promise<DamageHoldRow[]> {
  return db
    .select()
    .from(damageHolds)
    .where(
      or(
        inArray(damageHolds.status, ['held', 'charged', 'needs_authorisation']),
        and(
          inArray(damageHolds.status, ['placing', 'releasing', 'claiming']),
          isNotNull(damageHolds.lastCallAt),
          lte(damageHolds.lastCallAt, stuckBefore),
        ),
      ),
    )
    .orderBy(asc(damageHolds.releaseAt));
}

/** Every row of a stay (the guest-data erase keeps them: they are payment records, like the stay's). */
export async function holdRowsOf(db: DbOrTx, stayId: string): Promise<DamageHoldRow[]> {
  return (await readHoldRows(db, [stayId])).get(stayId) ?? [];
}
