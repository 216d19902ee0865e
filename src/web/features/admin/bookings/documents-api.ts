import { useQuery } from '@tanstack/react-query';
import type { DocumentSummary } from '../../../../domain/documents.ts';
import { downloadFile } from '../../../lib/api.ts';
import { stayPartQuery } from './bookings-api.ts';

/* A booking's receipts and credit notes, and a period's for the accountant (decision 026). */

export const stayDocumentsQuery = (id: string | null) =>
  stayPartQuery<DocumentSummary[]>('stay-documents', id, 'documents');

export const useStayDocuments = (id: string | null) => useQuery(stayDocumentsQuery(id));

/** One document's PDF (the admin's session goes with the request, so it is fetched, then saved). */
export const downloadDocument = (document: DocumentSummary) => downloadFile(document.url);

/** Every document issued from `from` to `to`, as one tar of PDFs. */
export const downloadPeriodDocuments = (from: string, to: string) =>
  downloadFile(`/api/admin/documents?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`);
