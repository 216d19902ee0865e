import type { FollowUpSettings, FollowUpSummary } from '../../../../domain/api/follow-ups.ts';
import { createSetting } from '../../../lib/mutation.ts';
import { auditQuery } from '../shared/queries.ts';

/* Follow-ups of lapsed checkouts (decision 032), keyed ['admin', 'follow-ups'] (lib/api.ts). */

export const followUps = createSetting<FollowUpSummary, FollowUpSettings>(
  ['admin', 'follow-ups'],
  '/api/admin/follow-ups',
  () => [auditQuery().queryKey],
);
