import type { SaveStripeSettings, StripeSettings } from '../../../../domain/api/payments.ts';
import { createSetting } from '../../../lib/mutation.ts';
import { auditQuery, goLiveQuery } from '../shared/queries.ts';

/* The Stripe keys of the Payments tab (decision 024), keyed ['admin', 'stripe'] (lib/api.ts). */

/**
 * The payments the site takes now; secrets only by their last four characters. Checked with Stripe before they
 * are stored; the checklist's payments item may change.
 */
export const stripeKeys = createSetting<StripeSettings, SaveStripeSettings>(
  ['admin', 'stripe'],
  '/api/admin/settings/stripe',
  () => [goLiveQuery().queryKey, auditQuery().queryKey],
);
