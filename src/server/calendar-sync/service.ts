import { randomBytes } from 'node:crypto';
import {
  CALENDAR_SOURCE_IDS,
  CALENDAR_SOURCE_LABELS,
  type CalendarSourceId,
  type CalendarSourcesResponse,
} from '../../domain/api.ts';
import { classifyImportedEvent } from '../../domain/calendar-conflicts.ts';
import { todayOnPropertyClock } from '../../domain/dates.ts';
import { buildIcalExport } from '../../domain/ical-export.ts';
import {
  bookableNightWindow,
  IcalImportError,
  type ImportedRange,
  importIcal,
} from '../../domain/ical-import.ts';
import { PROPERTY_ID, PROPERTY_NAME } from '../../domain/property.ts';
import { createBookingsRepository } from '../bookings/bookings-repository.ts';
import type { AppContext } from '../context.ts';
import { ADVISORY_LOCK_KEYS, tryWithAdvisoryLock } from '../db/advisory-lock.ts';
import type { Tx } from '../db/database.ts';
import { auditLog } from '../db/schema.ts';
import { badGateway, badRequest, HttpError } from '../errors.ts';
import { createIntervalJob, type JobRun } from '../jobs/interval-job.ts';
import { FeedFetchError, type FetchFeedOptions, fetchFeed, type Resolver } from './fetch-feed.ts';
import {
  type CalendarSourceRow,
  deleteSetting,
  ensureSetting,
  getSetting,
  getSource,
  listImportedEvents,
  listSources,
  putSetting,
  replaceImportedEvents,
  updateSource,
  upsertSource,
} from './repository.ts';

/**
 * Calendar sync with the channels (issue 8): import of their iCal feeds (manual, automatic, and a fresh pull
 * before a guest pays), conflict and echo detection, feed health, and the export of our own feed.
 * The fetch always happens outside any transaction; a sync's result is written in one transaction.
 */

/** Interval the feed health is judged against when automatic sync is off (the spec's "every 3 hours"). */
export const DEFAULT_SYNC_INTERVAL_MINUTES = 180;
/** A feed is stale when its last success is older than this many intervals. */
export const STALE_AFTER_INTERVALS = 2;
/** A feed that had at least this many events and suddenly has none is suspicious. */
export const SUDDENLY_EMPTY_MIN_PREVIOUS = 3;
/** "Fresh before payment": feeds older than this are synced before a guest pays … */
export const FRESH_MAX_AGE_MS = 15 * 60 * 1000;
/** … but the guest never waits longer than this for them. */
export const FRESH_BUDGET_MS = 3000;
/** The automatic run's row in job_runs: once per interval across all server processes. */
export const CALENDAR_SYNC_JOB = 'calendar-sync';

const EXPORT_KEY_SETTING = 'ical_export_key';
const emptiedSetting = (sourceId: CalendarSourceId) => `calendar_sync_emptied:${sourceId}`;
type EmptiedEpisode = { since: string; previousCount: number };

export type Logger = {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
};
const silentLogger: Logger = { info: () => {}, warn: () => {}, error: () => {} };

export type CalendarSyncDeps = Pick<AppContext, 'config' | 'database' | 'db' | 'clock' | 'notifications'> & {
  /** Cancels the payment intents of guests' holds an import took the nights of (absent: they lapse unpaid). */
  payments?: Pick<AppContext['payments'], 'cancelPaymentIntent'>;
  /** DNS resolver of the feed fetcher (tests inject one to fake a private address). */
  resolve?: Resolver;
  /** Overrides of the fetch limits (tests shorten the timeout). */
  fetchLimits?: Pick<FetchFeedOptions, 'timeoutMs' | 'maxBytes' | 'maxRedirects'>;
  log?: Logger;
};

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

export type RunReport = {
  ran: boolean;
  results: { sourceId: CalendarSourceId; events?: number; error?: string }[];
};

export type RefreshReport = {
  /** Synced within the budget. */
  refreshed: CalendarSourceId[];
  /** Failed within the budget (their previous events stay). */
  failed: CalendarSourceId[];
  /** Still running when the budget ran out; they finish in the background. */
  pending: CalendarSourceId[];
};

export type CalendarSync = ReturnType<typeof createCalendarSync>;

/** The owner-facing message of a failed sync, with the fallback of spec section 8. */
function failureMessage(sourceId: CalendarSourceId, error: unknown): string {
  if (error instanceof FeedFetchError || error instanceof IcalImportError) return error.message;
  if (error instanceof HttpError) return error.message;
  return `Failed to sync ${CALENDAR_SOURCE_LABELS[sourceId]} calendar`;
}

export function createCalendarSync(deps: CalendarSyncDeps) {
  const { config, database, db, clock, notifications } = deps;
  const log = deps.log ?? silentLogger;
  const bookings = createBookingsRepository(db);
  const intervalMinutes = config.syncIntervalMinutes;
  const healthIntervalMs = (intervalMinutes || DEFAULT_SYNC_INTERVAL_MINUTES) * 60_000;
  const host = new URL(config.siteUrl).hostname;
  /** One sync per source at a time from the automatic run and the pre-payment refresh. */
  const inFlight = new Map<CalendarSourceId, Promise<SyncResult>>();
  let running: Promise<RunReport> | null = null;

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

    // (Tx in db/database.ts lacks the relations generic that db.transaction's tx carries.)
    const { lapsedHolds, ...result } = await db.transaction((tx) =>
      saveImport(tx, sourceId, url, ranges, attemptAt),
    );
    bookings.invalidate(); // the guest's calendar shows the new nights at once
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
  async function cancelIntentsOf(holds: { id: string; paymentIntentId: string | null }[]): Promise<void> {
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
  ): Promise<SyncResult & { lapsedHolds: { id: string; paymentIntentId: string | null }[] }> {
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

    // Feed health: a feed that suddenly empties is reported once per episode.
    let unhealthy: string | null = null;
    let staleNotifiedAt = previous?.staleNotifiedAt ?? null;
    const episode = await getSetting<EmptiedEpisode>(tx, emptiedSetting(sourceId));
    const previousCount = previous?.lastEventCount ?? 0;
    if (rows.length === 0 && (episode || previousCount >= SUDDENLY_EMPTY_MIN_PREVIOUS)) {
      const since = episode ?? { since: now.toISOString(), previousCount };
      if (!episode) await putSetting(tx, emptiedSetting(sourceId), since, now);
      unhealthy = emptiedReason(label, since.previousCount);
      if (!staleNotifiedAt) {
        await notifications.feedUnhealthy(tx, { sourceId, reason: unhealthy });
        staleNotifiedAt = now;
      }
    } else {
      if (episode) await deleteSetting(tx, emptiedSetting(sourceId));
      staleNotifiedAt = null; // a healthy success ends any episode
    }

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

  function emptiedReason(label: string, previousCount: number): string {
    return `The ${label} feed suddenly returned no events where it had ${previousCount}. Check the iCal URL on ${label}.`;
  }

  /** Syncs a source, sharing a sync of the same source that is already running. */
  function syncShared(sourceId: CalendarSourceId, url: string): Promise<SyncResult> {
    const current = inFlight.get(sourceId);
    if (current) return current;
    const started = sync(sourceId, url).finally(() => inFlight.delete(sourceId));
    inFlight.set(sourceId, started);
    return started;
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

  function healthOf(source: CalendarSourceRow, emptied: EmptiedEpisode | null, now: Date): string | null {
    const label = CALENDAR_SOURCE_LABELS[source.id];
    if (emptied) return emptiedReason(label, emptied.previousCount);
    const lastSuccess = source.lastSuccessAt?.getTime() ?? 0;
    if (now.getTime() - lastSuccess > STALE_AFTER_INTERVALS * healthIntervalMs) {
      const hours = Math.round((now.getTime() - lastSuccess) / 3_600_000);
      return `The ${label} calendar has not synced successfully for ${hours} hours${source.lastError ? ` (last error: ${source.lastError})` : ''}.`;
    }
    return null;
  }

  /** Tells the owner once per episode about feeds that went stale. */
  async function reportStaleFeeds(): Promise<void> {
    const now = clock.now();
    for (const source of await listSources(db)) {
      if (source.staleNotifiedAt) continue;
      const emptied = await getSetting<EmptiedEpisode>(db, emptiedSetting(source.id));
      const reason = healthOf(source, emptied, now);
      if (!reason) continue;
      await db.transaction(async (tx) => {
        await notifications.feedUnhealthy(tx as unknown as Tx, { sourceId: source.id, reason });
        await updateSource(tx, source.id, { staleNotifiedAt: now, updatedAt: now });
      });
      log.warn({ sourceId: source.id, reason }, 'calendar feed unhealthy');
    }
  }

  /** One run at a time across the server processes sharing a PostgreSQL database. */
  async function withRunLock<T>(fn: () => Promise<T>): Promise<T | null> {
    const outcome = await tryWithAdvisoryLock(database, ADVISORY_LOCK_KEYS.calendarSync, fn);
    return outcome.locked ? outcome.value : null;
  }

  /**
   * One run: sync every saved feed, then report feeds that went stale. One run at a time, in this process and
   * across processes; the timer's runs go through `runIfDue`.
   */
  function runOnce(): Promise<RunReport> {
    if (running) return running.then(() => ({ ran: false, results: [] }));
    running = (async (): Promise<RunReport> => {
      const report = await withRunLock(async () => {
        const results: RunReport['results'] = [];
        for (const source of await listSources(db)) {
          try {
            const result = await syncShared(source.id, source.url);
            results.push({ sourceId: source.id, events: result.events });
          } catch (error) {
            results.push({ sourceId: source.id, error: failureMessage(source.id, error) });
          }
        }
        await reportStaleFeeds();
        return results;
      });
      if (!report) {
        log.info({}, 'calendar sync run skipped: another process is running one');
        return { ran: false, results: [] };
      }
      log.info({ results: report }, 'calendar sync run finished');
      return { ran: true, results: report };
    })().finally(() => {
      running = null;
    });
    return running;
  }

  /**
   * Fresh before payment: syncs the saved feeds whose last success is older than `maxAgeMs`, waiting at most
   * `budgetMs` in all. A feed that is slower keeps syncing in the background; it never blocks the guest.
   */
  async function refreshStaleFeeds(
    maxAgeMs = FRESH_MAX_AGE_MS,
    budgetMs = FRESH_BUDGET_MS,
  ): Promise<RefreshReport> {
    const now = clock.now().getTime();
    const due = (await listSources(db)).filter(
      (s) => !s.lastSuccessAt || now - s.lastSuccessAt.getTime() > maxAgeMs,
    );
    const report: RefreshReport = { refreshed: [], failed: [], pending: [] };
    if (due.length === 0) return report;
    const outcomes = new Map<CalendarSourceId, 'refreshed' | 'failed'>();
    const syncs = due.map((source) =>
      syncShared(source.id, source.url).then(
        () => outcomes.set(source.id, 'refreshed'),
        (error) => {
          outcomes.set(source.id, 'failed');
          log.warn({ sourceId: source.id, error: failureMessage(source.id, error) }, 'fresh pull failed');
        },
      ),
    );
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.all(syncs),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, budgetMs);
      }),
    ]);
    clearTimeout(timer);
    for (const source of due) {
      const outcome = outcomes.get(source.id);
      report[outcome ?? 'pending'].push(source.id);
    }
    return report;
  }

  async function status(): Promise<CalendarSourcesResponse> {
    const now = clock.now();
    const saved = new Map((await listSources(db)).map((s) => [s.id, s]));
    const events = await listImportedEvents(db);
    const sources = [];
    for (const id of CALENDAR_SOURCE_IDS) {
      const source = saved.get(id);
      const emptied = source ? await getSetting<EmptiedEpisode>(db, emptiedSetting(id)) : null;
      const reason = source ? healthOf(source, emptied, now) : null;
      sources.push({
        id,
        label: CALENDAR_SOURCE_LABELS[id],
        url: source?.url ?? null,
        lastAttemptAt: source?.lastAttemptAt?.toISOString() ?? null,
        lastSuccessAt: source?.lastSuccessAt?.toISOString() ?? null,
        lastError: source?.lastError ?? null,
        lastEventCount: source?.lastEventCount ?? null,
        stale: reason !== null,
        staleReason: reason,
        conflictCount: events.filter((e) => e.sourceId === id && e.conflict).length,
      });
    }
    const conflicts = events
      .filter((e) => e.conflict)
      .map((e) => ({
        sourceId: e.sourceId,
        uid: e.uid,
        checkIn: e.checkIn,
        checkOut: e.checkOut,
        summary: e.summary,
      }));
    return { sources, intervalMinutes, conflicts };
  }

  // --- Export of our own feed ---

  const newExportKey = () => randomBytes(24).toString('base64url');
  const exportUrl = (key: string) => `${config.siteUrl}/api/ical/${PROPERTY_ID}.ics?key=${key}`;

  async function getExportUrl(): Promise<string> {
    const { key } = await ensureSetting(db, EXPORT_KEY_SETTING, { key: newExportKey() }, clock.now());
    return exportUrl(key);
  }

  async function rotateExportKey(actor: string): Promise<string> {
    const key = newExportKey();
    const now = clock.now();
    await db.transaction(async (tx) => {
      await putSetting(tx, EXPORT_KEY_SETTING, { key }, now);
      await tx.insert(auditLog).values({ actor, action: 'calendar.export_key_rotated', details: {} });
    });
    return exportUrl(key);
  }

  /** The export key, or null when none was made yet. */
  async function getExportKey(): Promise<string | null> {
    return (await getSetting<{ key: string }>(db, EXPORT_KEY_SETTING))?.key ?? null;
  }

  /** Our feed: confirmed guest bookings and owner blocks that are not over yet. */
  async function exportCalendar(): Promise<string> {
    const now = clock.now();
    const today = todayOnPropertyClock(now);
    const stays = await bookings.listConfirmed({ propertyId: PROPERTY_ID, from: today, to: '9999-12-31' });
    return buildIcalExport({
      stays: stays.map(({ id, checkIn, checkOut }) => ({ id, checkIn, checkOut })),
      host,
      calendarName: PROPERTY_NAME,
      now,
    });
  }

  /** The automatic sync (when the interval is not 0): one run per interval across all server processes. */
  const job =
    intervalMinutes > 0
      ? createIntervalJob({
          db,
          clock,
          name: CALENDAR_SYNC_JOB,
          intervalMs: intervalMinutes * 60_000,
          run: runOnce,
          log,
        })
      : undefined;

  /** The automatic run as the timer makes it: only when no process has run it in this interval yet. */
  function runIfDue(): Promise<JobRun<RunReport>> {
    return job ? job.runNow() : Promise.resolve({ ran: false });
  }

  /** Starts the automatic sync; its timer never keeps the process alive. */
  function start(): void {
    job?.start();
  }

  /** Stops the timer and waits for a run in progress. */
  async function stop(): Promise<void> {
    await job?.stop();
    await running?.catch(() => {});
  }

  return {
    sync,
    syncAll,
    runOnce,
    runIfDue,
    refreshStaleFeeds,
    status,
    getExportUrl,
    rotateExportKey,
    getExportKey,
    exportCalendar,
    start,
    stop,
  };
}
