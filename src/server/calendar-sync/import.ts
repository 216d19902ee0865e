import {
  CALENDAR_SOURCE_IDS,
  CALENDAR_SOURCE_LABELS,
  type CalendarSourceId,
} from '../../domain/api/calendar-sync.ts';
import { classifyImportedEvent } from '../../domain/calendar-conflicts.ts';
import { todayOnPropertyClock } from '../../domain/dates.ts';
import {
  bookableNightWindow,
  IcalImportError,
  type ImportedRange,
  importIcal,
} from '../../domain/ical-import.ts';
import { PROPERTY_ID } from '../../domain/property.ts';
import { audit } from '../audit/audit.ts';
import type { BookingsRepository } from '../bookings/bookings-repository.ts';
import type { Tx } from '../db/database.ts';
import { badGateway, badRequest, HttpError } from '../errors.ts';
import type { CalendarSyncDeps, Logger } from './deps.ts';
import { checkOwnersAddress, FeedFetchError, fetchFeed } from './fetch-feed.ts';
import { judgeImportedCount } from './health.ts';
import {
  getSource,
  listImportedEvents,
  replaceImportedEvents,
  saveSourceUrl,
  updateSource,
  upsertSource,
} from './repository.ts';

/**
 * Import of a channel's iCal feed: fetch and parse outside any transaction, then in one transaction replace the
 * source's events, mark conflicts with our confirmed stays and echoes of our own export, and lapse the guests'
 * holds an event took.
 */

export type SyncConflict = {
  uid: string;
  checkIn: string;
  checkOut: string;
  summary: string;
  stayId: string;
  guestName: string;
  stayCheckIn: string;
  stayCheckOut: string;
};

export type SyncResult = {
  sourceId: CalendarSourceId;
  events: number;
  echoes: number;
  conflicts: SyncConflict[];
  unhealthy: string | null;
  message: string;
};

type LapsedHold = { id: string; paymentIntentId: string | null };

/** The owner-facing message of a failed sync, with the fallback of spec section 8. */
export function failureMessage(sourceId: CalendarSourceId, error: unknown): string {
  if (error instanceof FeedFetchError || error instanceof IcalImportError) return error.message;
  if (error instanceof HttpError) return error.message;
  return `Failed to sync ${CALENDAR_SOURCE_LABELS[sourceId]} calendar`;
}

export function createFeedImport(deps: CalendarSyncDeps & { log: Logger }, bookings: BookingsRepository) {
  const { config, db, clock, notifications, log } = deps;

  async function download(url: string): Promise<ImportedRange[]> {
    const text = await fetchFeed(url, {
      ...deps.fetchLimits,
      resolve: deps.resolve,
      allowPrivateHosts: config.icalAllowPrivateHosts,
    });
    return importIcal(text, bookableNightWindow(todayOnPropertyClock(clock.now())));
  }

  /** Imports one feed: fetch and parse first, then replace the source's events in one transaction. */
  async function sync(sourceId: CalendarSourceId, url: string): Promise<SyncResult> {
    const label = CALENDAR_SOURCE_LABELS[sourceId];
    const attemptAt = clock.now();
    let ranges: ImportedRange[];
    try {
      ranges = await download(url);
    } catch (error) {
      const message = failureMessage(sourceId, error);
      if (!(error instanceof FeedFetchError || error instanceof IcalImportError)) {
        log.error({ err: error, sourceId }, 'calendar sync failed unexpectedly');
      }
      const saved = await getSource(db, sourceId);
      // The error belongs to the saved feed only when it was that feed we tried.
      if (saved && saved.url === url) {
        await updateSource(db, sourceId, {
          lastAttemptAt: attemptAt,
          lastError: message,
          updatedAt: clock.now(),
        });
      }
      // An address the owner typed that we refuse is their input error; anything the channel's side did is a 502.
      if (error instanceof FeedFetchError && error.addressRefused) throw badRequest(message);
      throw badGateway(message, 'feed_unavailable');
    }

    // The events are nights of the guest's calendar: it is read again once they have committed.
    const { lapsedHolds, ...result } = await bookings.transaction(
      (tx) => saveImport(tx, sourceId, url, ranges, attemptAt),
      { retry: false, changesNights: true },
    );
    await cancelIntentsOf(lapsedHolds);
    log.info(
      { sourceId, events: result.events, echoes: result.echoes, conflicts: result.conflicts.length },
      `calendar sync: ${label} imported`,
    );
    return result;
  }

  /**
   * The guests whose holds an import took the nights of can no longer pay for them: their payment intents are
   * cancelled (after the commit, never inside a transaction). One that cannot be cancelled (paid meanwhile) is
   * settled by the late-payment rule: refunded in full and flagged for the owner.
   */
  async function cancelIntentsOf(holds: LapsedHold[]): Promise<void> {
    for (const hold of holds) {
      log.warn({ stayId: hold.id }, 'a channel took the nights of a live hold; the hold has lapsed');
      if (!hold.paymentIntentId || !deps.payments) continue;
      try {
        await deps.payments.cancelPaymentIntent(hold.paymentIntentId);
      } catch (error) {
        log.warn({ err: error, stayId: hold.id }, 'could not cancel the payment intent of a lapsed hold');
      }
    }
  }

  async function saveImport(
    tx: Tx,
    sourceId: CalendarSourceId,
    url: string,
    ranges: ImportedRange[],
    attemptAt: Date,
  ): Promise<SyncResult & { lapsedHolds: LapsedHold[] }> {
    const label = CALENDAR_SOURCE_LABELS[sourceId];
    // The nights rule: an import and a transaction that takes nights never interleave (docs/decisions/008).
    await bookings.lockNights({ propertyId: PROPERTY_ID }, tx);
    const now = clock.now();
    const previous = await getSource(tx, sourceId);
    const previousConflicts = new Set(
      (await listImportedEvents(tx, sourceId)).filter((e) => e.conflict).map((e) => `${e.uid}\n${e.checkIn}`),
    );
    const window = bookableNightWindow(todayOnPropertyClock(now));
    const lastNight = ranges.reduce((max, r) => (r.checkOut > max ? r.checkOut : max), window.to);
    const ours = await bookings.listConfirmed(
      { propertyId: PROPERTY_ID, from: window.from, to: lastNight },
      tx,
    );
    const byId = new Map(ours.map((stay) => [stay.id, stay]));

    const conflicts: SyncConflict[] = [];
    let echoes = 0;
    const rows = ranges.map((range) => {
      const verdict = classifyImportedEvent(range, ours);
      if (verdict.echo) echoes++;
      for (const stayId of verdict.conflictingStayIds) {
        const stay = byId.get(stayId)!;
        conflicts.push({
          ...range,
          stayId,
          guestName: stay.contactName,
          stayCheckIn: stay.checkIn,
          stayCheckOut: stay.checkOut,
        });
      }
      return {
        sourceId,
        propertyId: PROPERTY_ID,
        uid: range.uid,
        checkIn: range.checkIn,
        checkOut: range.checkOut,
        summary: range.summary,
        conflict: verdict.conflictingStayIds.length > 0,
        echo: verdict.echo,
        importedAt: now,
      };
    });
    await replaceImportedEvents(tx, sourceId, rows);
    const lapsedHolds = await bookings.lapseHoldsTakenByEvents({ propertyId: PROPERTY_ID, now }, tx);

    const { unhealthy, staleNotifiedAt } = await judgeImportedCount(tx, notifications, {
      sourceId,
      previous,
      events: rows.length,
      now,
    });

    await upsertSource(tx, {
      id: sourceId,
      propertyId: PROPERTY_ID,
      url,
      lastAttemptAt: attemptAt,
      lastSuccessAt: now,
      lastError: null,
      lastEventCount: rows.length,
      staleNotifiedAt,
      updatedAt: now,
    });

    for (const conflict of conflicts) {
      if (previousConflicts.has(`${conflict.uid}\n${conflict.checkIn}`)) continue;
      await notifications.calendarConflict(tx, {
        sourceId,
        uid: conflict.uid,
        checkIn: conflict.checkIn,
        checkOut: conflict.checkOut,
        stayId: conflict.stayId,
      });
    }
    await bookings.markCalendarConflicts({ stayIds: conflicts.map((c) => c.stayId), now }, tx);

    const parts = [`Synced ${rows.length} events from ${label}.`];
    for (const c of conflicts) {
      parts.push(
        `Conflict: the ${label} event${c.summary ? ` '${c.summary}'` : ''} from ${c.checkIn} to ${c.checkOut} overlaps the confirmed direct booking of ${c.guestName} (${c.stayCheckIn} to ${c.stayCheckOut}).`,
      );
    }
    if (unhealthy) parts.push(`Warning: ${unhealthy}`);
    return {
      sourceId,
      events: rows.length,
      echoes,
      conflicts,
      unhealthy,
      message: parts.join(' '),
      lapsedHolds,
    };
  }

  /**
   * The combined call: every given URL is synced (in parallel). Any failure makes the whole answer an error: a 400
   * when an address the owner gave is refused, otherwise a 502.
   */
  async function syncAll(urls: Partial<Record<CalendarSourceId, string>>) {
    const wanted = CALENDAR_SOURCE_IDS.filter((id) => urls[id]);
    if (wanted.length === 0) throw badRequest('Please enter at least one iCal URL');
    const settled = await Promise.allSettled(wanted.map((id) => sync(id, urls[id]!)));
    const counts: Record<CalendarSourceId, number> = { airbnb: 0, booking: 0 };
    const messages: string[] = [];
    const failures: string[] = [];
    let inputRefused = false;
    settled.forEach((outcome, i) => {
      const id = wanted[i]!;
      if (outcome.status === 'fulfilled') {
        counts[id] = outcome.value.events;
        messages.push(outcome.value.message);
      } else {
        failures.push(`${CALENDAR_SOURCE_LABELS[id]}: ${failureMessage(id, outcome.reason)}`);
        if (outcome.reason instanceof HttpError && outcome.reason.statusCode === 400) inputRefused = true;
      }
    });
    if (failures.length > 0) {
      const message = [...failures, ...messages].join(' ');
      throw inputRefused ? badRequest(message) : badGateway(message, 'feed_unavailable');
    }
    const total = counts.airbnb + counts.booking;
    return { total, airbnb: counts.airbnb, booking: counts.booking, message: messages.join(' ') };
  }

  /**
   * The owner's Save of a feed address, without syncing it: refused (400, a sentence) only when it could never be
   * synced (not a web address, or a private address); a host that cannot be reached is the sync's to report.
   */
  async function saveUrl(sourceId: CalendarSourceId, url: string, actor: string): Promise<void> {
    try {
      checkOwnersAddress(url, { allowPrivateHosts: config.icalAllowPrivateHosts });
    } catch (error) {
      if (error instanceof FeedFetchError) throw badRequest(error.message);
      throw error;
    }
    await db.transaction(async (tx) => {
      await saveSourceUrl(tx, { id: sourceId, propertyId: PROPERTY_ID, url, now: clock.now() });
      // The address itself stays out of the log: it carries the channel's secret token.
      await audit(tx, { actor, action: 'calendar.feed_saved', details: { sourceId } });
    });
  }

  return { sync, syncAll, saveUrl };
}
