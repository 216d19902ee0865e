import type { StayCheckIn } from '../../../../domain/api/arrival.ts';
import type { DamageHoldClaim, DamageHoldView } from '../../../../domain/api/damage-holds.ts';
import { bookingReference } from '../../../../domain/booking-reference.ts';
import { apiRequest } from '../../../lib/api.ts';
import { useChange } from '../../../lib/mutation.ts';
import { BOOKINGS_AND_ACTIVITY } from '../shared/queries.ts';
import { stayPartQuery } from './bookings-api.ts';

/** A stay's online check-in (docs/decisions/025-online-check-in.md); nothing is asked while no stay is chosen. */
export const stayCheckInQuery = (id: string | null) =>
  stayPartQuery<StayCheckIn>('stay-check-in', id, 'check-in');

/** The owner takes part or all of a stay's damage deposit (docs/decisions/031-damage-deposit-hold.md). */
export const useClaimDamageHold = (stayId: string) =>
  useChange({
    mutationFn: (claim: DamageHoldClaim) =>
      apiRequest<DamageHoldView>(
        'POST',
        `/api/admin/bookings/${encodeURIComponent(bookingReference(stayId))}/damage-hold/claim`,
        claim,
      ),
    stale: [...BOOKINGS_AND_ACTIVITY, stayCheckInQuery(stayId).queryKey],
  });
