import { useQuery } from '@tanstack/react-query';
import type { AdminBooking } from '../../../../domain/api/admin-bookings.ts';
import type { ChangeDates, GuestEraseResponse, StayDetails } from '../../../../domain/api/guest-journey.ts';
import { apiRequest, downloadFile } from '../../../lib/api.ts';
import { useChange } from '../../../lib/mutation.ts';
import { BOOKINGS_AND_ACTIVITY } from '../shared/queries.ts';
import { stayPartQuery } from './bookings-api.ts';

/* The owner's side of a stay's journey after paying (decision 017), keyed ['admin', resource, params?]. */

const journeyUrl = (id: string) => `/api/admin/bookings/${encodeURIComponent(id)}`;

/** A stay's access code, guest link and messages; nothing is asked while no stay is chosen. */
export const stayJourneyQuery = (id: string | null) =>
  stayPartQuery<StayDetails>('stay-journey', id, 'journey');

export const useStayJourney = (id: string | null) => useQuery(stayJourneyQuery(id));

/** The stay's actions: each answers with the stay's journey, which replaces the one shown. */
export const useStayJourneyAction = () =>
  useChange({
    mutationFn: ({ id, action }: { id: string; action: { accessCode: string } | 'replace-link' }) =>
      action === 'replace-link'
        ? apiRequest<StayDetails>('POST', `${journeyUrl(id)}/manage-link`)
        : apiRequest<StayDetails>('PUT', `${journeyUrl(id)}/access-code`, action),
    onSuccess: (details, _variables, queryClient) =>
      queryClient.setQueryData(stayJourneyQuery(details.id).queryKey, details),
    // A stay's own access code makes it ready for its guest (the list's hasAccessCode, the dashboard's Today).
    stale: BOOKINGS_AND_ACTIVITY,
  });

export const useChangeDates = () =>
  useChange({
    mutationFn: ({ id, ...dates }: ChangeDates & { id: string }) =>
      apiRequest<AdminBooking>('POST', `${journeyUrl(id)}/dates`, dates),
    stale: ({ id }) => [...BOOKINGS_AND_ACTIVITY, stayJourneyQuery(id).queryKey],
  });

export const useEraseGuest = () =>
  useChange({
    mutationFn: (email: string) =>
      apiRequest<GuestEraseResponse>('POST', '/api/admin/guests/erase', { email }),
    stale: BOOKINGS_AND_ACTIVITY,
  });

/** Everything held about a guest, fetched with the admin token and handed to the browser as a JSON file. */
export const downloadGuestData = (email: string) =>
  downloadFile(
    `/api/admin/guests/export?email=${encodeURIComponent(email)}`,
    `guest-data-${email.replace(/[^\w.-]+/g, '_')}.json`,
  );
