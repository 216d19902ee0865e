import { type IsoDate, isWeekendNight, nightsOf } from './dates.ts';
import { CLEANING_FEE_GBP, SERVICE_FEE_PERCENT, WEEKDAY_RATE_GBP, WEEKEND_RATE_GBP } from './property.ts';

/** The price of a stay in whole pounds, as `/api/quote` answers it and the payment charges it. */
export type Quote = {
  nights: number;
  weekdayNights: number;
  weekendNights: number;
  weekdayRate: number;
  weekendRate: number;
  accommodation: number;
  cleaningFee: number;
  serviceFee: number;
  total: number;
  currency: 'gbp';
};

/**
 * 5 % of the accommodation, rounded half up to the whole pound (spec README: £27.50 → £28).
 * Integer arithmetic, so no floating-point surprise: accommodation × 5 / 100, half up.
 */
export function serviceFeeGbp(accommodationGbp: number): number {
  return Math.floor((accommodationGbp * SERVICE_FEE_PERCENT * 2 + 100) / 200);
}

/** Prices the nights [checkIn, checkOut): Friday and Saturday nights at the weekend rate, others weekday. */
export function quoteStay(checkIn: IsoDate, checkOut: IsoDate): Quote {
  const nights = nightsOf(checkIn, checkOut);
  const weekendNights = nights.filter(isWeekendNight).length;
  const weekdayNights = nights.length - weekendNights;
  const accommodation = weekdayNights * WEEKDAY_RATE_GBP + weekendNights * WEEKEND_RATE_GBP;
  const serviceFee = serviceFeeGbp(accommodation);
  const cleaningFee = nights.length > 0 ? CLEANING_FEE_GBP : 0;
  return {
    nights: nights.length,
    weekdayNights,
    weekendNights,
    weekdayRate: WEEKDAY_RATE_GBP,
    weekendRate: WEEKEND_RATE_GBP,
    accommodation,
    cleaningFee,
    serviceFee,
    total: accommodation + cleaningFee + serviceFee,
    currency: 'gbp',
  };
}

export const poundsToPence = (pounds: number) => Math.round(pounds * 100);

/** A quote's money in pence, as a booking stores it. */
export function quotePence(quote: Quote) {
  return {
    accommodationPence: poundsToPence(quote.accommodation),
    cleaningFeePence: poundsToPence(quote.cleaningFee),
    serviceFeePence: poundsToPence(quote.serviceFee),
    totalPence: poundsToPence(quote.total),
  };
}

/** The two currency formats, each made once on first use (making one is far slower than using it). */
const gbpFormats = new Map<0 | 2, Intl.NumberFormat>();
function gbpFormat(fractionDigits: 0 | 2): Intl.NumberFormat {
  let format = gbpFormats.get(fractionDigits);
  if (!format) {
    format = new Intl.NumberFormat('en-GB', {
      style: 'currency',
      currency: 'GBP',
      minimumFractionDigits: fractionDigits,
    });
    gbpFormats.set(fractionDigits, format);
  }
  return format;
}

/** "£1,859" or "£27.50": whole pounds without pence. */
export function formatGbp(pence: number): string {
  const pounds = pence / 100;
  return gbpFormat(Number.isInteger(pounds) ? 0 : 2).format(pounds);
}
