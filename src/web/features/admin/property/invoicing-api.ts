import type { InvoicingSettings } from '../../../../domain/documents.ts';
import { createSetting } from '../../../lib/mutation.ts';
import { auditQuery } from '../shared/queries.ts';

/* The owner's business as receipts and credit notes name it, keyed ['admin', 'invoicing']. */

export const invoicing = createSetting<
  InvoicingSettings,
  { tradingName: string; tradingAddress: string; vatNumber: string }
>(['admin', 'invoicing'], '/api/admin/invoicing', () => [auditQuery().queryKey]);
