import { useQuery } from '@tanstack/react-query';
import type { InvoicingSettings } from '../../../../domain/documents.ts';
import { apiRequest, readQuery } from '../../../lib/api.ts';
import { useChange } from '../../../lib/mutation.ts';
import { auditQuery } from '../shared/queries.ts';

/* The owner's business as receipts and credit notes name it, keyed ['admin', 'invoicing']. */

export const invoicingQuery = () =>
  readQuery<InvoicingSettings>(['admin', 'invoicing'], '/api/admin/invoicing');

export const useInvoicing = () => useQuery(invoicingQuery());

export const useSaveInvoicing = () =>
  useChange({
    mutationFn: (settings: { tradingName: string; tradingAddress: string; vatNumber: string }) =>
      apiRequest<InvoicingSettings>('PUT', '/api/admin/invoicing', settings),
    stale: [invoicingQuery().queryKey, auditQuery().queryKey],
  });
