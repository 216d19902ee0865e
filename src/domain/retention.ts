import { addMonths, type IsoDate } from './dates.ts';

/**
 * How long booking records keep the guest's personal data: the privacy policy's 7 years after the stay (spec
 * section 9), for tax and accounting. The privacy page states it and the server's retention job applies it.
 */
export const BOOKING_RECORDS_YEARS = 7;

/** Stays that checked out before this day (on the property's clock) are past retention: their guest is erased. */
export const retentionCutoff = (today: IsoDate): IsoDate => addMonths(today, -12 * BOOKING_RECORDS_YEARS);

/**
 * How long the guest register (Immigration (Hotel Records) Order 1972) is kept after check-out: the Order asks
 * that it be kept at least 12 months; the privacy page states it and the retention job erases it after that.
 */
export const GUEST_REGISTER_MONTHS = 12;

/** Stays that checked out before this day have their guest register erased. */
export const registerRetentionCutoff = (today: IsoDate): IsoDate => addMonths(today, -GUEST_REGISTER_MONTHS);

/**
 * How long correspondence that is not part of a booking (an enquiry, a quote, their thread) keeps who wrote it and
 * what they said: the privacy policy's two years.
 */
export const CORRESPONDENCE_YEARS = 2;

/** Enquiries and quotes written before this day are past retention. */
export const correspondenceCutoff = (today: IsoDate): IsoDate => addMonths(today, -12 * CORRESPONDENCE_YEARS);
