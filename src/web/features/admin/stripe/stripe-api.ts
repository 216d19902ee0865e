import { useQuery } from '@tanstack/react-query';
import type { SaveStripeSettings, StripeSettings } from '../../../../domain/api/payments.ts';
import { apiRequest, readQuery } from '../../../lib/api.ts';
import { useChange } from '../../../lib/mutation.ts';
import { auditQuery, goLiveQuery } from '../shared/queries.ts';

/* The Stripe keys of the Payments tab (decision 024), keyed ['admin', 'stripe'] (lib/api.ts). */

/** The payments the site takes now; secrets only by their last four characters. */
export const stripeSettingsQuery = () =>
  readQuery<StripeSettings>(['admin', 'stripe'], '/api/admin/settings/stripe');

export const useStripeSettings = () => useQuery(stripeSettingsQuery());

/** Checked with Stripe before they are stored; the checklist's payments item may change. */
export const useSaveStripeSettings = () =>
  useChange({
    mutationFn: (keys: SaveStripeSettings) =>
      apiRequest<StripeSettings>('PUT', '/api/admin/settings/stripe', keys),
    onSuccess: (saved, _variables, queryClient) =>
      queryClient.setQueryData(stripeSettingsQuery().queryKey, saved),
    stale: [goLiveQuery().queryKey, auditQuery().queryKey],
  });
