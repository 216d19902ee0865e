/**
 * The life of a stay (spec README, "Booking states"): what each status means, which changes are allowed, when a
 * hold lapses and what a stay still owes or is owed. Pure: the server's bookings repository applies it.
 *
 * - `pending`: nights held, until `holdExpiresAt` — a guest paying (minutes) or an owner's booking awaiting
 *   payment through its checkout link (days).
 * - `confirmed`: a verified payment, or the owner's deliberate decision; an owner block is born confirmed.
 * - `expired`: a hold that lapsed (or gave way); it holds nothing, and a payment may still take it up again.
 * - `canceled`: by the owner, or a late payment refused because the nights had gone; it holds nothing.
 */

export const BOOKING_STATUSES = ['pending', 'confirmed', 'canceled', 'expired'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export const MINUTE_MS = 60_000;

/** Every change of status a stay may make, and why. */
export const STATUS_TRANSITIONS: Readonly<Record<BookingStatus, readonly BookingStatus[]>> = {
  // paid or confirmed by the owner; lapsed or replaced; cancelled by the owner or refused when paid too late
  pending: ['confirmed', 'expired', 'canceled'],
  // cancelled by the owner (the guest's refund follows the terms)
  confirmed: ['canceled'],
  // taken up again by the checkout page; confirmed by a late payment; the owner tidies it away
  expired: ['pending', 'confirmed', 'canceled'],
  // final
  canceled: [],
};

export function canTransition(from: BookingStatus, to: BookingStatus): boolean {
  return STATUS_TRANSITIONS[from].includes(to);
}

/** When a hold placed at `now` for `durationMs` lapses. */
export function holdExpiresAt(now: Date, durationMs: number): Date {
  return new Date(now.getTime() + durationMs);
}

/** A hold taken up again for paying keeps its nights at least `durationMs` from now, never less than it had. */
export function extendedHoldExpiresAt(current: Date | null, now: Date, durationMs: number): Date {
  return new Date(Math.max(current?.getTime() ?? 0, now.getTime() + durationMs));
}

type StayState = { status: BookingStatus; holdExpiresAt: Date | null };

/** True while the stay holds its nights: confirmed, or pending with its hold not yet lapsed. */
export function isLive(stay: StayState, now: Date): boolean {
  if (stay.status === 'confirmed') return true;
  return stay.status === 'pending' && (stay.holdExpiresAt === null || stay.holdExpiresAt > now);
}

/** A pending stay whose hold has run out: it no longer holds its nights and is due to expire. */
export function isLapsed(stay: StayState, now: Date): boolean {
  return stay.status === 'pending' && stay.holdExpiresAt !== null && stay.holdExpiresAt <= now;
}

type Money = { totalPence: number; paidPence: number; refundedPence: number; refundDuePence: number };

/** What the guest has paid and not had back. */
export const netPaidPence = (stay: Pick<Money, 'paidPence' | 'refundedPence'>): number =>
  Math.max(0, stay.paidPence - stay.refundedPence);

/** What the guest still owes for a live booking (nothing once it is cancelled or expired). */
export function balanceDuePence(stay: Pick<Money, 'totalPence' | 'paidPence'> & StayState): number {
  if (stay.status === 'canceled' || stay.status === 'expired') return 0;
  return Math.max(0, stay.totalPence - stay.paidPence);
}

/** What the guest is still owed back: the refund decided at cancellation that has not reached them yet. */
export function refundOutstandingPence(stay: Pick<Money, 'refundDuePence'>): number {
  return Math.max(0, stay.refundDuePence);
}
