import type { InvoiceDetails, ManageDocuments } from '../../../domain/documents.ts';
import { apiRequest, readQuery } from '../../lib/api.ts';
import { manageUrl } from '../../lib/manage-key.ts';

/**
 * The guest's receipts and credit notes, and the company they are made out to, read and written with the key
 * of the guest's link (docs/decisions/026-receipts-and-credit-notes.md).
 */

export const manageDocumentsQuery = (reference: string, key: string) =>
  readQuery<ManageDocuments>(
    ['manage-booking', 'documents', { reference, key }],
    manageUrl(reference, key, '/documents'),
  );

export const saveInvoiceDetails = (reference: string, key: string, body: InvoiceDetails) =>
  apiRequest<Pick<ManageDocuments, 'invoiceDetails'>>(
    'PUT',
    manageUrl(reference, key, '/invoice-details'),
    body,
  );
