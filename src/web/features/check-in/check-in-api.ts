import type { CheckIn, RegisterGuestInput } from '../../../domain/api/arrival.ts';
import { apiRequest, readQuery } from '../../lib/api.ts';
import { manageUrl } from '../../lib/manage-key.ts';

/** Online check-in on the guest's manage page, keyed by the reference and key of their link. */

export const checkInQuery = (reference: string, key: string) =>
  readQuery<CheckIn>(
    ['manage-booking', 'check-in', { reference, key }],
    manageUrl(reference, key, '/check-in'),
  );

export const saveRegister = (reference: string, key: string, guests: RegisterGuestInput[]) =>
  apiRequest<CheckIn>('PUT', manageUrl(reference, key, '/check-in'), { guests });

export const acceptAgreement = (
  reference: string,
  key: string,
  body: { version: number; fullName: string },
) => apiRequest<CheckIn>('POST', manageUrl(reference, key, '/agreement'), body);

/** Where the guest authorises a damage deposit their bank did not accept off-session (decision 031). */
export const authoriseDamageHold = (reference: string, key: string) =>
  apiRequest<{ url: string }>('POST', manageUrl(reference, key, '/damage-hold/authorise'));
