import { inArray } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './database.ts';

/** A table whose rows each belong to one stay (`stay_id`): the register, an acceptance, a document, … */
export type TableOfStays = PgTable & { stayId: AnyPgColumn };

/**
 * Deletes the rows of `table` that belong to these stays, in the caller's transaction (a guest's erasure, the
 * retention rule); the number of rows deleted.
 */
export async function deleteRowsOfStays(
  tx: DbOrTx,
  table: TableOfStays,
  stayIds: readonly string[],
): Promise<number> {
  if (stayIds.length === 0) return 0;
  const deleted = await tx
    .delete(table)
    .where(inArray(table.stayId, [...stayIds]))
    .returning({ stayId: table.stayId });
  return deleted.length;
}
