import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/database.ts';
import { stays } from '../db/schema.ts';
import { liveAt } from '../stays/stays-repository.ts';

/**
 * The queries of holding nights while a guest pays and of confirming them once the payment is verified.
 * Every method runs on the database or inside the caller's transaction. The database's exclusion constraint
 * (stays_no_overlap) is what finally forbids two live stays on one night; callers map its 23P01 to a 409.
 * Lapsed holds are expired by the stays repository (src/server/stays), which owns when a hold lapses.
 */

export type StayRow = typeof stays.$inferSelect;
export type NewStay = typeof stays.$inferInsert;

/** Why the owner must look at a stay (a payment that could not become a booking and was refunded): one list. */
export { STAY_FLAGS } from '../../domain/stay-flags.ts';

export function createHoldsRepository(db: DbOrTx) {
  return {
    async findStay(id: string, tx: DbOrTx = db, options: { forUpdate?: boolean } = {}) {
      const query = tx.select().from(stays).where(eq(stays.id, id));
      const [row] = options.forUpdate ? await query.for('update') : await query;
      return row ?? null;
    },

    /** The newest stay a guest's hold token was given to. */
    async findByHoldToken(holdToken: string, tx: DbOrTx = db) {
      const [row] = await tx
        .select()
        .from(stays)
        .where(and(eq(stays.holdToken, holdToken), eq(stays.kind, 'guest')))
        .orderBy(desc(stays.createdAt))
        .limit(1)
        .for('update');
      return row ?? null;
    },

    /** A client's live holds from the booking page, newest first. */
    async liveHoldsOfClient(holdClientKey: string, now: Date, tx: DbOrTx = db): Promise<StayRow[]> {
      return tx
        .select()
        .from(stays)
        .where(
          and(
            eq(stays.holdClientKey, holdClientKey),
            eq(stays.status, 'pending'),
            eq(stays.source, 'web'),
            liveAt(now),
          ),
        )
        .orderBy(desc(stays.createdAt))
        .for('update');
    },

    async insertStay(values: NewStay, tx: DbOrTx = db): Promise<StayRow> {
      const [row] = await tx.insert(stays).values(values).returning();
      return row!;
    },

    async updateStay(id: string, values: Partial<NewStay>, tx: DbOrTx = db): Promise<StayRow> {
      const [row] = await tx.update(stays).set(values).where(eq(stays.id, id)).returning();
      if (!row) throw new Error(`stay ${id} vanished`);
      return row;
    },

    /** Remembers the provider's payment intent of a hold (after the provider answered, in a new transaction). */
    async recordPaymentIntent(id: string, paymentIntentId: string, now: Date, tx: DbOrTx = db) {
      await tx
        .update(stays)
        .set({ paymentIntentId, updatedAt: now })
        .where(and(eq(stays.id, id), sql`${stays.status} in ('pending', 'expired')`));
    },
  };
}

export type HoldsRepository = ReturnType<typeof createHoldsRepository>;
