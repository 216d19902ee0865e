import type { CalendarSourceId } from '../../domain/api/calendar-sync.ts';
import { ADVISORY_LOCK_KEYS, tryWithAdvisoryLock } from '../db/advisory-lock.ts';
import { createIntervalJob, type JobRun } from '../jobs/interval-job.ts';
import { createSingleFlight } from '../jobs/single-flight.ts';
import type { CalendarSyncDeps, Logger } from './deps.ts';
import { failureMessage, type SyncResult } from './import.ts';
import { listSources } from './repository.ts';

/**
 * When feeds are synced without the owner asking: the automatic run (every saved feed, once per interval across
 * the server processes) and the fresh pull before a guest pays. Owns the syncs in flight per source, the run in
 * flight and the timer.
 */

/** "Fresh before payment": feeds older than this are synced before a guest pays … */
export const FRESH_MAX_AGE_MS = 15 * 60 * 1000;
/** … but the guest never waits longer than this for them. */
export const FRESH_BUDGET_MS = 3000;
/** The automatic run's row in job_runs: once per interval across all server processes. */
export const CALENDAR_SYNC_JOB = 'calendar-sync';

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

export function createSyncSchedule(
  deps: CalendarSyncDeps & { log: Logger },
  feeds: {
    sync(sourceId: CalendarSourceId, url: string): Promise<SyncResult>;
    reportStaleFeeds(): Promise<void>;
  },
) {
  const { config, database, db, clock, log } = deps;
  const intervalMinutes = config.syncIntervalMinutes;
  /** One sync per source at a time from the automatic run and the pre-payment refresh. */
  const sourceSyncs = createSingleFlight<CalendarSourceId, SyncResult>();
  const runs = createSingleFlight<string, RunReport>();

  /** Syncs a source, sharing a sync of the same source that is already running. */
  function syncShared(sourceId: CalendarSourceId, url: string): Promise<SyncResult> {
    return sourceSyncs.run(sourceId, () => feeds.sync(sourceId, url));
  }

  /** One run at a time across the server processes sharing a PostgreSQL database. */
  async function withRunLock<T>(fn: () => Promise<T>): Promise<T | null> {
    const outcome = await tryWithAdvisoryLock(database, ADVISORY_LOCK_KEYS.calendarSync, fn);
    return outcome.locked ? outcome.value : null;
  }

  async function syncEverySavedFeed(): Promise<RunReport> {
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
      await feeds.reportStaleFeeds();
      return results;
    });
    if (!report) {
      log.info({}, 'calendar sync run skipped: another process is running one');
      return { ran: false, results: [] };
    }
    log.info({ results: report }, 'calendar sync run finished');
    return { ran: true, results: report };
  }

  /**
   * One run: sync every saved feed, then report feeds that went stale. One run at a time, in this process (a
   * second caller waits for the run in flight and gets `ran: false`) and across processes; the timer's runs go
   * through `runIfDue`.
   */
  function runOnce(): Promise<RunReport> {
    const { promise, started } = runs.join(CALENDAR_SYNC_JOB, syncEverySavedFeed);
    if (started) return promise;
    return promise.then(() => ({ ran: false, results: [] }));
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
    await runs.settled();
  }

  return { runOnce, runIfDue, refreshStaleFeeds, start, stop };
}
