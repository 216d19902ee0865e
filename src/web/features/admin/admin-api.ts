import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminBooking,
  AuditEntry,
  CancelBooking,
  EmailStatus,
  ImportedEvent,
  OwnerBooking,
  Property,
  RefundPreview,
} from '../../../domain/api.ts';
import { apiRequest, getAdminToken } from '../../lib/api.ts';

export const BOOKINGS_KEY = ['/api/bookings'] as const;
export const PROPERTIES_KEY = ['/api/properties'] as const;
export const IMPORTED_EVENTS_KEY = ['/api/admin/imported-events'] as const;
export const EMAIL_STATUS_KEY = ['/api/admin/email-status'] as const;
export const AUDIT_KEY = ['/api/admin/audit?limit=20'] as const;

export const useBookings = () => useQuery<AdminBooking[]>({ queryKey: BOOKINGS_KEY });
export const useProperties = () => useQuery<Property[]>({ queryKey: PROPERTIES_KEY });
export const useImportedEvents = () => useQuery<ImportedEvent[]>({ queryKey: IMPORTED_EVENTS_KEY });
export const useAudit = () => useQuery<AuditEntry[]>({ queryKey: AUDIT_KEY });

/** The owner's answer from `GET /api/admin/email-status` (spec section 3). */
export const useEmailStatus = () => useQuery<EmailStatus>({ queryKey: EMAIL_STATUS_KEY });

export const refundPreviewUrl = (id: string, byOwner: boolean) =>
  `/api/bookings/${encodeURIComponent(id)}/refund-preview${byOwner ? '?byOwner=true' : ''}`;

export const useRefundPreview = (id: string | null, byOwner: boolean) =>
  useQuery<RefundPreview>({
    queryKey: [id ? refundPreviewUrl(id, byOwner) : 'none'],
    enabled: id !== null,
    staleTime: 0, // the refund depends on today's date: always ask
    gcTime: 0,
  });

/** After every action the list is fetched again (spec section 7), with what depends on it. */
function useRefetchAfter() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: BOOKINGS_KEY }),
      queryClient.invalidateQueries({ queryKey: AUDIT_KEY }),
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

/** Block-dates payload (spec section 3): property 1 unless told. */
export type BlockDatesInput = {
  propertyId: number;
  checkInDate: string;
  checkOutDate: string;
  reason: string;
};

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
    onSettled: () => queryClient.invalidateQueries({ queryKey: EMAIL_STATUS_KEY }),
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
