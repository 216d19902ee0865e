import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import type {
  AdminBooking,
  ImportedEvent,
  OwnerBooking,
  RefundPreview,
} from '../../../../domain/api/admin-bookings.ts';
import type { Property } from '../../../../domain/api/properties.ts';
import { apiRequest, downloadFile, readQuery } from '../../../lib/api.ts';
import { useChange } from '../../../lib/mutation.ts';
import { BOOKINGS_AND_ACTIVITY } from '../shared/queries.ts';

/* The Bookings tab's reads as query options, keyed ['admin', resource, params?] (the scheme in lib/api.ts). */

export const propertiesQuery = () => readQuery<Property[]>(['admin', 'properties'], '/api/properties');

export const importedEventsQuery = () =>
  readQuery<ImportedEvent[]>(['admin', 'imported-events'], '/api/admin/imported-events');

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
              `${bookingUrl(id)}/refund-preview${byOwner ? '?byOwner=true' : ''}`,
            ),
    staleTime: 0, // the refund depends on today's date: always ask
    gcTime: 0,
  });

export const useProperties = () => useQuery(propertiesQuery());
export const useImportedEvents = () => useQuery(importedEventsQuery());
export const useRefundPreview = (id: string | null, byOwner: boolean) =>
  useQuery(refundPreviewQuery(id, byOwner));

const bookingUrl = (id: string) => `/api/bookings/${encodeURIComponent(id)}`;
const adminBookingUrl = (id: string) => `/api/admin/bookings/${encodeURIComponent(id)}`;

/**
 * A read of one part of a stay the owner has opened (its journey, check-in, documents), keyed
 * ['admin', resource, { id }]: asked afresh each time it is shown, and not at all while no stay is chosen.
 */
export const stayPartQuery = <T>(resource: string, id: string | null, path: string) =>
  queryOptions({
    queryKey: ['admin', resource, { id }],
    queryFn: id === null ? skipToken : () => apiRequest<T>('GET', `${adminBookingUrl(id)}/${path}`),
    staleTime: 0,
  });

/* The owner's actions: after each the list is fetched again (spec section 7), with the activity log. */

export const useConfirmBooking = () =>
  useChange({
    mutationFn: (id: string) => apiRequest<AdminBooking>('POST', `${bookingUrl(id)}/confirm`),
    stale: BOOKINGS_AND_ACTIVITY,
  });

export const useCreateOwnerBooking = () =>
  useChange({
    mutationFn: (input: OwnerBooking) =>
      apiRequest<{ booking: AdminBooking; checkoutPath: string; checkoutUrl: string }>(
        'POST',
        '/api/admin/bookings',
        input,
      ),
    stale: BOOKINGS_AND_ACTIVITY,
  });

/* Deposit now, balance later (decision 016). */

export const useChargeBalance = () =>
  useChange({
    mutationFn: (id: string) => apiRequest<AdminBooking>('POST', `${adminBookingUrl(id)}/charge-balance`),
    stale: BOOKINGS_AND_ACTIVITY,
  });

export const useSendPaymentLink = () =>
  useChange({
    mutationFn: (id: string) => apiRequest<AdminBooking>('POST', `${adminBookingUrl(id)}/send-payment-link`),
    stale: BOOKINGS_AND_ACTIVITY,
  });

/** The CSV export is behind the token, so it is fetched with it and handed to the browser as a file. */
export const downloadBookingsCsv = () => downloadFile('/api/admin/bookings.csv');
