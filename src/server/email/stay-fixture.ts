import { randomUUID } from 'node:crypto';
import { createBookingsRepository, type NewStay, type StayRow } from '../bookings/bookings-repository.ts';
import type { Db } from '../db/database.ts';

/**
 * Tests only: a confirmed guest stay written straight to the database (the payment capability makes real ones),
 * 3 nights from 2026-12-09 unless told otherwise, priced in stored pence.
 */
export async function insertConfirmedStay(db: Db, overrides: Partial<NewStay> = {}): Promise<StayRow> {
  return createBookingsRepository(db).insertStay({
    id: randomUUID(),
    propertyId: 1,
    kind: 'guest',
    source: 'web',
    status: 'confirmed',
    checkIn: '2026-12-09',
    checkOut: '2026-12-12',
    guestCount: 2,
    contactName: 'Fiona MacLeod',
    contactEmail: 'fiona@example.test',
    contactPhone: '+44 7700 900123',
    specialRequests: 'Arriving late, around 9 PM',
    accommodationPence: 72_500,
    cleaningFeePence: 10_000,
    serviceFeePence: 3_600,
    totalPence: 86_100,
    paidPence: 86_100,
    paymentIntentId: `pi_test_${randomUUID()}`,
    confirmedAt: new Date('2026-11-23T10:00:00Z'),
    ...overrides,
  });
}
