import type { OwnerTextsInput, OwnerTextsRecord } from '../../../../domain/owner-texts.ts';
import { apiRequest } from '../../../lib/api.ts';
import { createSetting, useChange } from '../../../lib/mutation.ts';
import { auditQuery, goLiveQuery } from '../shared/queries.ts';

/* The Texts tab's texts, keyed ['admin', 'texts'] (the scheme in lib/api.ts). */

/** The texts feed the go-live checklist and are an entry of the activity log. */
export const ownerTexts = createSetting<OwnerTextsRecord, OwnerTextsInput>(
  ['admin', 'texts'],
  '/api/admin/texts',
  () => [goLiveQuery().queryKey, auditQuery().queryKey],
);

/** Back to the site's original copy. */
export const useResetOwnerTexts = () =>
  useChange({
    mutationFn: () => apiRequest<OwnerTextsRecord>('DELETE', '/api/admin/texts'),
    stale: [ownerTexts.queryKey, goLiveQuery().queryKey, auditQuery().queryKey],
  });
