import { asc, gt } from 'drizzle-orm';
import type { AdminBooking } from '../../domain/api/admin-bookings.ts';
import type { GuestMessageSettings } from '../../domain/api/guest-journey.ts';
import { attentionSentence } from '../../domain/attention.ts';
import { bookingReference } from '../../domain/booking-reference.ts';
import { balanceOutstanding } from '../../domain/payment-schedule.ts';
import { readArrivals, type StayArrival } from '../arrival/readiness.ts';
import { type StayRow, stayBookingDetails, stayTimestamps } from '../bookings/bookings-repository.ts';
import type { DbOrTx } from '../db/database.ts';
import { importedEvents } from '../db/schema.ts';
import { accessCodeFor, readGuestMessageSettings } from '../guest-journey/settings.ts';

/** The audit action that records a cancellation (its details keep the refund decided, for the record). */
export const CANCEL_ACTION = 'booking.canceled';

/**
 * The channels' imported events as the admin shows them. Stays themselves are read and written by the bookings
 * repository (src/server/bookings), the audit log by src/server/audit.
 */
export function createAdminBookingsRepository() {
  return {
    async listImportedEvents(db: DbOrTx, fromDate: string) {
      return db
        .select()
        .from(importedEvents)
        .where(gt(importedEvents.checkOut, fromDate))
        .orderBy(asc(importedEvents.checkIn));
    },
  };
}

export type AdminBookingsRepository = ReturnType<typeof createAdminBookingsRepository>;

/**
 * What the admin's view of stays reads besides the rows: the owner's default access code, and the online check-in
 * of each confirmed guest stay (docs/decisions/025-online-check-in.md).
 */
export type AdminBookingContext = Pick<GuestMessageSettings, 'defaultAccessCode'> & {
  arrivals: Map<string, Pick<StayArrival, 'readiness'>>;
};

export async function readAdminBookingContext(
  db: DbOrTx,
  rows: StayRow[],
  now: Date,
): Promise<AdminBookingContext> {
  const confirmedGuests = rows.filter((row) => row.kind === 'guest' && row.status === 'confirmed');
  const [saved, arrivals] = await Promise.all([
    readGuestMessageSettings(db),
    readArrivals(db, confirmedGuests, now),
  ]);
  return { defaultAccessCode: saved.defaultAccessCode, arrivals };
}

/** One stay as the admin API answers it (the owner's settings read for it). */
export async function adminBookingOf(db: DbOrTx, row: StayRow, now: Date): Promise<AdminBooking> {
  return toAdminBooking(row, await readAdminBookingContext(db, [row], now));
}

/** The API's camelCase view of a stay (spec section 3, plus what the owner needs). */
export function toAdminBooking(row: StayRow, context: AdminBookingContext): AdminBooking {
  return {
    id: row.id,
    reference: bookingReference(row.id),
    propertyId: row.propertyId,
    kind: row.kind,
    source: row.source,
    ...stayBookingDetails(row),
    reason: row.reason,
    dayHireHours: row.dayHireHours,
    holdsNight: row.holdsNight,
    totalPrice: row.totalPence / 100,
    status: row.status,
    holdExpiresAt: row.status === 'pending' && row.holdExpiresAt ? row.holdExpiresAt.toISOString() : null,
    attention: row.attention,
    flag: row.attention ? attentionSentence(row.attention, row) : null,
    paidPence: row.paidPence,
    refundedPence: row.refundedPence,
    refundDuePence: row.refundDuePence,
    ...stayTimestamps(row),
    scheduleKind: row.scheduleKind,
    depositPence: row.depositPence,
    balancePence: row.balancePence,
    balanceDueOn: row.balanceDueOn,
    balanceStatus: row.balanceStatus,
    balanceFailureCode: row.balanceFailureCode,
    balanceLastError: row.balanceLastError,
    balanceLastAttemptAt: row.balanceLastAttemptAt?.toISOString() ?? null,
    duePence: balanceOutstanding(row) ? row.balancePence : 0,
    hasAccessCode: row.kind === 'guest' && accessCodeFor(row, context) !== '',
    checkInMissing: context.arrivals.get(row.id)?.readiness.missing ?? null,
  };
}
