import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { AdminBooking } from '../../domain/api.ts';
import { bookingReference } from '../../domain/booking-reference.ts';
import type { DbOrTx } from '../db/database.ts';
import { auditLog, importedEvents, stays } from '../db/schema.ts';

export type StayRow = typeof stays.$inferSelect;
export type NewStay = typeof stays.$inferInsert;

/** The audit action that records a cancellation; its details carry what the guest must be refunded. */
export const CANCEL_ACTION = 'booking.canceled';

/**
 * The owner's reads and writes of stays. Every method takes the database or a caller's transaction.
 * (The availability capability owns the nights-taken rules; this module owns the owner's decisions.)
 */
export function createAdminBookingsRepository() {
  return {
    async list(db: DbOrTx): Promise<StayRow[]> {
      return db.select().from(stays).orderBy(asc(stays.checkIn), asc(stays.createdAt));
    },

    async get(db: DbOrTx, id: string, options: { forUpdate?: boolean } = {}): Promise<StayRow | undefined> {
      const query = db.select().from(stays).where(eq(stays.id, id));
      const [row] = options.forUpdate ? await query.for('update') : await query;
      return row;
    },

    async update(db: DbOrTx, id: string, changes: Partial<NewStay>): Promise<StayRow> {
      const [row] = await db.update(stays).set(changes).where(eq(stays.id, id)).returning();
      if (!row) throw new Error(`stay ${id} vanished during an update`);
      return row;
    },

    async insert(db: DbOrTx, row: NewStay): Promise<StayRow> {
      const [created] = await db.insert(stays).values(row).returning();
      return created!;
    },

    async listImportedEvents(db: DbOrTx, fromDate: string) {
      return db
        .select()
        .from(importedEvents)
        .where(gt(importedEvents.checkOut, fromDate))
        .orderBy(asc(importedEvents.checkIn));
    },

    /**
     * What each cancelled stay's guest is owed in total (the refunded amount to reach), from the cancellation's
     * audit row. A refund due is that target minus what has been refunded so far.
     */
    async refundTargets(db: DbOrTx, ids?: string[]): Promise<Map<string, number>> {
      const stayId = sql<string>`${auditLog.details}->>'stayId'`;
      const target = sql<string>`max((${auditLog.details}->>'refundTargetPence')::integer)`;
      const conditions = [
        eq(auditLog.action, CANCEL_ACTION),
        sql`(${auditLog.details}->>'refundTargetPence') is not null`,
      ];
      if (ids) {
        if (ids.length === 0) return new Map();
        conditions.push(inArray(stayId, ids));
      }
      const rows = await db
        .select({ stayId, target })
        .from(auditLog)
        .where(and(...conditions))
        .groupBy(stayId);
      return new Map(rows.map((row) => [row.stayId, Number(row.target)]));
    },

    async audit(db: DbOrTx, actor: string, action: string, details: Record<string, unknown>): Promise<void> {
      await db.insert(auditLog).values({ actor, action, details });
    },

    async listAudit(db: DbOrTx, limit: number) {
      return db.select().from(auditLog).orderBy(desc(auditLog.createdAt), desc(auditLog.id)).limit(limit);
    },
  };
}

export type AdminBookingsRepository = ReturnType<typeof createAdminBookingsRepository>;

/** The API's camelCase view of a stay (spec section 3, plus what the owner needs). */
export function toAdminBooking(row: StayRow, refundTargetPence = 0): AdminBooking {
  return {
    id: row.id,
    reference: bookingReference(row.id),
    propertyId: row.propertyId,
    kind: row.kind,
    source: row.source,
    checkInDate: row.checkIn,
    checkOutDate: row.checkOut,
    guestCount: row.guestCount,
    contactName: row.contactName,
    contactEmail: row.contactEmail,
    contactPhone: row.contactPhone,
    specialRequests: row.specialRequests,
    reason: row.reason,
    totalPrice: row.totalPence / 100,
    status: row.status,
    holdExpiresAt: row.status === 'pending' && row.holdExpiresAt ? row.holdExpiresAt.toISOString() : null,
    flag: row.flag,
    paidPence: row.paidPence,
    refundedPence: row.refundedPence,
    refundDuePence: Math.max(0, refundTargetPence - row.refundedPence),
    createdAt: row.createdAt.toISOString(),
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
    canceledAt: row.canceledAt?.toISOString() ?? null,
  };
}
