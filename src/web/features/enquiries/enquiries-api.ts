import type { z } from 'zod';
import type {
  AcceptQuoteResponseSchema,
  EnquiryReceivedSchema,
  EnquiryRequest,
  PublicQuote,
} from '../../../domain/api/enquiries.ts';
import { apiRequest } from '../../lib/api.ts';

/** The token the form is sent with: when it was shown, sealed by the server (the minimum time). */
export const fetchFormToken = () =>
  apiRequest<{ formToken: string }>('GET', '/api/enquiries/form').then((answer) => answer.formToken);

export const sendEnquiry = (body: EnquiryRequest) =>
  apiRequest<z.infer<typeof EnquiryReceivedSchema>>('POST', '/api/enquiries', body);

const quotePath = (id: string, key: string) =>
  `/api/quotes/${encodeURIComponent(id)}?key=${encodeURIComponent(key)}`;

export const readQuote = (id: string, key: string) => apiRequest<PublicQuote>('GET', quotePath(id, key));

export const acceptQuote = (id: string, key: string) =>
  apiRequest<z.infer<typeof AcceptQuoteResponseSchema>>(
    'POST',
    `/api/quotes/${encodeURIComponent(id)}/accept?key=${encodeURIComponent(key)}`,
  );
