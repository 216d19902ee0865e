import type { PropertyFactsInput, PropertyFactsResponse } from '../../../../domain/property-facts-schemas.ts';
import { createSetting } from '../../../lib/mutation.ts';
import { auditQuery, goLiveQuery } from '../shared/queries.ts';

/* The Property tab's facts, keyed ['admin', 'property-facts'] (the scheme in lib/api.ts). */

/** Saving may turn the checklist green (licence, EPC, occupancy), and it is an entry of the activity log. */
export const propertyFacts = createSetting<PropertyFactsResponse, PropertyFactsInput>(
  ['admin', 'property-facts'],
  '/api/admin/property-facts',
  () => [goLiveQuery().queryKey, auditQuery().queryKey],
);
