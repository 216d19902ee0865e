import type { AdminBooking } from '../../../../domain/api/admin-bookings.ts';
import { referenceMatches } from '../../../../domain/booking-reference.ts';
import { timeOnPropertyClock, todayOnPropertyClock } from '../../../../domain/dates.ts';
import { formatShortDate } from '../../../../domain/format.ts';
import { formatMoment } from '../shared/format-moment.ts';
import { isLiveBlock } from '../shared/stays.ts';

/** A stay as the owner's dialogs name it: the guest, then the dates ("Bea Phone, Thu 4 Mar 2027 – Sun 7 Mar 2027"). */
export const guestAndDates = (booking: AdminBooking): string =>
  `${booking.contactName}, ${formatShortDate(booking.checkInDate)} – ${formatShortDate(booking.checkOutDate)}`;

/** The status filter of the bookings list; 'blocked' means live owner blocks. */
export const STATUS_FILTERS = ['all', 'pending', 'confirmed', 'blocked', 'canceled', 'expired'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

export const STATUS_FILTER_LABELS: Record<StatusFilter, string> = {
  all: 'All statuses',
  pending: 'Pending',
  confirmed: 'Confirmed',
  blocked: 'Owner blocks',
  canceled: 'Canceled',
  expired: 'Expired',
};

/**
 * A guest's online checkout (source 'web') that has not been paid: 'live' while its hold runs (the guest may be
 * paying now), 'lapsed' once the hold has run out (abandoned, or replaced by the same guest's next try). Null for
 * everything else: bookings, owner blocks and the owner's own bookings awaiting payment.
 */
export function checkoutState(b: AdminBooking, now: Date): 'live' | 'lapsed' | null {
  if (b.kind !== 'guest' || b.source !== 'web') return null;
  if (b.status === 'expired') return 'lapsed';
  if (b.status !== 'pending') return null;
  return b.holdExpiresAt && new Date(b.holdExpiresAt) <= now ? 'lapsed' : 'live';
}

/**
 * Confirm only for the owner's own bookings awaiting payment (taken by phone or e-mail), never an owner block
 * (spec section 2) nor a guest's online checkout: that confirms itself when its payment goes through.
 */
export const canConfirm = (b: AdminBooking) =>
  b.status === 'pending' && b.kind === 'guest' && b.source === 'owner';
/** Spec section 2: Cancel for every status other than canceled (reading Unblock for owner blocks). */
export const canCancel = (b: AdminBooking) => b.status !== 'canceled';
/** A cancelled booking whose refund the payment provider has not yet accepted. */
export const canRetryRefund = (b: AdminBooking) => b.status === 'canceled' && b.refundDuePence > 0;

/** '14:32' when `iso` falls on today's date on the property's clock, else '26 Nov, 14:32'. */
export function formatTimeOrMoment(iso: string, now: Date): string {
  const at = new Date(iso);
  return todayOnPropertyClock(at) === todayOnPropertyClock(now) ? timeOnPropertyClock(at) : formatMoment(iso);
}

/**
 * What the status badge reads: owner blocks display 'BLOCKED' (spec section 2); a guest's lapsed online checkout
 * reads as one rather than as an expired booking.
 */
export function statusLabel(b: AdminBooking): string {
  if (isLiveBlock(b)) return 'BLOCKED';
  const checkout = checkoutState(b, new Date());
  if (checkout === 'live') return 'checkout in progress';
  if (checkout === 'lapsed') return 'checkout lapsed';
  return b.status;
}

/** Confirmed green (blue for an owner block), pending yellow, all others red (spec section 2). */
export function statusTone(b: AdminBooking): 'green' | 'blue' | 'yellow' | 'red' {
  if (b.status === 'confirmed') return b.kind === 'block' ? 'blue' : 'green';
  if (b.status === 'pending') return checkoutState(b, new Date()) === 'lapsed' ? 'red' : 'yellow';
  return 'red';
}

/**
 * When a pending row's hold on the nights lapses, or has lapsed. A guest's online checkout says so, with the
 * time on the property's clock: 'Checkout in progress, hold lapses 14:32'.
 */
export function holdText(b: AdminBooking, now: Date): string | null {
  if (b.status !== 'pending' || !b.holdExpiresAt) return null;
  const lapsed = new Date(b.holdExpiresAt) <= now;
  if (checkoutState(b, now) !== null) {
    const at = formatTimeOrMoment(b.holdExpiresAt, now);
    return lapsed ? `Checkout abandoned, hold lapsed ${at}` : `Checkout in progress, hold lapses ${at}`;
  }
  const at = formatMoment(b.holdExpiresAt);
  return lapsed ? `Hold lapsed ${at}` : `Hold lapses ${at}`;
}

/**
 * Search by name, e-mail, reference (as typed: TWR-8D38-6281, twr8d386281, 8D38), dates (2026-12-14, 14 Dec,
 * Dec 2026) and status.
 */
export function matchesSearch(b: AdminBooking, query: string): boolean {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  if (referenceMatches(b.reference, query)) return true;
  const haystack = [
    b.contactName,
    b.contactEmail,
    b.reference,
    b.id,
    b.checkInDate,
    b.checkOutDate,
    formatShortDate(b.checkInDate),
    formatShortDate(b.checkOutDate),
    b.status,
    statusLabel(b),
    b.reason,
  ]
    .join(' ')
    .toLowerCase();
  return words.every((word) => haystack.includes(word));
}

export function matchesStatus(b: AdminBooking, filter: StatusFilter): boolean {
  if (filter === 'all') return true;
  if (filter === 'blocked') return isLiveBlock(b);
  if (filter === 'confirmed') return b.status === 'confirmed' && b.kind !== 'block';
  return b.status === filter;
}

export type BookingFilters = {
  query: string;
  status: StatusFilter;
  /** Lapsed online checkouts are hidden unless asked for: nobody booked, nothing was paid. */
  showLapsed?: boolean;
};

const matchesFilters = (b: AdminBooking, filters: BookingFilters) =>
  matchesStatus(b, filters.status) && matchesSearch(b, filters.query);

/** The stays on screen, in the server's order (upcoming stays first). */
export function filterBookings(
  bookings: AdminBooking[],
  filters: BookingFilters,
  now = new Date(),
): AdminBooking[] {
  return bookings.filter(
    (b) => (filters.showLapsed || checkoutState(b, now) !== 'lapsed') && matchesFilters(b, filters),
  );
}

/** How many lapsed online checkouts the filters would show if lapsed ones were shown. */
export const countLapsedCheckouts = (bookings: AdminBooking[], filters: BookingFilters, now = new Date()) =>
  bookings.filter((b) => checkoutState(b, now) === 'lapsed' && matchesFilters(b, filters)).length;
