import { queryOptions, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminBooking } from '../../../domain/api/admin-bookings.ts';
import type {
  ChangeDates,
  GuestEraseResponse,
  GuestMessageSettings,
  StayDetails,
  TemplatePreview,
} from '../../../domain/api/guest-journey.ts';
import { apiRequest, getAdminToken } from '../../lib/api.ts';
import { auditQuery, bookingsQuery } from './admin-api.ts';

/*
 * The owner's side of the guest's journey, keyed ['admin', resource, params?] as in admin-api.ts.
 * See docs/decisions/017-after-paying.md.
 */

export const guestMessageSettingsQuery = () =>
  queryOptions({
    queryKey: ['admin', 'guest-messages'],
    queryFn: () => apiRequest<GuestMessageSettings>('GET', '/api/admin/guest-messages'),
  });

export const emailTemplatesQuery = () =>
  queryOptions({
    queryKey: ['admin', 'email-templates'],
    queryFn: () => apiRequest<TemplatePreview[]>('GET', '/api/admin/email-templates'),
  });

/** A stay's access code, guest link and messages; nothing is asked while no stay is chosen. */
export const stayJourneyQuery = (id: string | null) =>
  queryOptions({
    queryKey: ['admin', 'stay-journey', { id }],
    queryFn:
      id === null
        ? skipToken
        : () => apiRequest<StayDetails>('GET', `/api/admin/bookings/${encodeURIComponent(id)}/journey`),
    staleTime: 0,
  });

export const useGuestMessageSettings = () => useQuery(guestMessageSettingsQuery());
export const useEmailTemplates = () => useQuery(emailTemplatesQuery());
export const useStayJourney = (id: string | null) => useQuery(stayJourneyQuery(id));

export function useSaveGuestMessageSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: GuestMessageSettings) =>
      apiRequest<GuestMessageSettings>('PUT', '/api/admin/guest-messages', settings),
    onSuccess: (saved) => queryClient.setQueryData(guestMessageSettingsQuery().queryKey, saved),
    onSettled: () => queryClient.invalidateQueries({ queryKey: emailTemplatesQuery().queryKey }),
  });
}

/** The stay's actions: each answers with the stay's journey, which replaces the one shown. */
export function useStayJourneyAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: { accessCode: string } | 'replace-link' }) =>
      action === 'replace-link'
        ? apiRequest<StayDetails>('POST', `/api/admin/bookings/${encodeURIComponent(id)}/manage-link`)
        : apiRequest<StayDetails>('PUT', `/api/admin/bookings/${encodeURIComponent(id)}/access-code`, action),
    onSuccess: (details) => queryClient.setQueryData(stayJourneyQuery(details.id).queryKey, details),
    onSettled: () => queryClient.invalidateQueries({ queryKey: auditQuery().queryKey }),
  });
}

export function useChangeDates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...dates }: ChangeDates & { id: string }) =>
      apiRequest<AdminBooking>('POST', `/api/admin/bookings/${encodeURIComponent(id)}/dates`, dates),
    onSettled: (_data, _error, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: bookingsQuery().queryKey }),
        queryClient.invalidateQueries({ queryKey: stayJourneyQuery(id).queryKey }),
        queryClient.invalidateQueries({ queryKey: auditQuery().queryKey }),
      ]),
  });
}

export function useEraseGuest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) =>
      apiRequest<GuestEraseResponse>('POST', '/api/admin/guests/erase', { email }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: bookingsQuery().queryKey }),
        queryClient.invalidateQueries({ queryKey: auditQuery().queryKey }),
      ]),
  });
}

/** Everything held about a guest, fetched with the admin token and handed to the browser as a JSON file. */
export async function downloadGuestData(email: string): Promise<void> {
  const token = getAdminToken();
  const response = await fetch(`/api/admin/guests/export?email=${encodeURIComponent(email)}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    credentials: 'include',
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { message?: string };
    throw new Error(`${response.status}: ${body.message ?? response.statusText}`);
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `guest-data-${email.replace(/[^\w.-]+/g, '_')}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
