import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminRatePlan } from '../../../../domain/api/pricing.ts';
import { apiRequest } from '../../../lib/api.ts';

/*
 * The Prices tab's reads and writes, keyed ['admin', 'rate-plan'] (the scheme in lib/api.ts).
 * See docs/decisions/013-rate-plan.md.
 */

export const adminRatePlanQuery = () =>
  queryOptions({
    queryKey: ['admin', 'rate-plan'],
    queryFn: () => apiRequest<AdminRatePlan>('GET', '/api/admin/rate-plan'),
  });

export const useAdminRatePlan = () => useQuery(adminRatePlanQuery());

export type PlanPart = 'seasons' | 'overrides' | 'discounts';

/** A change to the plan: every route answers the whole plan, which replaces the cached one. */
export function usePlanChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ method, url, body }: { method: 'POST' | 'PUT' | 'DELETE'; url: string; body?: unknown }) =>
      apiRequest<AdminRatePlan>(method, url, body),
    onSuccess: (state) => {
      queryClient.setQueryData(adminRatePlanQuery().queryKey, state);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] });
      void queryClient.invalidateQueries({ queryKey: ['booking', 'rate-plan'] });
    },
  });
}

export const planUrls = {
  base: '/api/admin/rate-plan/base',
  part: (part: PlanPart, id?: string) =>
    `/api/admin/rate-plan/${part}${id ? `/${encodeURIComponent(id)}` : ''}`,
  promo: (id?: number) => `/api/admin/promo-codes${id === undefined ? '' : `/${id}`}`,
};
