import { useQuery } from '@tanstack/react-query';
import type { AdminBooking, AuditEntry } from '../../../../domain/api/admin-bookings.ts';
import type { AdminRatePlan } from '../../../../domain/api/pricing.ts';
import type { GoLiveChecklist } from '../../../../domain/go-live.ts';
import { readQuery } from '../../../lib/api.ts';

/*
 * The admin's reads that more than one capability uses: the bookings list and the activity log (most changes
 * refresh them), the go-live checklist (the Property and Email changes may turn it green) and the rate plan (the
 * Prices tab edits it, a booking taken by phone is priced by it). Keyed ['admin', resource, params?] (lib/api.ts).
 */

export const bookingsQuery = () => readQuery<AdminBooking[]>(['admin', 'bookings'], '/api/bookings');

/** The latest entries of the audit log. */
export const auditQuery = (limit = 20) =>
  readQuery<AuditEntry[]>(['admin', 'audit', { limit }], `/api/admin/audit?limit=${limit}`);

export const goLiveQuery = () => readQuery<GoLiveChecklist>(['admin', 'go-live'], '/api/admin/go-live');

export const adminRatePlanQuery = () =>
  readQuery<AdminRatePlan>(['admin', 'rate-plan'], '/api/admin/rate-plan');

export const useBookings = () => useQuery(bookingsQuery());
export const useAudit = () => useQuery(auditQuery());
export const useGoLive = () => useQuery(goLiveQuery());
export const useAdminRatePlan = () => useQuery(adminRatePlanQuery());

/** The keys most owner actions leave stale: the bookings list and the activity log (spec section 7). */
export const BOOKINGS_AND_ACTIVITY = [bookingsQuery().queryKey, auditQuery().queryKey] as const;
