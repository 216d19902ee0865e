import type { CalendarSourceId } from '../../domain/api/calendar-sync.ts';
import { createKeptReadings } from '../db/kept-readings.ts';
import { createSingleFlight } from '../jobs/single-flight.ts';
import type { CalendarSyncDeps, Logger } from './deps.ts';
import { failureMessage, type SyncResult } from './import.ts';
import { listSources } from './repository.ts';

/**
 * When feeds are synced without the owner asking: the automatic run (every saved feed; the job registry,
 * src/server/jobs/registry.ts, runs it once per interval across the server processes) and the fresh pull before a
 * guest pays. Owns the syncs in flight per source, which the two share.
 */

/** "Fresh before payment": feeds older than this are synced before a guest pays … */
export const FRESH_MAX_AGE_MS = 15 * 60 * 1000;
/** … but the guest never waits longer than this for them. */
export const FRESH_BUDGET_MS = 3000;
/**
 * How long the fresh pull keeps its listing of the saved feeds (each one's last success): a guest's hold then works
 * out which feeds are due from memory instead of reading them again (with 50 holds a second, one read of 50). A
 * feed saved or synced by this process drops it at once (`forgetSources`); one saved by another server process on
 * the same PostgreSQL is seen within this bound, the bound of the other kept readings
 * (docs/decisions/019-caches-kept-by-their-writer.md).
 */
export const SOURCES_KEPT_MS = 2000;
/** What the automatic run did, feed by feed: the events imported, or why the feed failed (a sentence). */
export type RunReport = { sourceId: CalendarSourceId; events?: number; error?: string }[];

export type RefreshReport = {
  /** Synced within the budget. */
  refreshed: CalendarSourceId[];
  /** Failed within the budget (their previous events stay). */
  failed: CalendarSourceId[];
  /** Still running when the budget ran out; they finish in the background. */
  pending: CalendarSourceId[];
};

export function createSyncSchedule(
  deps: CalendarSyncDeps & { log: Logger },
  feeds: {
    sync(sourceId: CalendarSourceId, url: string): Promise<SyncResult>;
    reportStaleFeeds(): Promise<void>;
  },
) {
  const { db, clock, log } = deps;
  /** One sync per source at a time from the automatic run and the pre-payment refresh. */
  const sourceSyncs = createSingleFlight<CalendarSourceId, SyncResult>();

  /** The saved feeds as the fresh pull last read them (see SOURCES_KEPT_MS). */
  const savedSources = createKeptReadings({
    clock,
    maxAgeMs: SOURCES_KEPT_MS,
    read: async (_key: 'sources') => ({ value: await listSources(db) }),
  });

  /** Syncs a source, sharing a sync of the same source that is already running. */
  function syncShared(sourceId: CalendarSourceId, url: string): Promise<SyncResult> {
    return sourceSyncs.run(sourceId, () => feeds.sync(sourceId, url));
  }

  /** The automatic run: syncs every saved feed (each failure kept as a sentence), then reports stale feeds. */
  async function syncSavedFeeds(): Promise<RunReport> {
    const results: RunReport = [];
    for (const source of await listSources(db)) {
      try {
        const result = await syncShared(source.id, source.url);
        results.push({ sourceId: source.id, events: result.events });
      } catch (error) {
        results.push({ sourceId: source.id, error: failureMessage(source.id, error) });
      }
    }
    await feeds.reportStaleFeeds();
    log.info({ results }, 'calendar sync run finished');
    return results;
  }

  /**
   * Fresh before payment: syncs the saved feeds whose last success is older than `maxAgeMs`, waiting at most
   * `budgetMs` in all. A feed that is slower keeps syncing in the background; it never blocks the guest.
   */
  async function refreshStaleFeeds(
    maxAgeMs = FRESH_MAX_AGE_MS,
    budgetMs = FRESH_BUDGET_MS,
  ): Promise<RefreshReport> {
    const now = clock.now();
    const due = (await savedSources.get('sources', now)).filter(
      (s) => !s.lastSuccessAt || now.getTime() - s.lastSuccessAt.getTime() > maxAgeMs,
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

  return {
    syncSavedFeeds,
    refreshStaleFeeds,
    /** After this process saved or synced a feed: the next fresh pull reads the feeds again. */
    forgetSources: savedSources.forget,
  };
}
