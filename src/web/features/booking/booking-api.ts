import { queryOptions } from '@tanstack/react-query';
import type { UnavailableDates } from '../../../domain/api.ts';
import { apiRequest } from '../../lib/api.ts';

/* The booking card's reads as query options, keyed ['booking', resource, params] (the scheme in lib/api.ts). */

/** The nights already taken, for the date picker. */
export const unavailableDatesQuery = (propertyId: number) =>
  queryOptions({
    queryKey: ['booking', 'unavailable-dates', { propertyId }],
    queryFn: () => apiRequest<UnavailableDates>('GET', `/api/unavailable-dates/${propertyId}`),
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
