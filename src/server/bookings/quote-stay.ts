import { randomUUID } from 'node:crypto';
import { type IsoDate, todayOnPropertyClock } from '../../domain/dates.ts';
import { planColumns, planPayments } from '../../domain/payment-schedule.ts';
import { PROPERTY_ID } from '../../domain/property.ts';
import type { Tx } from '../db/database.ts';
import { conflict } from '../errors.ts';
import { readPaymentSchedule } from '../payment-schedule/schedule-setting.ts';
import type { BookingsRepository, StayRow } from './bookings-repository.ts';

/**
 * The stay an owner's quote holds or becomes (docs/decisions/028-enquiries-and-quotes.md): a guest booking made
 * by the owner, pending until the guest pays it through the checkout page, at the quoted price for the whole and
 * by the owner's payment schedule. It takes its nights under the nights rule like any stay (the property's nights
 * lock, the channels' events, the database's no-overlap constraint), unless it is a day hire that leaves its night
 * bookable. Part of the bookings module: the enquiries capability asks it, in its transaction.
 */

export type QuoteStayInput = {
  checkIn: IsoDate;
  checkOut: IsoDate;
  guestCount: number;
  contactName: string;
  contactEmail: string;
  contactPhone: string;
  totalPence: number;
  /** A day hire's hours; null for a stay of nights. */
  dayHireHours: string | null;
  holdsNight: boolean;
  /** Until when the nights are held (the quote's expiry, or the payment window when the dates were not held). */
  holdUntil: Date;
  /** The quote's expiry: no payment may start after it. */
  payableUntil: Date;
  now: Date;
};

export const QUOTE_DATES_TAKEN_MESSAGE =
  'Those dates are no longer free: another booking, a guest paying or a channel holds them. Please choose other dates.';

/** Holds the quote's stay in the caller's transaction (one made by `bookings.transaction`). */
export async function holdQuoteStay(
  bookings: BookingsRepository,
  input: QuoteStayInput,
  tx: Tx,
): Promise<StayRow> {
  const nights = { propertyId: PROPERTY_ID, checkIn: input.checkIn, checkOut: input.checkOut };
  await bookings.lockNights(nights, tx);
  await bookings.expireLapsedHolds({ now: input.now, nights }, tx);
  if (input.holdsNight && !(await bookings.isFree({ ...nights, now: input.now }, tx))) {
    throw conflict(QUOTE_DATES_TAKEN_MESSAGE, 'dates_unavailable');
  }
  const plan = planPayments({
    totalPence: input.totalPence,
    checkIn: input.checkIn,
    bookedOn: todayOnPropertyClock(input.now),
    setting: await readPaymentSchedule(tx),
  });
  return bookings.insertStay(
    {
      id: randomUUID(),
      propertyId: PROPERTY_ID,
      kind: 'guest',
      source: 'owner',
      status: 'pending',
      checkIn: input.checkIn,
      checkOut: input.checkOut,
      guestCount: input.guestCount,
      contactName: input.contactName,
      contactEmail: input.contactEmail,
      contactPhone: input.contactPhone,
      // The price is the owner's for the whole: no nightly rates, fees or levy are added to it.
      accommodationPence: input.totalPence,
      totalPence: input.totalPence,
      ...planColumns(plan),
      dayHireHours: input.dayHireHours,
      holdsNight: input.holdsNight,
      holdExpiresAt: input.holdUntil,
      payableUntil: input.payableUntil,
      createdAt: input.now,
      updatedAt: input.now,
    },
    tx,
  );
}

/**
 * A quote withdrawn or expired: its stay, while still pending, gives its nights back (withdrawn: cancelled;
 * expired: expired). A stay already paid is left alone. Returns the stay as it is now.
 */
export async function releaseQuoteStay(
  bookings: BookingsRepository,
  { stayId, to, now }: { stayId: string; to: 'canceled' | 'expired'; now: Date },
  tx: Tx,
): Promise<StayRow | null> {
  const stay = await bookings.findStay({ id: stayId, forUpdate: true }, tx);
  if (!stay) return null;
  if (stay.status === 'pending' || (to === 'canceled' && stay.status === 'expired')) {
    return bookings.transition(
      {
        stay,
        to,
        set: to === 'canceled' ? { holdExpiresAt: null, canceledAt: now } : { holdExpiresAt: now },
        now,
      },
      tx,
    );
  }
  return stay;
}
