import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminBooking, AdminRatePlan, AuditEntry } from '../../../../domain/api.ts';
import type { GoLiveChecklist } from '../../../../domain/go-live.ts';
import { apiRequest } from '../../../lib/api.ts';

/*
 * The admin's reads that more than one capability uses: the bookings list and the activity log (most changes
 * refresh them), the go-live checklist (the Property and Email changes may turn it green) and the rate plan (the
 * Prices tab edits it, a booking taken by phone is priced by it). Keyed ['admin', resource, params?] (lib/api.ts).
 */

export const bookingsQuery = () =>
  queryOptions({
    queryKey: ['admin', 'bookings'],
    queryFn: () => apiRequest<AdminBooking[]>('GET', '/api/bookings'),
  });

/** The latest entries of the audit log. */
export const auditQuery = (limit = 20) =>
  queryOptions({
    queryKey: ['admin', 'audit', { limit }],
    queryFn: () => apiRequest<AuditEntry[]>('GET', `/api/admin/audit?limit=${limit}`),
  });

export const goLiveQuery = () =>
  queryOptions({
    queryKey: ['admin', 'go-live'],
    queryFn: () => apiRequest<GoLiveChecklist>('GET', '/api/admin/go-live'),
  });

export const adminRatePlanQuery = () =>
  queryOptions({
    queryKey: ['admin', 'rate-plan'],
    queryFn: () => apiRequest<AdminRatePlan>('GET', '/api/admin/rate-plan'),
  });

export const useBookings = () => useQuery(bookingsQuery());
export const useAudit = () => useQuery(auditQuery());
export const useGoLive = () => useQuery(goLiveQuery());
export const useAdminRatePlan = () => useQuery(adminRatePlanQuery());

/** The keys most owner actions leave stale: the bookings list and the activity log (spec section 7). */
export const BOOKINGS_AND_ACTIVITY = [bookingsQuery().queryKey, auditQuery().queryKey] as const;
