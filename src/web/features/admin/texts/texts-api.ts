import { useQuery } from '@tanstack/react-query';
import type { OwnerTextsInput, OwnerTextsRecord } from '../../../../domain/owner-texts.ts';
import { apiRequest, readQuery } from '../../../lib/api.ts';
import { useChange } from '../../../lib/mutation.ts';
import { auditQuery, goLiveQuery } from '../shared/queries.ts';

/* The Texts tab's texts, keyed ['admin', 'texts'] (the scheme in lib/api.ts). */

export const ownerTextsQuery = () => readQuery<OwnerTextsRecord>(['admin', 'texts'], '/api/admin/texts');

export const useOwnerTexts = () => useQuery(ownerTextsQuery());

const STALE_AFTER_CHANGE = [ownerTextsQuery().queryKey, goLiveQuery().queryKey, auditQuery().queryKey];

export const useSaveOwnerTexts = () =>
  useChange({
    mutationFn: (texts: OwnerTextsInput) => apiRequest<OwnerTextsRecord>('PUT', '/api/admin/texts', texts),
    stale: STALE_AFTER_CHANGE,
  });

/** Back to the site's original copy. */
export const useResetOwnerTexts = () =>
  useChange({
    mutationFn: () => apiRequest<OwnerTextsRecord>('DELETE', '/api/admin/texts'),
    stale: STALE_AFTER_CHANGE,
  });
