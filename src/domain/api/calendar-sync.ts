import { z } from 'zod';
import { textField } from '../input-fields.ts';
import { timestamp } from './fields.ts';

/**
 * Calendar sync with the channels (spec sections 3, 5 and 7): src/server/calendar-sync/.
 * One schema for the route, the browser's fetch call and its form (docs/architecture.md).
 */

/** Calendar sync (spec sections 3, 5 and 7). The channels whose iCal feeds are imported. */
export const CALENDAR_SOURCE_IDS = ['airbnb', 'booking'] as const;

export type CalendarSourceId = (typeof CALENDAR_SOURCE_IDS)[number];

export const CALENDAR_SOURCE_LABELS: Record<CalendarSourceId, string> = {
  airbnb: 'Airbnb',
  booking: 'Booking.com',
};

/** A channel's feed address as the owner types it; every message is a sentence for the owner. */
export const IcalUrlSchema = textField()
  .trim()
  .min(1, 'Please enter an iCal URL')
  .max(2000, 'The iCal URL is too long')
  .pipe(z.url({ protocol: /^https?$/, error: 'The iCal URL must be a web address starting with https://' }));

/** The combined call sends empty URLs as absent (spec section 5); an empty string counts as absent too. */
const OptionalIcalUrlSchema = z.preprocess(
  (value) => (typeof value === 'string' && !value.trim() ? undefined : value),
  IcalUrlSchema.optional(),
);

export const SyncCalendarRequestSchema = z.object({ icalUrl: IcalUrlSchema });

/** `PUT /api/admin/calendar-sources/{id}`: the owner's Save of one channel's feed address, without a sync. */
export const CalendarSourceParamsSchema = z.object({
  id: z.enum(CALENDAR_SOURCE_IDS, { error: 'There is no such channel: airbnb or booking.' }),
});
export const SaveCalendarSourceSchema = z.object({ url: IcalUrlSchema });
/** Its answer: the address as saved (trimmed). */
export const SavedCalendarSourceSchema = z.object({ url: z.string() });

export const SyncCalendarResponseSchema = z.object({ events: z.number().int(), message: z.string() });

export type SyncCalendarResponse = z.infer<typeof SyncCalendarResponseSchema>;

export const SyncAllRequestSchema = z.object({
  airbnbUrl: OptionalIcalUrlSchema,
  bookingUrl: OptionalIcalUrlSchema,
});

export const SyncAllResponseSchema = z.object({
  total: z.number().int(),
  airbnb: z.number().int(),
  booking: z.number().int(),
  message: z.string(),
});

export type SyncAllResponse = z.infer<typeof SyncAllResponseSchema>;

export const CalendarSourceStatusSchema = z.object({
  id: z.enum(CALENDAR_SOURCE_IDS),
  label: z.string(),
  /** The saved feed URL, null until a sync succeeded. */
  url: z.string().nullable(),
  lastAttemptAt: timestamp.nullable(),
  lastSuccessAt: timestamp.nullable(),
  lastError: z.string().nullable(),
  lastEventCount: z.number().int().nullable(),
  stale: z.boolean(),
  /** Why the feed is unhealthy, for the owner; null when it is fine. */
  staleReason: z.string().nullable(),
  conflictCount: z.number().int(),
});

export const ImportedConflictSchema = z.object({
  sourceId: z.enum(CALENDAR_SOURCE_IDS),
  uid: z.string(),
  checkIn: z.string(),
  checkOut: z.string(),
  summary: z.string(),
});

export const CalendarSourcesResponseSchema = z.object({
  sources: z.array(CalendarSourceStatusSchema),
  /** Minutes between automatic syncs; 0 when automatic sync is off. */
  intervalMinutes: z.number().int(),
  conflicts: z.array(ImportedConflictSchema),
});

export type CalendarSourcesResponse = z.infer<typeof CalendarSourcesResponseSchema>;

export const IcalExportResponseSchema = z.object({ url: z.string() });

/** `/api/ical/:file?key=` of the export feed. */
export const IcalFeedParamsSchema = z.object({ file: textField().max(100) });

export const IcalFeedQuerySchema = z.object({ key: textField().max(200).optional() });
