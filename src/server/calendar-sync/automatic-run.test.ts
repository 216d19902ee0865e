import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, openSecondConnection, TEST_NOW, type TestApp } from '../test/test-app.ts';
import { type FeedServer, saveChannelFeeds, startChannelFeeds } from './test-feed-server.ts';

const HOUR = 3_600_000;
const ENV = { ICAL_ALLOW_PRIVATE_HOSTS: 'true', SYNC_INTERVAL_MINUTES: '180' };

/**
 * Two server processes on one database: two apps (the production wiring), each with its own connection pool on
 * PostgreSQL; on PGlite, which one process owns, both on the same instance. Their clocks move together.
 */
let feeds: FeedServer;
let one: TestApp;
let two: TestApp;
beforeAll(async () => {
  feeds = await startChannelFeeds();
  one = await createTestApp({ env: ENV });
  two = await createTestApp({ env: ENV, database: await openSecondConnection(one.database) });
  await saveChannelFeeds(one.app, feeds);
});
afterAll(async () => {
  await two.close();
  await one.close();
  await feeds.close();
});

function moveClocks(ms: number): void {
  one.clock.advance(ms);
  two.clock.advance(ms);
}

const fetchesOf = (path: string) => feeds.hits.get(path) ?? 0;

describe('the automatic calendar sync with two server processes', () => {
  it('fetches each feed once per interval in all, and a process skips a run the other made in the interval', async () => {
    expect(one.clock.now().toISOString()).toBe(new Date(TEST_NOW).toISOString());
    feeds.hits.clear();

    // Both timers fire in the same interval: one process runs, the other skips.
    const first = await Promise.all([
      one.app.jobs.runIfDue('calendar-sync'),
      two.app.jobs.runIfDue('calendar-sync'),
    ]);
    expect(first.filter((run) => run.ran)).toHaveLength(1);
    expect([fetchesOf('/airbnb.ics'), fetchesOf('/booking.ics')]).toEqual([1, 1]);

    // Later in the same interval, neither runs again.
    moveClocks(2 * HOUR);
    expect(await two.app.jobs.runIfDue('calendar-sync')).toEqual({ ran: false });
    expect(await one.app.jobs.runIfDue('calendar-sync')).toEqual({ ran: false });
    expect([fetchesOf('/airbnb.ics'), fetchesOf('/booking.ics')]).toEqual([1, 1]);

    // The next interval: one run again, whichever process asks first; the other skips.
    moveClocks(1 * HOUR);
    expect(await two.app.jobs.runIfDue('calendar-sync')).toMatchObject({ ran: true });
    expect(await one.app.jobs.runIfDue('calendar-sync')).toEqual({ ran: false });
    expect([fetchesOf('/airbnb.ics'), fetchesOf('/booking.ics')]).toEqual([2, 2]);
  });
});
