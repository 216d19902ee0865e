import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { calendarSources } from '../db/schema.ts';
import { listImportedEvents } from './repository.ts';
import { SOURCES_KEPT_MS } from './schedule.ts';
import { createSyncTestApp, type SyncTestApp } from './sync-test-app.ts';
import * as feed from './test-feed-server.ts';

const AIRBNB = feed.readFixture('airbnb');
const BOOKING = feed.readFixture('booking');
const EMPTY =
  'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Airbnb Inc//Hosting Calendar 1.0//EN\r\nEND:VCALENDAR\r\n';
const HOUR = 3_600_000;
const MINUTE = 60_000;

let feeds: feed.FeedServer;
let t: SyncTestApp;

beforeAll(async () => {
  feeds = await feed.startFeedServer();
  t = await createSyncTestApp();
});
afterAll(async () => {
  await t.close();
  await feeds.close();
});
beforeEach(async () => {
  feeds.set('/airbnb.ics', feed.serveCalendar(AIRBNB));
  feeds.set('/booking.ics', feed.serveCalendar(BOOKING));
  await t.admin('POST', '/api/admin/sync-all', {
    airbnbUrl: feeds.url('/airbnb.ics'),
    bookingUrl: feeds.url('/booking.ics'),
  });
});
afterEach(async () => {
  await t.reset({ keepStays: true });
});

const sources = async () => (await t.admin('GET', '/api/admin/calendar-sources')).json().sources;

describe('automatic sync (the calendar-sync job)', () => {
  it('syncs every saved feed and picks up changes', async () => {
    feeds.set(
      '/airbnb.ics',
      feed.serveCalendar(AIRBNB.replace('DTSTART;VALUE=DATE:20261224', 'DTSTART;VALUE=DATE:20261222')),
    );
    t.clock.advance(3 * HOUR);
    const report = await t.runSync();
    expect(report).toHaveLength(2);
    expect(report).toEqual(
      expect.arrayContaining([
        { sourceId: 'airbnb', events: 5 },
        { sourceId: 'booking', events: 3 },
      ]),
    );
    const christmas = (await listImportedEvents(t.db, 'airbnb')).find(
      (e) => e.summary === 'Airbnb (Not available)',
    );
    expect([christmas?.checkIn, christmas?.checkOut]).toEqual(['2026-12-22', '2026-12-27']);
    expect((await sources()).map((s: { lastSuccessAt: string }) => s.lastSuccessAt)).toEqual([
      '2026-11-23T13:00:00.000Z',
      '2026-11-23T13:00:00.000Z',
    ]);
  });

  it('runs one at a time: a second call while one runs shares it and does not start another', async () => {
    feeds.hits.clear();
    const first = t.runSync();
    const second = t.runSync();
    expect(await second).toBe(await first);
    expect([feeds.hits.get('/airbnb.ics'), feeds.hits.get('/booking.ics')]).toEqual([1, 1]);
  });

  it('records a failing feed and keeps its events', async () => {
    feeds.set('/airbnb.ics', feed.serveStatus(404));
    const report = await t.runSync();
    expect(report).toContainEqual({
      sourceId: 'airbnb',
      error: expect.stringMatching(/^The calendar feed was not found/),
    });
    expect(await listImportedEvents(t.db, 'airbnb')).toHaveLength(5);
    expect((await sources())[0].lastError).toMatch(/HTTP 404/);
  });
});

describe('feed health', () => {
  it('marks a feed stale when its last success is older than twice the interval, and tells the owner once', async () => {
    feeds.set('/airbnb.ics', feed.serveStatus(500));
    t.clock.advance(5 * HOUR);
    await t.runSync();
    expect((await sources())[0].stale).toBe(false);
    expect(t.notifications.unhealthy).toEqual([]);

    t.clock.advance(1 * HOUR + MINUTE); // 6 h 1 min since the last success; the interval is 3 h
    await t.runSync();
    const [airbnb, booking] = await sources();
    expect(airbnb).toMatchObject({
      stale: true,
      staleReason:
        'The Airbnb calendar has not synced successfully for 6 hours (last error: 127.0.0.1 answered with HTTP 500 instead of a calendar. Try again later.).',
    });
    expect(booking.stale).toBe(false);
    expect(t.notifications.unhealthy).toEqual([{ sourceId: 'airbnb', reason: airbnb.staleReason }]);

    t.clock.advance(3 * HOUR);
    await t.runSync();
    expect(t.notifications.unhealthy).toHaveLength(1); // once per episode, not every run

    // Recovery ends the episode; a later one is reported again.
    feeds.set('/airbnb.ics', feed.serveCalendar(AIRBNB));
    await t.runSync();
    expect((await sources())[0].stale).toBe(false);
    feeds.set('/airbnb.ics', feed.serveStatus(500));
    t.clock.advance(7 * HOUR);
    await t.runSync();
    expect(t.notifications.unhealthy).toHaveLength(2);
  });

  it('reports a feed that suddenly returns no events where it had many, once', async () => {
    feeds.set('/airbnb.ics', feed.serveCalendar(EMPTY));
    const response = await t.admin('POST', '/api/admin/sync-airbnb', { icalUrl: feeds.url('/airbnb.ics') });
    const reason =
      'The Airbnb feed suddenly returned no events where it had 5. Check the iCal URL on Airbnb.';
    expect(response.json()).toEqual({
      events: 0,
      message: `Synced 0 events from Airbnb. Warning: ${reason}`,
    });
    expect((await sources())[0]).toMatchObject({ stale: true, staleReason: reason, lastEventCount: 0 });
    expect(t.notifications.unhealthy).toEqual([{ sourceId: 'airbnb', reason }]);

    await t.runSync(); // still empty: still unhealthy, not reported again
    expect((await sources())[0].stale).toBe(true);
    expect(t.notifications.unhealthy).toHaveLength(1);

    feeds.set('/airbnb.ics', feed.serveCalendar(AIRBNB));
    await t.runSync();
    expect((await sources())[0]).toMatchObject({ stale: false, staleReason: null, lastEventCount: 5 });
  });

  it('does not alarm for a feed that was nearly empty and becomes empty', async () => {
    feeds.set('/booking.ics', feed.serveCalendar(EMPTY));
    await t.admin('POST', '/api/admin/sync-booking', { icalUrl: feeds.url('/booking.ics') }); // 3 → 0: alarm
    t.notifications.unhealthy.length = 0;
    const two = BOOKING.replace(/BEGIN:VEVENT\nUID:c71e[\s\S]*?END:VEVENT\n/, '');
    feeds.set('/booking.ics', feed.serveCalendar(two));
    await t.admin('POST', '/api/admin/sync-booking', { icalUrl: feeds.url('/booking.ics') });
    feeds.set('/booking.ics', feed.serveCalendar(EMPTY));
    await t.admin('POST', '/api/admin/sync-booking', { icalUrl: feeds.url('/booking.ics') }); // 2 → 0
    expect(t.notifications.unhealthy).toEqual([]);
    expect((await sources())[1].stale).toBe(false);
  });
});

describe('refreshStaleFeeds (fresh before payment)', () => {
  it('leaves feeds synced in the last 15 minutes alone and syncs older ones', async () => {
    feeds.hits.clear();
    t.clock.advance(14 * MINUTE);
    expect(await t.service.refreshStaleFeeds()).toEqual({ refreshed: [], failed: [], pending: [] });
    expect(feeds.hits.size).toBe(0);

    t.clock.advance(2 * MINUTE);
    const report = await t.service.refreshStaleFeeds();
    expect(report.refreshed.sort()).toEqual(['airbnb', 'booking']);
    expect(feeds.hits.get('/airbnb.ics')).toBe(1);
    expect((await sources())[0].lastSuccessAt).toBe('2026-11-23T10:16:00.000Z');
  });

  it('imports a night sold on the channel an hour ago before the guest pays', async () => {
    const sold = AIRBNB.replace('DTSTART;VALUE=DATE:20270212', 'DTSTART;VALUE=DATE:20270210');
    feeds.set('/airbnb.ics', feed.serveCalendar(sold));
    t.clock.advance(HOUR);
    await t.service.refreshStaleFeeds();
    const block = (await listImportedEvents(t.db, 'airbnb')).find((e) => e.checkOut === '2027-02-14');
    expect(block?.checkIn).toBe('2027-02-10');
  });

  it('does not let a slow feed block the guest: it returns within the budget, the sync finishes later', async () => {
    const slow = feed.serveWhenReleased(
      AIRBNB.replace('DTSTART;VALUE=DATE:20270212', 'DTSTART;VALUE=DATE:20270211'),
    );
    feeds.set('/airbnb.ics', slow.handler);
    const hitsBefore = feeds.hits.get('/airbnb.ics') ?? 0;
    t.clock.advance(HOUR);
    const report = await t.service.refreshStaleFeeds(15 * MINUTE, 200);
    expect(report).toEqual({ refreshed: ['booking'], failed: [], pending: ['airbnb'] });
    // The previous Airbnb events still hold while the feed is slow.
    expect((await listImportedEvents(t.db, 'airbnb')).map((e) => e.checkIn)).toContain('2027-02-12');

    // A second guest meanwhile does not start a second download of the same feed.
    await t.service.refreshStaleFeeds(15 * MINUTE, 50);
    expect(feeds.hits.get('/airbnb.ics')).toBe(hitsBefore + 1);

    slow.release();
    await t.runSync(); // shares the download in flight
    expect((await listImportedEvents(t.db, 'airbnb')).map((e) => e.checkIn)).toContain('2027-02-11');
  });

  it('pulls a feed the owner has just saved, though the previous pull found none due a moment before', async () => {
    t.clock.advance(MINUTE);
    expect(await t.service.refreshStaleFeeds()).toEqual({ refreshed: [], failed: [], pending: [] });
    feeds.set('/booking-new.ics', feed.serveCalendar(BOOKING));
    await t.admin('PUT', '/api/admin/calendar-sources/booking', { url: feeds.url('/booking-new.ics') });
    expect(await t.service.refreshStaleFeeds()).toEqual({ refreshed: ['booking'], failed: [], pending: [] });
    expect(feeds.hits.get('/booking-new.ics')).toBe(1);
  });

  it('sees a feed made due by another server process within SOURCES_KEPT_MS, not on every hold', async () => {
    t.clock.advance(MINUTE);
    expect(await t.service.refreshStaleFeeds()).toEqual({ refreshed: [], failed: [], pending: [] });
    // Another process on the same database records an older success (written around this process's service).
    await t.db
      .update(calendarSources)
      .set({ lastSuccessAt: new Date(t.clock.now().getTime() - HOUR) })
      .where(eq(calendarSources.id, 'airbnb'));
    t.clock.advance(SOURCES_KEPT_MS - 1);
    expect(await t.service.refreshStaleFeeds()).toEqual({ refreshed: [], failed: [], pending: [] });
    t.clock.advance(1);
    expect(await t.service.refreshStaleFeeds()).toEqual({ refreshed: ['airbnb'], failed: [], pending: [] });
  });

  it('reports a feed that fails, keeping its events', async () => {
    feeds.set('/booking.ics', feed.serveStatus(404));
    t.clock.advance(HOUR);
    const report = await t.service.refreshStaleFeeds();
    expect(report).toEqual({ refreshed: ['airbnb'], failed: ['booking'], pending: [] });
    expect(await listImportedEvents(t.db, 'booking')).toHaveLength(3);
  });
});
