/**
 * The Tower's fixed figures (spec sections 3 and 9). Prices are whole pounds; money that is charged is computed
 * in pence by the pricing rules.
 */
export const PROPERTY_ID = 1;
export const PROPERTY_NAME = 'The Tower';

export const WEEKDAY_RATE_GBP = 225;
export const WEEKEND_RATE_GBP = 275;
export const CLEANING_FEE_GBP = 100;
/** Service fee as a share of the accommodation total (spec section 9). */
export const SERVICE_FEE_PERCENT = 5;

export const BEDROOMS = 3;
export const BATHROOMS = 3;
export const MAX_GUESTS = 4;
/** The spec's `squareFeet 250` is shown as m² (spec README). */
export const SIZE_M2 = 250;

export const MIN_NIGHTS = 2;
export const MAX_NIGHTS = 28;
/** How far ahead a guest may book, in months, on the property's clock. */
export const BOOKING_WINDOW_MONTHS = 12;
/** How far ahead the owner may take a booking or block dates, in months, on the property's clock. */
export const OWNER_WINDOW_MONTHS = 24;
/** The longest owner booking or block, in months (a longer closure is two blocks). */
export const OWNER_STAY_MAX_MONTHS = 12;
/**
 * The most one payment may be, in pounds: above the price of the longest owner booking (12 months, every night
 * at the weekend rate, with fees: about £106,000), far below what PostgreSQL's integer holds in pence.
 */
export const MAX_PAYMENT_GBP = 150_000;

/** The property's clock: "today", the past and the refund days are judged in Aberdeen. */
export const PROPERTY_TIME_ZONE = 'Europe/London';

/**
 * Check-in and check-out times of the terms (spec section 9), on the property's clock. A night starts at check-in:
 * a channel's timed event that ends by then leaves that evening's night free.
 */
export const CHECK_IN_TIME = { hour: 16, minute: 0, label: '4:00 PM' } as const;
export const CHECK_OUT_TIME = { hour: 11, minute: 0, label: '11:00 AM' } as const;

export const CURRENCY = 'gbp';
export const COUNTRY = 'GB';

export const PROPERTY_DESCRIPTION =
  'A converted church penthouse over five floors in the centre of Aberdeen: three bedrooms, three bathrooms, a private sauna, a roof terrace and a tower viewing room.';
