import { queryOptions, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminBooking,
  AuditEntry,
  BlockDatesInput,
  CancelBooking,
  ImportedEvent,
  OwnerBooking,
  RefundPreview,
} from '../../../domain/api/admin-bookings.ts';
import type { EmailStatus } from '../../../domain/api/email.ts';
import type { Property } from '../../../domain/api/properties.ts';
import { apiRequest, getAdminToken } from '../../lib/api.ts';

/* The admin area's reads as query options, keyed ['admin', resource, params?] (the scheme in lib/api.ts). */

export const bookingsQuery = () =>
  queryOptions({
    queryKey: ['admin', 'bookings'],
    queryFn: () => apiRequest<AdminBooking[]>('GET', '/api/bookings'),
  });

export const propertiesQuery = () =>
  queryOptions({
    queryKey: ['admin', 'properties'],
    queryFn: () => apiRequest<Property[]>('GET', '/api/properties'),
  });

export const importedEventsQuery = () =>
  queryOptions({
    queryKey: ['admin', 'imported-events'],
    queryFn: () => apiRequest<ImportedEvent[]>('GET', '/api/admin/imported-events'),
  });

/** The owner's answer from `GET /api/admin/email-status` (spec section 3). */
export const emailStatusQuery = () =>
  queryOptions({
    queryKey: ['admin', 'email-status'],
    queryFn: () => apiRequest<EmailStatus>('GET', '/api/admin/email-status'),
  });

/** The latest entries of the audit log. */
export const auditQuery = (limit = 20) =>
  queryOptions({
    queryKey: ['admin', 'audit', { limit }],
    queryFn: () => apiRequest<AuditEntry[]>('GET', `/api/admin/audit?limit=${limit}`),
  });

/** What cancelling would refund; nothing is asked while no booking is chosen. */
export const refundPreviewQuery = (id: string | null, byOwner: boolean) =>
  queryOptions({
    queryKey: ['admin', 'refund-preview', { id, byOwner }],
    queryFn:
      id === null
        ? skipToken
        : () =>
            apiRequest<RefundPreview>(
              'GET',
              `/api/bookings/${encodeURIComponent(id)}/refund-preview${byOwner ? '?byOwner=true' : ''}`,
            ),
    staleTime: 0, // the refund depends on today's date: always ask
    gcTime: 0,
  });

export const useBookings = () => useQuery(bookingsQuery());
export const useProperties = () => useQuery(propertiesQuery());
export const useImportedEvents = () => useQuery(importedEventsQuery());
export const useAudit = () => useQuery(auditQuery());
export const useEmailStatus = () => useQuery(emailStatusQuery());
export const useRefundPreview = (id: string | null, byOwner: boolean) =>
  useQuery(refundPreviewQuery(id, byOwner));

/* The owner's session (spec section 4, "Admin session"). */

/** The stored token's owner; fails when the server refuses the token. */
export const verifyAdminSession = () => apiRequest<{ username: string }>('GET', '/api/admin/verify');

export const logIn = (credentials: { username: string; password: string }) =>
  apiRequest<{ token: string }>('POST', '/api/admin/login', credentials);

export const logOut = () => apiRequest('POST', '/api/admin/logout');

/* The owner's actions. */

/** After every action the list is fetched again (spec section 7), with what depends on it. */
function useRefetchAfter() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: bookingsQuery().queryKey }),
      queryClient.invalidateQueries({ queryKey: auditQuery().queryKey }),
    ]);
}

export function useConfirmBooking() {
  const refetch = useRefetchAfter();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<AdminBooking>('POST', `/api/bookings/${encodeURIComponent(id)}/confirm`),
    onSettled: refetch,
  });
}

export function useCancelBooking() {
  const refetch = useRefetchAfter();
  return useMutation({
    mutationFn: ({ id, ...body }: CancelBooking & { id: string }) =>
      apiRequest<{ booking: AdminBooking; refundPence: number }>(
        'POST',
        `/api/bookings/${encodeURIComponent(id)}/cancel`,
        body.byOwner === undefined ? undefined : body,
      ),
    onSettled: refetch,
  });
}

export function useBlockDates() {
  const refetch = useRefetchAfter();
  return useMutation({
    mutationFn: (input: BlockDatesInput) => apiRequest('POST', '/api/admin/block-dates', input),
    onSettled: refetch,
  });
}

export function useCreateOwnerBooking() {
  const refetch = useRefetchAfter();
  return useMutation({
    mutationFn: (input: OwnerBooking) =>
      apiRequest<{ booking: AdminBooking; checkoutPath: string; checkoutUrl: string }>(
        'POST',
        '/api/admin/bookings',
        input,
      ),
    onSettled: refetch,
  });
}

export function useSetEmailPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => apiRequest('POST', '/api/admin/set-email-password', { password }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: emailStatusQuery().queryKey }),
  });
}

/* Deposit now, balance later (docs/decisions/016-deposit-now-balance-later.md). */

export function useChargeBalance() {
  const refetch = useRefetchAfter();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<AdminBooking>('POST', `/api/admin/bookings/${encodeURIComponent(id)}/charge-balance`),
    onSettled: refetch,
  });
}

export function useSendPaymentLink() {
  const refetch = useRefetchAfter();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<AdminBooking>('POST', `/api/admin/bookings/${encodeURIComponent(id)}/send-payment-link`),
    onSettled: refetch,
  });
}

/** The CSV export is behind the token, so it is fetched with it and handed to the browser as a file. */
export async function downloadBookingsCsv(): Promise<void> {
  const token = getAdminToken();
  const response = await fetch('/api/admin/bookings.csv', {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    credentials: 'include',
  });
  if (!response.ok) throw new Error(`${response.status}: ${response.statusText}`);
  const disposition = response.headers.get('content-disposition') ?? '';
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'bookings.csv';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
