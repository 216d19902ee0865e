import {
  CALENDAR_SOURCE_IDS,
  CALENDAR_SOURCE_LABELS,
  type CalendarSourceId,
  type CalendarSourcesResponse,
} from '../../domain/api/calendar-sync.ts';
import type { Tx } from '../db/database.ts';
import type { NotificationEvents } from '../notifications/events.ts';
import { deleteSetting, getSetting, putSetting } from '../settings/settings-store.ts';
import type { CalendarSyncDeps, Logger } from './deps.ts';
import { type CalendarSourceRow, listImportedEvents, listSources, updateSource } from './repository.ts';

/**
 * Feed health: a feed is stale when it has not synced for a while, and suspicious when it suddenly empties.
 * The owner is told once per episode; the status screen shows each feed's health.
 */

/** Interval the feed health is judged against when automatic sync is off (the spec's "every 3 hours"). */
export const DEFAULT_SYNC_INTERVAL_MINUTES = 180;
/** A feed is stale when its last success is older than this many intervals. */
export const STALE_AFTER_INTERVALS = 2;
/** A feed that had at least this many events and suddenly has none is suspicious. */
export const SUDDENLY_EMPTY_MIN_PREVIOUS = 3;

const emptiedSetting = (sourceId: CalendarSourceId) => `calendar_sync_emptied:${sourceId}`;
type EmptiedEpisode = { since: string; previousCount: number };

function emptiedReason(label: string, previousCount: number): string {
  return `The ${label} feed suddenly returned no events where it had ${previousCount}. Check the iCal URL on ${label}.`;
}

/**
 * Within an import's transaction: a feed that suddenly empties starts an episode, reported once; a healthy
 * success ends any episode. Gives the warning for the sync's message and the source's new `staleNotifiedAt`.
 */
export async function judgeImportedCount(
  tx: Tx,
  notifications: NotificationEvents,
  args: { sourceId: CalendarSourceId; previous: CalendarSourceRow | null; events: number; now: Date },
): Promise<{ unhealthy: string | null; staleNotifiedAt: Date | null }> {
  const { sourceId, previous, events, now } = args;
  let unhealthy: string | null = null;
  let staleNotifiedAt = previous?.staleNotifiedAt ?? null;
  const episode = await getSetting<EmptiedEpisode>(tx, emptiedSetting(sourceId));
  const previousCount = previous?.lastEventCount ?? 0;
  if (events === 0 && (episode || previousCount >= SUDDENLY_EMPTY_MIN_PREVIOUS)) {
    const since = episode ?? { since: now.toISOString(), previousCount };
    if (!episode) await putSetting(tx, emptiedSetting(sourceId), since, now);
    unhealthy = emptiedReason(CALENDAR_SOURCE_LABELS[sourceId], since.previousCount);
    if (!staleNotifiedAt) {
      await notifications.feedUnhealthy(tx, { sourceId, reason: unhealthy });
      staleNotifiedAt = now;
    }
  } else {
    if (episode) await deleteSetting(tx, emptiedSetting(sourceId));
    staleNotifiedAt = null; // a healthy success ends any episode
  }
  return { unhealthy, staleNotifiedAt };
}

export function createFeedHealth(deps: CalendarSyncDeps & { log: Logger }) {
  const { config, db, clock, notifications, log } = deps;
  const intervalMinutes = config.syncIntervalMinutes;
  const healthIntervalMs = (intervalMinutes || DEFAULT_SYNC_INTERVAL_MINUTES) * 60_000;

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

  /** The owner's status screen: each feed with its health, and the imported events that conflict. */
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

  return { reportStaleFeeds, status };
}
