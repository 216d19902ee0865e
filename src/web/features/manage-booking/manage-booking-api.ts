import type {
  ChangeRequest,
  ManageCancelResponse,
  ManagedBooking,
} from '../../../domain/api/guest-journey.ts';
import type { GuestReviewInput, GuestReviewView } from '../../../domain/api/reviews.ts';
import { apiRequest, readQuery } from '../../lib/api.ts';
import { manageUrl } from '../../lib/manage-key.ts';

/**
 * The guest's 'manage my booking' page: its booking, read by the reference and the key of the guest's link
 * (`/booking/{reference}?key=…`), and what the guest may do with it.
 */

export const managedBookingQuery = (reference: string, key: string) =>
  readQuery<ManagedBooking>(['manage-booking', 'booking', { reference, key }], manageUrl(reference, key));

/** The .ics download's address (a plain link: the browser saves the file). */
export const calendarFileUrl = (reference: string, key: string) => manageUrl(reference, key, '/calendar.ics');

export const cancelManagedBooking = (reference: string, key: string) =>
  apiRequest<ManageCancelResponse>('POST', manageUrl(reference, key, '/cancel'));

export const requestChange = (reference: string, key: string, body: ChangeRequest) =>
  apiRequest<{ sent: true }>('POST', manageUrl(reference, key, '/change-request'), body);

/** The guest's review of the stay (docs/decisions/029-reviews.md): read, written once, changed for 14 days. */
export const guestReviewQuery = (reference: string, key: string) =>
  readQuery<GuestReviewView>(
    ['manage-booking', 'review', { reference, key }],
    manageUrl(reference, key, '/review'),
  );

export const saveGuestReview = (reference: string, key: string, body: GuestReviewInput, first: boolean) =>
  apiRequest<GuestReviewView>(first ? 'POST' : 'PUT', manageUrl(reference, key, '/review'), body);
