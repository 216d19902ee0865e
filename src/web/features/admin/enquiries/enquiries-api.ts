import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AdminEnquiriesSchema, AdminQuote, QuoteForm } from '../../../../domain/api/enquiries.ts';
import { apiRequest, readQuery } from '../../../lib/api.ts';
import { useChange } from '../../../lib/mutation.ts';
import { BOOKINGS_AND_ACTIVITY } from '../shared/queries.ts';

/* The Enquiries tab's read and changes, keyed ['admin', 'enquiries'] (the scheme in lib/api.ts). */

export type AdminEnquiries = z.infer<typeof AdminEnquiriesSchema>;

export const enquiriesQuery = () => readQuery<AdminEnquiries>(['admin', 'enquiries'], '/api/admin/enquiries');
export const useEnquiries = () => useQuery(enquiriesQuery());

/** A quote's held dates are a booking in the Bookings tab: both lists are read again. */
const STALE = [enquiriesQuery().queryKey, ...BOOKINGS_AND_ACTIVITY];

export const useSendQuote = () =>
  useChange({
    mutationFn: (form: QuoteForm) => apiRequest<AdminQuote>('POST', '/api/admin/quotes', form),
    stale: STALE,
  });

export const useWithdrawQuote = () =>
  useChange({
    mutationFn: (id: string) =>
      apiRequest<AdminQuote>('POST', `/api/admin/quotes/${encodeURIComponent(id)}/withdraw`),
    stale: STALE,
  });

export const useDeclineEnquiry = () =>
  useChange({
    mutationFn: (id: string) =>
      apiRequest<{ ok: true }>('POST', `/api/admin/enquiries/${encodeURIComponent(id)}/decline`),
    stale: STALE,
  });
