import type {
  CalendarSourceId,
  CalendarSourcesResponse,
  SyncAllResponse,
  SyncCalendarResponse,
} from '../../../domain/api/calendar-sync.ts';
import { apiRequest, readQuery } from '../../lib/api.ts';

/* Calendar sync's reads as query options, keyed ['calendar-sync', resource] (the scheme in lib/api.ts). */

/** Each channel's feed URL, last sync and conflicts. */
export const calendarSourcesQuery = () =>
  readQuery<CalendarSourcesResponse>(['calendar-sync', 'sources'], '/api/admin/calendar-sources');

/** Our own iCal feed's address, for the channels to import. */
export const icalExportQuery = () =>
  readQuery<{ url: string }>(['calendar-sync', 'export'], '/api/admin/ical-export');

/** A new export address; the old one stops working. */
export const rotateIcalExport = () => apiRequest<{ url: string }>('POST', '/api/admin/ical-export/rotate');

export const syncAirbnbFeed = (icalUrl: string) =>
  apiRequest<SyncCalendarResponse>('POST', '/api/admin/sync-airbnb', { icalUrl });

export const syncBookingComFeed = (icalUrl: string) =>
  apiRequest<SyncCalendarResponse>('POST', '/api/admin/sync-booking', { icalUrl });

/** Both channels; an absent URL is skipped (spec section 5). */
export const syncAllFeeds = (urls: { airbnbUrl?: string; bookingUrl?: string }) =>
  apiRequest<SyncAllResponse>('POST', '/api/admin/sync-all', urls);

/** Keeps a channel's feed address as typed, without syncing it. */
export const saveFeedUrl = (id: CalendarSourceId, url: string) =>
  apiRequest<{ url: string }>('PUT', `/api/admin/calendar-sources/${id}`, { url });
