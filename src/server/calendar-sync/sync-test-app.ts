import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type NotificationEvents, silentNotifications } from '../notifications/events.ts';
import { adminToken, createTestApp, TEST_NOW } from '../test/test-app.ts';
import type { Resolver } from './fetch-feed.ts';
import type { CalendarSync } from './service.ts';

/**
 * The production wiring (buildApp) for calendar sync tests, with what these tests need beyond createTestApp:
 * recorded notifications, an injectable DNS resolver and fetch limits, an admin token, the app's calendar sync
 * (for the fresh pull before payment), the automatic run as the job registry runs it, and a way to put stays in
 * the database.
 */

export type RecordedNotifications = {
  conflicts: Parameters<NotificationEvents['calendarConflict']>[1][];
  unhealthy: Parameters<NotificationEvents['feedUnhealthy']>[1][];
};

export async function createSyncTestApp(
  options: { env?: Record<string, string>; resolve?: Resolver; timeoutMs?: number } = {},
) {
  const recorded: RecordedNotifications = { conflicts: [], unhealthy: [] };
  const notifications: NotificationEvents = {
    ...silentNotifications,
    calendarConflict: async (_tx, conflict) => {
      recorded.conflicts.push(conflict);
    },
    feedUnhealthy: async (_tx, feed) => {
      recorded.unhealthy.push(feed);
    },
  };
  const fetchLimits = options.timeoutMs ? { timeoutMs: options.timeoutMs } : undefined;
  const t = await createTestApp({
    env: { ICAL_ALLOW_PRIVATE_HOSTS: 'true', SYNC_INTERVAL_MINUTES: '180', ...options.env },
    notifications,
    overrides: { calendarSync: { resolve: options.resolve, fetchLimits } },
  });
  const { app, database, clock, config } = t;
  const token = await adminToken(app);
  const service: CalendarSync = app.calendarSync;

  const admin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    app.inject({ method, url, payload: payload as object, headers: { authorization: `Bearer ${token}` } });

  /** A stay of ours, written through the bookings module (the guest's calendar sees it at once). */
  async function addStay(stay: {
    checkIn: string;
    checkOut: string;
    kind?: 'guest' | 'block';
    status?: 'pending' | 'confirmed' | 'canceled' | 'expired';
    contactName?: string;
    contactEmail?: string;
  }): Promise<string> {
    const id = randomUUID();
    const kind = stay.kind ?? 'guest';
    await app.bookings.insertStay({
      id,
      propertyId: 1,
      kind,
      source: kind === 'block' ? 'owner' : 'web',
      status: stay.status ?? 'confirmed',
      checkIn: stay.checkIn,
      checkOut: stay.checkOut,
      contactName: stay.contactName ?? (kind === 'block' ? 'Owner Block' : 'Isla Guest'),
      contactEmail: stay.contactEmail ?? (kind === 'block' ? '' : 'isla.guest@example.test'),
    });
    return id;
  }

  return {
    app,
    database,
    db: database.db,
    clock,
    config,
    token,
    service,
    notifications: recorded,
    admin,
    addStay,
    /** The automatic run of every saved feed, now (the registry's `calendar-sync` job). */
    runSync: () => app.jobs.run('calendar-sync'),
    /** Back to no imported events, no saved feeds (and no stays, unless told), nothing recorded, TEST_NOW. */
    async reset({ keepStays = false }: { keepStays?: boolean } = {}) {
      await database.db.execute(sql`delete from imported_events`);
      await database.db.execute(sql`delete from calendar_sources`);
      await database.db.execute(sql`delete from settings`);
      if (!keepStays) await database.db.execute(sql`delete from stays`);
      recorded.conflicts.length = 0;
      recorded.unhealthy.length = 0;
      clock.set(TEST_NOW);
    },
    close: () => t.close(),
  };
}

export type SyncTestApp = Awaited<ReturnType<typeof createSyncTestApp>>;
