import { queryOptions } from '@tanstack/react-query';
import type { InvoiceDetails, ManageDocuments } from '../../../domain/documents.ts';
import { apiRequest } from '../../lib/api.ts';

/**
 * The guest's receipts and credit notes, and the company they are made out to, read and written with the key
 * of the guest's link (docs/decisions/026-receipts-and-credit-notes.md).
 */

const base = (reference: string, key: string, path: string) =>
  `/api/manage/${encodeURIComponent(reference)}${path}?key=${encodeURIComponent(key)}`;

export const manageDocumentsQuery = (reference: string, key: string) =>
  queryOptions({
    queryKey: ['manage-booking', 'documents', { reference, key }],
    queryFn: () => apiRequest<ManageDocuments>('GET', base(reference, key, '/documents')),
  });

export const saveInvoiceDetails = (reference: string, key: string, body: InvoiceDetails) =>
  apiRequest<Pick<ManageDocuments, 'invoiceDetails'>>('PUT', base(reference, key, '/invoice-details'), body);
