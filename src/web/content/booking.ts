import { BATHROOMS, MAX_GUESTS, MAX_NIGHTS, MIN_NIGHTS, SIZE_M2 } from '../../domain/property.ts';
import { refundRule } from '../../domain/refunds.ts';

/**
 * Texts of the Book Now section and its date-range picker. The toast titles and messages are the
 * specification's (sections 2, 5 and 8), word for word: tests and guests rely on them.
 */
export const BOOKING_DETAILS = {
  heading: 'Book Now',
  intro:
    'Book The Tower directly with its owners: no booking-site fees, and we answer every question ourselves.',
  location: {
    title: 'Location',
    text: 'In the centre of Aberdeen, Scotland, UK: restaurants, the harbour and Union Street on the doorstep, with golf courses, castles and Royal Deeside a short drive away.',
  },
  details: {
    title: 'Property Details',
    bedrooms: 'Bedrooms: 3 (1 king size, 1 double, 1 twin)',
    bathrooms: `Bathrooms: ${BATHROOMS}`,
    size: `Size: ${SIZE_M2} m²`,
    guests: `Sleeps up to ${MAX_GUESTS} guests`,
  },
  about: {
    title: 'About The Tower',
    paragraphs: [
      'The Tower is a converted church penthouse over five floors, restored over 18 months of careful renovation. Stone walls and church windows meet a modern kitchen, a private sauna and a cast iron bath.',
      'Climb to the tower viewing room for the views over the city, or sit out on the roof terrace. Please note there is no lift and the property is not wheelchair accessible.',
    ],
  },
} as const;

/**
 * The cancellation table (spec section 9), each row read from the refund rule itself (src/domain/refunds.ts), so
 * the terms, the Book Now section's summary and the refund the owner issues cannot disagree.
 */
export const CANCELLATION_ROWS = [
  { when: 'More than 30 days before check-in', days: 31 },
  { when: '14 to 30 days before check-in', days: 14 },
  { when: '7 to 13 days before check-in', days: 7 },
  { when: '1 to 6 days before check-in', days: 1 },
  { when: 'On the day of check-in, or no-show', days: 0 },
].map((row) => ({ ...row, rule: refundRule(row.days) }));

/** The side of the Book Now section beside the card: what a guest weighs up while choosing dates. */
export const BOOKING_ASIDE = {
  highlightsTitle: 'Highlights',
  stayTitle: 'Your Stay',
  cancellationTitle: 'Cancellation',
  cancellationLead: 'Your refund depends on when you cancel:',
  termsLink: 'Read the full terms',
} as const;

export const BOOKING_CARD = {
  title: 'Reserve your stay',
  weekdayLabel: 'per night, Sunday to Thursday',
  weekendLabel: 'per night, Friday and Saturday',
  checking: 'Checking availability...',
  /** Beside the dates on screen once the server has confirmed them (the toast answers only a guest's choice). */
  available: 'These dates are available to book.',
  /** Shown in the calendar's place until the booking card's code has loaded. */
  loadingCalendar: 'Loading the booking calendar…',
  /** Shown instead when the browser runs no JavaScript (the calendar and payment need it). */
  noScript: 'Booking online needs JavaScript switched on. You are welcome to book by e-mail instead:',
  calendarFailed:
    'The booking calendar could not be loaded. Please check your connection and reload the page.',
  formTitle: 'Complete Your Booking',
  termsLead: 'By proceeding, you agree to our',
  termsLink: 'Terms and Conditions',
  guestsLabel: 'Guests',
} as const;

export const MINIMUM_STAY_DIALOG = {
  title: 'Minimum Stay Required',
  text: `The Tower requires a minimum stay of ${MIN_NIGHTS} nights for all bookings.`,
  close: 'Close',
  contact: 'Contact Us',
  /** Subject of the e-mail draft Contact Us opens. */
  subject: 'Single Night Stay Enquiry',
} as const;

export const STAY_REQUIREMENTS = {
  title: 'Stay Requirements:',
  text: `Minimum ${MIN_NIGHTS} nights, maximum ${MAX_NIGHTS} nights`,
  /** When the chosen check-in falls in a season that asks more than the spec's minimum. */
  seasonText: (nights: number, season: string) =>
    `Minimum ${nights} nights for stays starting during ${season}, maximum ${MAX_NIGHTS} nights`,
  ask: 'For a single-night stay or a stay of more than 28 nights, please e-mail us at',
  subject: 'Stay Enquiry',
} as const;

/** Toasts of the booking section and the date-range picker (spec sections 5 and 8). */
export const BOOKING_TOASTS = {
  available: {
    title: '✓ Available!',
    description: 'These dates are available. Complete your booking details below.',
  },
  notAvailable: {
    title: 'Not Available',
    description: 'These dates are already booked. Please select different dates.',
  },
  checkFailed: {
    title: 'Availability Check Failed',
    description: 'Unable to check availability. Please try again.',
    variant: 'destructive',
  },
  checkInUnavailable: {
    title: 'Check-in Date Not Available',
    description: 'This date is already booked or blocked. Please select a different check-in date.',
  },
  checkOutUnavailable: {
    title: 'Check-out Date Not Available',
    description: 'This date is already booked or blocked. Please select a different check-in date.',
  },
  rangeUnavailable: {
    title: 'Date Range Not Available',
    description:
      'Some dates in your selected range are already booked or blocked. Please select different dates.',
  },
  closedToArrival: {
    title: 'Check-in Date Not Available',
    description: 'Stays cannot start on this date. Please select a different check-in date.',
  },
  closedToDeparture: {
    title: 'Check-out Date Not Available',
    description: 'Stays cannot end on this date. Please select a different check-out date.',
  },
  maximumStay: {
    title: 'Maximum Stay Exceeded',
    description:
      'Bookings are limited to a maximum of 28 nights. For longer stays, please contact us directly.',
  },
} as const;
