import type { BlockDatesInput } from '../../../../domain/api/admin-bookings.ts';
import { apiRequest } from '../../../lib/api.ts';
import { useChange } from '../../../lib/mutation.ts';
import { BOOKINGS_AND_ACTIVITY } from '../shared/queries.ts';

/** Blocks nights for the owner; the block shows in the bookings list (spec section 2). */
export const useBlockDates = () =>
  useChange({
    mutationFn: (input: BlockDatesInput) => apiRequest('POST', '/api/admin/block-dates', input),
    stale: BOOKINGS_AND_ACTIVITY,
  });
