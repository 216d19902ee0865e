import { randomUUID } from 'node:crypto';
import { poundsToPence, quoteStay } from '../../domain/pricing.ts';
import { createBookingsRepository, type NewStay, type StayRow } from '../bookings/bookings-repository.ts';
import type { Db } from '../db/database.ts';
import type { RefundProvider } from './service.ts';

/** What the owner's booking form sends for a booking taken by phone (2 guests, held 3 days unless told). */
export function phoneBookingForm(
  dates: { checkInDate: string; checkOutDate: string },
  change: Partial<{ guestCount: number; contactName: string; contactEmail: string; holdDays: number }> = {},
) {
  return {
    ...dates,
    guestCount: 2,
    contactName: 'Phone Guest',
    contactEmail: 'phone.guest@example.test',
    holdDays: 3,
    ...change,
  };
}

/**
 * A stay written through a bookings repository of its own, priced by the shared rules (test data only): the app's
 * calendar does not hear of it until `app.bookings.calendar.forget()` or its 2 s bound.
 */
export async function insertStay(
  db: Db,
  overrides: Partial<NewStay> & { checkIn: string; checkOut: string },
) {
  const quote = quoteStay(overrides.checkIn, overrides.checkOut);
  const row: NewStay = {
    id: randomUUID(),
    propertyId: 1,
    kind: 'guest',
    source: 'web',
    status: 'confirmed',
    guestCount: 2,
    contactName: 'Ada Guest',
    contactEmail: 'ada@example.test',
    accommodationPence: poundsToPence(quote.accommodation),
    cleaningFeePence: poundsToPence(quote.cleaningFee),
    serviceFeePence: poundsToPence(quote.serviceFee),
    totalPence: poundsToPence(quote.total),
    ...overrides,
  };
  return createBookingsRepository(db).insertStay(row) as Promise<StayRow>;
}

/** A paid, confirmed guest booking as the payment flow leaves it. */
export function insertPaidBooking(db: Db, stay: { checkIn: string; checkOut: string } & Partial<NewStay>) {
  const total = poundsToPence(quoteStay(stay.checkIn, stay.checkOut).total);
  return insertStay(db, {
    paymentIntentId: `pi_test_${randomUUID().slice(0, 8)}`,
    paidPence: total,
    ...stay,
  });
}

type RefundCall = Parameters<RefundProvider['refund']>[0];

/**
 * A recording fake of the payment provider's refund call. Like Stripe, a repeated idempotency key returns the
 * first refund instead of refunding again. `failNext` makes the next call throw; `during` runs inside the call.
 */
export function createRecordingRefunds() {
  const calls: RefundCall[] = [];
  const byKey = new Map<string, { id: string; amount: number }>();
  let failure: Error | undefined;
  let during: (() => Promise<void>) | undefined;
  const provider: RefundProvider & {
    calls: RefundCall[];
    failNext(error: Error): void;
    runDuringNext(action: () => Promise<void>): void;
  } = {
    calls,
    failNext(error) {
      failure = error;
    },
    runDuringNext(action) {
      during = action;
    },
    async refund(input) {
      calls.push(input);
      if (during) {
        const action = during;
        during = undefined;
        await action();
      }
      if (failure) {
        const error = failure;
        failure = undefined;
        throw error;
      }
      const known = byKey.get(input.idempotencyKey);
      if (known) return known;
      const refund = { id: `re_test_${calls.length}`, amount: input.amountPence };
      byKey.set(input.idempotencyKey, refund);
      return refund;
    },
  };
  return provider;
}
