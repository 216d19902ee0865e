import type { PropertyFactsRecord } from './property-facts.ts';

/*
 * Examples the tests of several layers share, so the domain's test and a route's test check the same figures
 * without each writing them out. Test code only.
 */

/** Thursday 2027-03-04 to Sunday 2027-03-07 at the default plan: 3 nights, 775 + 100 + 39 = £914. */
export const THURSDAY_TO_SUNDAY_QUOTE = {
  checkIn: '2027-03-04',
  checkOut: '2027-03-07',
  quote: {
    nights: 3,
    weekdayNights: 1,
    weekendNights: 2,
    weekdayRate: 225,
    weekendRate: 275,
    accommodation: 775,
    cleaningFee: 100,
    serviceFee: 39,
    total: 914,
    currency: 'gbp',
  },
} as const;

/** What the public pages say of the property on a fresh install: the occupancy and the fixed times only. */
export const FRESH_INSTALL_PUBLIC_PROPERTY = {
  maxOccupancy: 4,
  address: { locality: 'Aberdeen', region: 'Scotland', country: 'GB' },
  hashtags: [],
  social: {},
  stayTimes: { checkIn: '4:00 PM', checkOut: '11:00 AM', checkIn24h: '16:00', checkOut24h: '11:00' },
};

/** The property facts of an owner who filled every field in. */
export const FILLED_PROPERTY_FACTS: PropertyFactsRecord = {
  licenceNumber: 'AC-00123-F',
  epcRating: 'C',
  maxOccupancy: 4,
  streetAddress: '1 Kirk Court, Union Street',
  postcode: 'AB10 1AA',
  addressPublic: true,
  social: { facebook: 'https://www.facebook.com/thetower', instagram: null, tiktok: null },
  hashtags: ['#TheTower'],
  enquiriesEmail: null,
};

/** The base rates of the default plan as the Prices tab sends them (`PUT /api/admin/rate-plan/base`). */
export const DEFAULT_BASE_RATES = {
  weekdayPence: 22_500,
  weekendPence: 27_500,
  weekendNights: [5, 6],
  cleaningFeePence: 10_000,
  serviceFeePercent: 5,
  levy: null,
};
