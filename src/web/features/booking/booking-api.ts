import { queryOptions } from '@tanstack/react-query';
import type { UnavailableDates } from '../../../domain/api/availability.ts';
import type { Quote } from '../../../domain/pricing.ts';
import type { RatePlan } from '../../../domain/rate-plan.ts';
import { apiRequest } from '../../lib/api.ts';

/* The booking card's reads as query options, keyed ['booking', resource, params] (the scheme in lib/api.ts). */

/** The URLs of the card's first reads: the taken nights and the owner's rate plan. */
export const unavailableDatesUrl = (propertyId: number) => `/api/unavailable-dates/${propertyId}`;
export const RATE_PLAN_URL = '/api/rate-plan';

/** The nights already taken, for the date picker. */
export const unavailableDatesQuery = (propertyId: number) =>
  queryOptions({
    queryKey: ['booking', 'unavailable-dates', { propertyId }],
    queryFn: () => apiRequest<UnavailableDates>('GET', unavailableDatesUrl(propertyId)),
  });

export type StayDates = { propertyId: number; checkInDate: string; checkOutDate: string };

/** Whether the chosen nights are still free: asked afresh for every choice, never answered from the cache. */
export const availabilityQuery = (stay: StayDates) =>
  queryOptions({
    queryKey: ['booking', 'availability', stay],
    queryFn: () => {
      const search = new URLSearchParams({
        propertyId: String(stay.propertyId),
        checkInDate: stay.checkInDate,
        checkOutDate: stay.checkOutDate,
      });
      return apiRequest<{ available: boolean }>('GET', `/api/availability?${search}`);
    },
    staleTime: 0,
  });

/** The owner's rate plan (decision 013): the calendar's prices and the breakdown are worked out from it. */
export const ratePlanQuery = () =>
  queryOptions({
    queryKey: ['booking', 'rate-plan'],
    queryFn: () => apiRequest<RatePlan>('GET', RATE_PLAN_URL),
    staleTime: 60_000,
  });

/** The server's quote with a promo code (codes are the owner's secret, so only the server prices them). */
export const promoQuoteQuery = (stay: StayDates, promoCode: string) =>
  queryOptions({
    queryKey: ['booking', 'quote', { ...stay, promoCode }],
    queryFn: () => {
      const search = new URLSearchParams({
        propertyId: String(stay.propertyId),
        checkInDate: stay.checkInDate,
        checkOutDate: stay.checkOutDate,
        promoCode,
      });
      return apiRequest<Quote>('GET', `/api/quote?${search}`);
    },
    staleTime: 0,
    retry: false,
  });
