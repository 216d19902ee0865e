import type { GoLiveChecklist, GoLiveChoiceInput } from '../../../../domain/go-live.ts';
import { apiRequest } from '../../../lib/api.ts';
import { useChange } from '../../../lib/mutation.ts';
import { auditQuery, goLiveQuery } from '../shared/queries.ts';

/* The go-live checklist's one write; its read is shared (shared/queries.ts): other tabs' changes refresh it. */

export const useGoLiveChoice = () =>
  useChange({
    mutationFn: (input: GoLiveChoiceInput) =>
      apiRequest<GoLiveChecklist>('POST', '/api/admin/go-live/choice', input),
    stale: [goLiveQuery().queryKey, auditQuery().queryKey],
  });
