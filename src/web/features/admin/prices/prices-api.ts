import type { AdminRatePlan } from '../../../../domain/api/pricing.ts';
import { apiRequest } from '../../../lib/api.ts';
import { useChange } from '../../../lib/mutation.ts';
import { adminRatePlanQuery, auditQuery } from '../shared/queries.ts';

/* The Prices tab's writes; its read, ['admin', 'rate-plan'], is shared (shared/queries.ts). */

export type PlanPart = 'seasons' | 'overrides' | 'discounts';

export type PlanRequest = { method: 'POST' | 'PUT' | 'DELETE'; url: string; body?: unknown };

/** A change to the plan: every route answers the whole plan, which replaces the cached one. */
export const usePlanChange = () =>
  useChange({
    mutationFn: ({ method, url, body }: PlanRequest) => apiRequest<AdminRatePlan>(method, url, body),
    onSuccess: (state, _request, queryClient) =>
      queryClient.setQueryData(adminRatePlanQuery().queryKey, state),
    // The guest's calendar and quotes read the plan too (the booking feature's ['booking', 'rate-plan']).
    stale: [auditQuery().queryKey, ['booking', 'rate-plan']],
  });

export const planUrls = {
  base: '/api/admin/rate-plan/base',
  part: (part: PlanPart, id?: string) =>
    `/api/admin/rate-plan/${part}${id ? `/${encodeURIComponent(id)}` : ''}`,
  promo: (id?: number) => `/api/admin/promo-codes${id === undefined ? '' : `/${id}`}`,
};
