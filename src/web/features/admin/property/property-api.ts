import { useQuery } from '@tanstack/react-query';
import type { PropertyFactsInput, PropertyFactsResponse } from '../../../../domain/property-facts.ts';
import { apiRequest, readQuery } from '../../../lib/api.ts';
import { useChange } from '../../../lib/mutation.ts';
import { auditQuery, goLiveQuery } from '../shared/queries.ts';

/* The Property tab's facts, keyed ['admin', 'property-facts'] (the scheme in lib/api.ts). */

export const propertyFactsQuery = () =>
  readQuery<PropertyFactsResponse>(['admin', 'property-facts'], '/api/admin/property-facts');

export const usePropertyFacts = () => useQuery(propertyFactsQuery());

/** Saving may turn the checklist green (licence, EPC, occupancy), and it is an entry of the activity log. */
export const useSavePropertyFacts = () =>
  useChange({
    mutationFn: (facts: PropertyFactsInput) =>
      apiRequest<PropertyFactsResponse>('PUT', '/api/admin/property-facts', facts),
    stale: [propertyFactsQuery().queryKey, goLiveQuery().queryKey, auditQuery().queryKey],
  });
