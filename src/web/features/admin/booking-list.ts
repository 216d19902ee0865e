import type { AdminBooking } from '../../../domain/api.ts';
import { PROPERTY_TIME_ZONE } from '../../../domain/property.ts';

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

export const isLiveBlock = (b: AdminBooking) => b.kind === 'block' && b.status === 'confirmed';

/** Spec section 2: Confirm only for pending rows that are not owner blocks. */
export const canConfirm = (b: AdminBooking) => b.status === 'pending' && b.kind !== 'block';
/** Spec section 2: Cancel for every status other than canceled (reading Unblock for owner blocks). */
export const canCancel = (b: AdminBooking) => b.status !== 'canceled';
/** A cancelled booking whose refund the payment provider has not yet accepted. */
export const canRetryRefund = (b: AdminBooking) => b.status === 'canceled' && b.refundDuePence > 0;

/** 'Mon 14 Dec 2026' for a yyyy-MM-dd date (a calendar day: no zone shifts it). */
export function formatDay(isoDate: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${isoDate}T00:00:00Z`));
}

/** '26 Nov, 10:00' on the property's clock. */
export function formatMoment(iso: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: PROPERTY_TIME_ZONE,
  }).format(new Date(iso));
}

/** What the status badge reads: owner blocks display 'BLOCKED' (spec section 2). */
export function statusLabel(b: AdminBooking): string {
  return isLiveBlock(b) ? 'BLOCKED' : b.status;
}

/** Confirmed green (blue for an owner block), pending yellow, all others red (spec section 2). */
export function statusTone(b: AdminBooking): 'green' | 'blue' | 'yellow' | 'red' {
  if (b.status === 'confirmed') return b.kind === 'block' ? 'blue' : 'green';
  if (b.status === 'pending') return 'yellow';
  return 'red';
}

/** When a pending row's hold on the nights lapses, or has lapsed. */
export function holdText(b: AdminBooking, now: Date): string | null {
  if (b.status !== 'pending' || !b.holdExpiresAt) return null;
  const at = formatMoment(b.holdExpiresAt);
  return new Date(b.holdExpiresAt) <= now ? `Hold lapsed ${at}` : `Hold lapses ${at}`;
}

/** Search by name, e-mail, reference, dates (as typed: 2026-12-14, 14 Dec, Dec 2026) and status. */
export function matchesSearch(b: AdminBooking, query: string): boolean {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = [
    b.contactName,
    b.contactEmail,
    b.id,
    b.checkInDate,
    b.checkOutDate,
    formatDay(b.checkInDate),
    formatDay(b.checkOutDate),
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

/** The rows on screen, in the server's order (upcoming stays first). */
export function filterBookings(
  bookings: AdminBooking[],
  filters: { query: string; status: StatusFilter },
): AdminBooking[] {
  return bookings.filter((b) => matchesStatus(b, filters.status) && matchesSearch(b, filters.query));
}

export const formatPounds = (pounds: number) =>
  new Intl.NumberFormat('en-GB', {
    style: 'currency',
    currency: 'GBP',
    minimumFractionDigits: Number.isInteger(pounds) ? 0 : 2,
  }).format(pounds);
