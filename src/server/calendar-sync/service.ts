import { type CalendarSyncDeps, silentLogger } from './deps.ts';
import { createFeedExport } from './export.ts';
import { createFeedHealth } from './health.ts';
import { createFeedImport } from './import.ts';
import { createSyncSchedule } from './schedule.ts';

/**
 * Calendar sync with the channels (docs/decisions/002-calendar-sync.md), as the app and its routes use it: import
 * (import.ts), the automatic run (a job of src/server/jobs/registry.ts) and the fresh pull before payment
 * (schedule.ts), feed health (health.ts) and the export of our own feed (export.ts). The fetch always happens
 * outside any transaction; a sync's result is written in one.
 */

export type { CalendarSyncDeps } from './deps.ts';
export type CalendarSync = ReturnType<typeof createCalendarSync>;

export function createCalendarSync(deps: CalendarSyncDeps) {
  const withLog = { ...deps, log: deps.log ?? silentLogger };
  const { bookings } = deps;
  const feedImport = createFeedImport(withLog, bookings);
  const { reportStaleFeeds, status } = createFeedHealth(withLog);
  const { syncSavedFeeds, refreshStaleFeeds, forgetSources } = createSyncSchedule(withLog, {
    sync: (...args) => sync(...args),
    reportStaleFeeds,
  });
  /** A write of the feeds' rows, after which the fresh pull reads them again (schedule.ts). */
  const forgettingSources = <T>(write: Promise<T>): Promise<T> => write.finally(forgetSources);
  const sync: typeof feedImport.sync = (...args) => forgettingSources(feedImport.sync(...args));
  const syncAll: typeof feedImport.syncAll = (...args) => forgettingSources(feedImport.syncAll(...args));
  const saveUrl: typeof feedImport.saveUrl = (...args) => forgettingSources(feedImport.saveUrl(...args));
  const { getExportUrl, rotateExportKey, getExportKey, exportCalendar } = createFeedExport(deps, bookings);

  return {
    sync,
    syncAll,
    saveUrl,
    syncSavedFeeds,
    refreshStaleFeeds,
    status,
    getExportUrl,
    rotateExportKey,
    getExportKey,
    exportCalendar,
  };
}
