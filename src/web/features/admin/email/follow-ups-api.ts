import { useQuery } from '@tanstack/react-query';
import type { FollowUpSettings, FollowUpSummary } from '../../../../domain/api/follow-ups.ts';
import { apiRequest, readQuery } from '../../../lib/api.ts';
import { useChange } from '../../../lib/mutation.ts';
import { auditQuery } from '../shared/queries.ts';

/* Follow-ups of lapsed checkouts (decision 032), keyed ['admin', 'follow-ups'] (lib/api.ts). */

export const followUpsQuery = () =>
  readQuery<FollowUpSummary>(['admin', 'follow-ups'], '/api/admin/follow-ups');

export const useFollowUps = () => useQuery(followUpsQuery());

export const useSaveFollowUps = () =>
  useChange({
    mutationFn: (settings: FollowUpSettings) =>
      apiRequest<FollowUpSummary>('PUT', '/api/admin/follow-ups', settings),
    onSuccess: (saved, _variables, queryClient) => queryClient.setQueryData(followUpsQuery().queryKey, saved),
    stale: [auditQuery().queryKey],
  });
