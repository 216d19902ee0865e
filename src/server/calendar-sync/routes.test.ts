import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { nightsOf } from '../../domain/dates.ts';
import { importedEvents, stays } from '../db/schema.ts';
import { expectOwnerOnly, expectRefusal } from '../test/refusal.ts';
import type { Resolver } from './fetch-feed.ts';
import { listImportedEvents } from './repository.ts';
import { createSyncTestApp, type SyncTestApp } from './sync-test-app.ts';
import * as feed from './test-feed-server.ts';

const AIRBNB = feed.readFixture('airbnb');
const BOOKING = feed.readFixture('booking');
const AIRBNB_RANGES = [
  ['2026-11-20', '2026-11-25', 'Reserved'],
  ['2026-12-04', '2026-12-07', 'Reserved'],
  ['2026-12-24', '2026-12-27', 'Airbnb (Not available)'],
  ['2027-01-15', '2027-01-18', 'Reserved'],
  ['2027-02-12', '2027-02-14', 'Airbnb (Not available)'],
];
const BOOKING_RANGES = [
  ['2026-12-10', '2026-12-13', 'CLOSED - Not available'],
  ['2026-12-31', '2027-01-02', 'CLOSED - Not available'],
  ['2027-03-05', '2027-03-08', 'CLOSED - Not available'],
];

let feeds: feed.FeedServer;
let t: SyncTestApp;
const slow = feed.serveWhenReleased(AIRBNB);

beforeAll(async () => {
  feeds = await feed.startFeedServer();
  t = await createSyncTestApp();
});
afterAll(async () => {
  slow.release();
  await t.close();
  await feeds.close();
});
beforeEach(() => {
  feeds.set('/airbnb.ics', feed.serveCalendar(AIRBNB));
  feeds.set('/booking.ics', feed.serveCalendar(BOOKING));
  feeds.set('/slow.ics', slow.handler);
  feeds.set('/gone.ics', feed.serveStatus(404, 'Not Found'));
  feeds.set(
    '/login',
    feed.serveStatus(200, '<!DOCTYPE html><html><title>Log in</title></html>', 'text/html'),
  );
  feeds.set('/endless.ics', feed.serveEndless());
  feeds.set('/garbage.ics', feed.serveStatus(200, 'this is not a calendar at all', 'text/plain'));
  feeds.set('/to-file', feed.redirectTo('file:///etc/passwd'));
});
afterEach(async () => {
  // Each test starts from no imported events and no saved feeds.
  await t.reset();
});

async function ranges(sourceId: 'airbnb' | 'booking') {
  return (await listImportedEvents(t.db, sourceId)).map((e) => [e.checkIn, e.checkOut, e.summary]);
}

describe('POST /api/admin/sync-airbnb', () => {
  it('answers 401 without an admin token', async () => {
    await expectOwnerOnly(t.app, {
      method: 'POST',
      url: '/api/admin/sync-airbnb',
      payload: { icalUrl: feeds.url('/airbnb.ics') },
    });
  });

  it('imports an Airbnb feed: the exact blocked nights, the count and the spec message', async () => {
    const response = await t.admin('POST', '/api/admin/sync-airbnb', { icalUrl: feeds.url('/airbnb.ics') });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ events: 5, message: 'Synced 5 events from Airbnb.' });
    expect(await ranges('airbnb')).toEqual(AIRBNB_RANGES);
  });

  it('saves the URL of a successful sync and shows it with the last success', async () => {
    await t.admin('POST', '/api/admin/sync-airbnb', { icalUrl: feeds.url('/airbnb.ics') });
    const status = (await t.admin('GET', '/api/admin/calendar-sources')).json();
    expect(status.sources[0]).toEqual({
      id: 'airbnb',
      label: 'Airbnb',
      url: feeds.url('/airbnb.ics'),
      lastAttemptAt: '2026-11-23T10:00:00.000Z',
      lastSuccessAt: '2026-11-23T10:00:00.000Z',
      lastError: null,
      lastEventCount: 5,
      stale: false,
      staleReason: null,
      conflictCount: 0,
    });
    expect(status.sources[1]).toMatchObject({ id: 'booking', label: 'Booking.com', url: null });
    expect(status.intervalMinutes).toBe(180);
  });

  it('frees the nights of an event removed from the feed at the next sync', async () => {
    await t.admin('POST', '/api/admin/sync-airbnb', { icalUrl: feeds.url('/airbnb.ics') });
    const withoutDecember = AIRBNB.replace(
      /BEGIN:VEVENT\r\nDTEND;VALUE=DATE:20261207[\s\S]*?END:VEVENT\r\n/,
      '',
    );
    expect(withoutDecember).not.toBe(AIRBNB);
    feeds.set('/airbnb.ics', feed.serveCalendar(withoutDecember));
    const response = await t.admin('POST', '/api/admin/sync-airbnb', { icalUrl: feeds.url('/airbnb.ics') });
    expect(response.json()).toEqual({ events: 4, message: 'Synced 4 events from Airbnb.' });
    expect(await ranges('airbnb')).toEqual(AIRBNB_RANGES.filter(([checkIn]) => checkIn !== '2026-12-04'));
  });

  it.each([
    // The owner reads the sentence on the screen: no field of the request in it.
    ['an empty URL', '   ', 'Please enter an iCal URL'],
    [
      'a URL that is not http(s)',
      'ftp://example.com/a.ics',
      'The iCal URL must be a web address starting with https://',
    ],
    [
      'text that is not a URL',
      'my airbnb calendar',
      'The iCal URL must be a web address starting with https://',
    ],
  ])('answers 400 for %s', async (_name, icalUrl, message) => {
    const response = await t.admin('POST', '/api/admin/sync-airbnb', { icalUrl });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'invalid_input', message });
  });

  describe('keeps the previous events and gives a clear 502 when the feed', () => {
    beforeEach(async () => {
      await t.admin('POST', '/api/admin/sync-airbnb', { icalUrl: feeds.url('/airbnb.ics') });
    });

    it.each([
      ['is not found (404)', '/gone.ics', /^The calendar feed was not found at 127\.0\.0\.1 \(HTTP 404\)\./],
      ['is an HTML page', '/login', /^The iCal URL returned a web page, not a calendar\./],
      ['never ends', '/endless.ics', /^The calendar feed is larger than 5 MB, so it was not imported\./],
      ['is not a calendar', '/garbage.ics', /^The feed is not a valid iCalendar \(\.ics\) file\.$/],
      [
        'redirects to an address that is not http (the channel side, not the owner input)',
        '/to-file',
        /^The calendar server redirected to an address that is not http or https \(file:\)\.$/,
      ],
    ])('%s', async (_name, path, message) => {
      const response = await t.admin('POST', '/api/admin/sync-airbnb', { icalUrl: feeds.url(path) });
      expect(response.statusCode).toBe(502);
      expect(response.json()).toMatchObject({
        error: 'feed_unavailable',
        message: expect.stringMatching(message),
      });
      expect(await ranges('airbnb')).toEqual(AIRBNB_RANGES);
      // A different URL that failed is not saved and leaves the saved feed's status alone.
      const [airbnb] = (await t.admin('GET', '/api/admin/calendar-sources')).json().sources;
      expect(airbnb).toMatchObject({ url: feeds.url('/airbnb.ics'), lastError: null });
    });

    it('records the error on the saved feed when it is the saved feed that fails', async () => {
      feeds.set('/airbnb.ics', feed.serveStatus(404, 'Not Found'));
      t.clock.advance(60_000);
      const response = await t.admin('POST', '/api/admin/sync-airbnb', { icalUrl: feeds.url('/airbnb.ics') });
      expect(response.statusCode).toBe(502);
      const [airbnb] = (await t.admin('GET', '/api/admin/calendar-sources')).json().sources;
      expect(airbnb).toMatchObject({
        lastAttemptAt: '2026-11-23T10:01:00.000Z',
        lastSuccessAt: '2026-11-23T10:00:00.000Z',
        lastError: expect.stringMatching(/HTTP 404/),
        lastEventCount: 5,
      });
      expect(await ranges('airbnb')).toEqual(AIRBNB_RANGES);
    });
  });
});

describe('PUT /api/admin/calendar-sources/:id (the owner’s Save)', () => {
  const save = (id: string, url: unknown) => t.admin('PUT', `/api/admin/calendar-sources/${id}`, { url });
  const sources = async () => (await t.admin('GET', '/api/admin/calendar-sources')).json().sources;

  it('keeps the address without syncing it; the next sync of the saved feeds uses it', async () => {
    feeds.set('/saved.ics', feed.serveCalendar(AIRBNB));
    const response = await save('airbnb', feeds.url('/saved.ics'));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ url: feeds.url('/saved.ics') });
    expect(feeds.hits.get('/saved.ics')).toBeUndefined();
    expect((await sources())[0]).toMatchObject({
      id: 'airbnb',
      url: feeds.url('/saved.ics'),
      lastSuccessAt: null,
      lastError: null,
    });
    await t.service.syncSavedFeeds();
    expect(await ranges('airbnb')).toEqual(AIRBNB_RANGES);
  });

  it('starts a new address without the old one’s sync history, and keeps an address that fails', async () => {
    await t.admin('POST', '/api/admin/sync-airbnb', { icalUrl: feeds.url('/airbnb.ics') });
    expect((await save('airbnb', feeds.url('/gone.ics'))).statusCode).toBe(200);
    expect((await sources())[0]).toMatchObject({
      url: feeds.url('/gone.ics'),
      lastSuccessAt: null,
      lastEventCount: null,
    });
    // Saved, it is the saved feed: its failed sync is recorded on it and it stays.
    const failed = await t.admin('POST', '/api/admin/sync-airbnb', { icalUrl: feeds.url('/gone.ics') });
    expect(failed.statusCode).toBe(502);
    expect((await sources())[0]).toMatchObject({
      url: feeds.url('/gone.ics'),
      lastError: expect.stringMatching(/^The calendar feed was not found/),
    });
  });

  it.each([
    [
      'text that is not a URL',
      'my airbnb calendar',
      'The iCal URL must be a web address starting with https://',
    ],
    ['an empty URL', '  ', 'Please enter an iCal URL'],
  ])('refuses %s with a sentence and keeps what was saved', async (_name, url, message) => {
    await save('booking', feeds.url('/booking.ics'));
    const response = await save('booking', url);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'invalid_input', message });
    expect((await sources())[1]).toMatchObject({ url: feeds.url('/booking.ics') });
  });

  it('refuses an unknown channel', async () => {
    const response = await save('vrbo', feeds.url('/airbnb.ics'));
    expectRefusal(response, 400, {
      error: 'invalid_input',
      message: 'There is no such channel: airbnb or booking.',
    });
  });
});

describe('POST /api/admin/sync-booking', () => {
  it('imports the Booking.com closures with the spec message', async () => {
    const response = await t.admin('POST', '/api/admin/sync-booking', { icalUrl: feeds.url('/booking.ics') });
    expect(response.json()).toEqual({ events: 3, message: 'Synced 3 events from Booking.com.' });
    expect(await ranges('booking')).toEqual(BOOKING_RANGES);
    expect(await ranges('airbnb')).toEqual([]);
  });
});

describe('POST /api/admin/sync-all', () => {
  it('syncs both feeds and answers the total and each count', async () => {
    const response = await t.admin('POST', '/api/admin/sync-all', {
      airbnbUrl: feeds.url('/airbnb.ics'),
      bookingUrl: feeds.url('/booking.ics'),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      total: 8,
      airbnb: 5,
      booking: 3,
      message: 'Synced 5 events from Airbnb. Synced 3 events from Booking.com.',
    });
    const sources = (await t.admin('GET', '/api/admin/calendar-sources')).json().sources;
    expect(sources.map((s: { url: string }) => s.url)).toEqual([
      feeds.url('/airbnb.ics'),
      feeds.url('/booking.ics'),
    ]);
  });

  it('skips an absent or empty URL', async () => {
    const response = await t.admin('POST', '/api/admin/sync-all', {
      bookingUrl: feeds.url('/booking.ics'),
      airbnbUrl: '',
    });
    expect(response.json()).toEqual({
      total: 3,
      airbnb: 0,
      booking: 3,
      message: 'Synced 3 events from Booking.com.',
    });
  });

  it('answers 400 without any URL', async () => {
    const response = await t.admin('POST', '/api/admin/sync-all', {});
    expectRefusal(response, 400, { error: 'invalid_input', message: 'Please enter at least one iCal URL' });
  });

  it('answers 502 naming the feed that failed, and still saves the one that worked', async () => {
    const response = await t.admin('POST', '/api/admin/sync-all', {
      airbnbUrl: feeds.url('/airbnb.ics'),
      bookingUrl: feeds.url('/gone.ics'),
    });
    expect(response.statusCode).toBe(502);
    expect(response.json().message).toMatch(
      /^Booking\.com: The calendar feed was not found .* Synced 5 events from Airbnb\.$/,
    );
    expect(await ranges('airbnb')).toEqual(AIRBNB_RANGES);
  });
});

/** An event an earlier sync imported, which a failed sync must keep. */
const importEarlierEvent = (app: SyncTestApp) =>
  app.db.insert(importedEvents).values({
    sourceId: 'airbnb',
    propertyId: 1,
    uid: 'kept@airbnb.com',
    checkIn: '2026-12-01',
    checkOut: '2026-12-03',
  });

describe('a feed that does not answer in time', () => {
  let quick: SyncTestApp;
  beforeAll(async () => {
    quick = await createSyncTestApp({ timeoutMs: 300 });
  });
  afterAll(() => quick.close());

  it('gives a clear 502 and keeps the previous events', async () => {
    await importEarlierEvent(quick);
    const response = await quick.admin('POST', '/api/admin/sync-airbnb', { icalUrl: feeds.url('/slow.ics') });
    expectRefusal(response, 502, {
      error: 'feed_unavailable',
      message: 'The calendar feed did not answer within 300 ms. Check the iCal URL, or try again later.',
    });
    expect((await listImportedEvents(quick.db)).map((e) => e.uid)).toEqual(['kept@airbnb.com']);
  });
});

describe('refusing private addresses', () => {
  let strict: SyncTestApp;
  const resolve: Resolver = async (hostname) =>
    hostname === 'calendar.internal.example' ? [{ address: '192.168.1.20', family: 4 }] : [];
  beforeAll(async () => {
    strict = await createSyncTestApp({ env: { ICAL_ALLOW_PRIVATE_HOSTS: 'false' }, resolve });
  });
  afterAll(() => strict.close());

  it('answers 400 for a host that resolves to a private address, and keeps the previous events', async () => {
    await importEarlierEvent(strict);
    const response = await strict.admin('POST', '/api/admin/sync-airbnb', {
      icalUrl: 'https://calendar.internal.example/airbnb.ics',
    });
    expectRefusal(response, 400, {
      error: 'invalid_input',
      message:
        'The iCal URL points to a private or local network address. Only calendars on the public internet can be synced.',
    });
    expect((await listImportedEvents(strict.db)).map((e) => e.uid)).toEqual(['kept@airbnb.com']);
  });

  it('refuses the loopback address of our own local feed server without connecting to it', async () => {
    feeds.set('/never.ics', feed.serveCalendar(AIRBNB));
    const response = await strict.admin('POST', '/api/admin/sync-airbnb', {
      icalUrl: feeds.url('/never.ics'),
    });
    expect(response.statusCode).toBe(400);
    expect(feeds.hits.get('/never.ics')).toBeUndefined();
    expect(response.json().message).toBe(
      'The iCal URL points to a private or local network address. Only calendars on the public internet can be synced.',
    );
  });

  it('answers 400 on sync-all when one address is refused, naming each failure', async () => {
    const response = await strict.admin('POST', '/api/admin/sync-all', {
      airbnbUrl: 'https://calendar.internal.example/airbnb.ics',
      bookingUrl: 'https://unknown-host.example/booking.ics',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('invalid_input');
    expect(response.json().message).toMatch(
      /^Airbnb: The iCal URL points to a private or local network address\. Only calendars on the public internet can be synced\. Booking\.com: The calendar's server \(unknown-host\.example\) could not be found\./,
    );
  });

  it('still answers 502 when only the channel side failed', async () => {
    const response = await strict.admin('POST', '/api/admin/sync-all', {
      bookingUrl: 'https://unknown-host.example/booking.ics',
    });
    expect(response.statusCode).toBe(502);
    expect(response.json().error).toBe('feed_unavailable');
  });
});

describe('conflicts and echoes', () => {
  it('does not alarm for an echo: Booking.com closing exactly our own booking and block', async () => {
    await t.addStay({ checkIn: '2026-12-10', checkOut: '2026-12-12' });
    await t.addStay({ checkIn: '2026-12-12', checkOut: '2026-12-13', kind: 'block' });
    const response = await t.admin('POST', '/api/admin/sync-booking', { icalUrl: feeds.url('/booking.ics') });
    expect(response.json()).toEqual({ events: 3, message: 'Synced 3 events from Booking.com.' });
    expect((await listImportedEvents(t.db)).some((e) => e.conflict)).toBe(false);
    expect(t.notifications.conflicts).toEqual([]);
  });

  it('flags an Airbnb reservation over a confirmed direct booking, names it, and tells the owner once', async () => {
    const stayId = await t.addStay({
      checkIn: '2026-12-05',
      checkOut: '2026-12-08',
      contactName: 'Isla Guest',
    });
    await t.addStay({ checkIn: '2027-01-15', checkOut: '2027-01-18', status: 'canceled' });
    const response = await t.admin('POST', '/api/admin/sync-airbnb', { icalUrl: feeds.url('/airbnb.ics') });
    expect(response.json()).toEqual({
      events: 5,
      message:
        "Synced 5 events from Airbnb. Conflict: the Airbnb event 'Reserved' from 2026-12-04 to 2026-12-07 overlaps the confirmed direct booking of Isla Guest (2026-12-05 to 2026-12-08).",
    });
    const flagged = (await listImportedEvents(t.db)).filter((e) => e.conflict);
    expect(flagged.map((e) => [e.uid, e.checkIn])).toEqual([
      ['1418fb94e984-5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b@airbnb.com', '2026-12-04'],
    ]);
    expect(t.notifications.conflicts).toEqual([
      {
        sourceId: 'airbnb',
        uid: '1418fb94e984-5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b@airbnb.com',
        checkIn: '2026-12-04',
        checkOut: '2026-12-07',
        stayId,
      },
    ]);
    const [stay] = await t.db.select({ attention: stays.attention }).from(stays).where(eq(stays.id, stayId));
    expect(stay?.attention).toBe('calendar_conflict');
    const status = (await t.admin('GET', '/api/admin/calendar-sources')).json();
    expect(status.sources[0].conflictCount).toBe(1);
    expect(status.conflicts).toEqual([
      {
        sourceId: 'airbnb',
        uid: '1418fb94e984-5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b@airbnb.com',
        checkIn: '2026-12-04',
        checkOut: '2026-12-07',
        summary: 'Reserved',
      },
    ]);

    // The next sync still names the conflict but does not e-mail the owner again.
    await t.admin('POST', '/api/admin/sync-airbnb', { icalUrl: feeds.url('/airbnb.ics') });
    expect(t.notifications.conflicts).toHaveLength(1);

    // Once the channel's event is gone, the booking's flag is cleared.
    feeds.set(
      '/airbnb.ics',
      feed.serveCalendar(
        AIRBNB.replace('DTSTART;VALUE=DATE:20261204', 'DTSTART;VALUE=DATE:20261201').replace(
          'DTEND;VALUE=DATE:20261207',
          'DTEND;VALUE=DATE:20261203',
        ),
      ),
    );
    const after = await t.admin('POST', '/api/admin/sync-airbnb', { icalUrl: feeds.url('/airbnb.ics') });
    expect(after.json().message).toBe('Synced 5 events from Airbnb.');
    const [cleared] = await t.db
      .select({ attention: stays.attention })
      .from(stays)
      .where(eq(stays.id, stayId));
    expect(cleared?.attention).toBeNull();
  });

  it('does not call an overlap with an owner block a conflict', async () => {
    await t.addStay({ checkIn: '2026-12-05', checkOut: '2026-12-09', kind: 'block' });
    const response = await t.admin('POST', '/api/admin/sync-airbnb', { icalUrl: feeds.url('/airbnb.ics') });
    expect(response.json().message).toBe('Synced 5 events from Airbnb.');
    expect(t.notifications.conflicts).toEqual([]);
  });
});

describe('GET /api/ical/:propertyId.ics', () => {
  async function exportUrl(): Promise<string> {
    const response = await t.admin('GET', '/api/admin/ical-export');
    expect(response.statusCode).toBe(200);
    return response.json().url;
  }
  const path = (url: string) => url.replace('http://localhost:3000', '');

  it('gives the owner a stable export URL on the site', async () => {
    const url = await exportUrl();
    expect(url).toMatch(/^http:\/\/localhost:3000\/api\/ical\/1\.ics\?key=[\w-]{32}$/);
    expect(await exportUrl()).toBe(url);
  });

  it('answers 404 for a wrong or missing key, or another property', async () => {
    const url = await exportUrl();
    // The right key with its last character changed (to one it is not).
    const lastChanged = `${path(url).slice(0, -1)}${path(url).endsWith('x') ? 'y' : 'x'}`;
    for (const wrong of [
      '/api/ical/1.ics',
      '/api/ical/1.ics?key=guess',
      lastChanged,
      path(url).replace('/1.ics', '/2.ics'),
    ]) {
      const response = await t.app.inject({ method: 'GET', url: wrong });
      expect(response.statusCode, wrong).toBe(404);
      expect(response.json().error).toBe('not_found');
    }
  });

  it('answers 404 before the owner has an export key', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/ical/1.ics?key=anything' });
    expect(response.statusCode).toBe(404);
  });

  it('exports confirmed bookings and blocks, without personal data, and round-trips through our importer', async () => {
    const guest = await t.addStay({
      checkIn: '2026-12-05',
      checkOut: '2026-12-08',
      contactName: 'Isla Guest',
    });
    const block = await t.addStay({ checkIn: '2027-01-02', checkOut: '2027-01-04', kind: 'block' });
    await t.addStay({ checkIn: '2026-12-20', checkOut: '2026-12-22', status: 'pending' });
    await t.addStay({ checkIn: '2027-02-01', checkOut: '2027-02-03', status: 'canceled' });
    await t.addStay({ checkIn: '2026-11-01', checkOut: '2026-11-05' }); // over already
    const response = await t.app.inject({ method: 'GET', url: path(await exportUrl()) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.body).not.toMatch(/Isla|example\.test|Owner Block/);

    // Our feed, served as a channel would fetch it, imported by our own sync.
    feeds.set('/ours.ics', feed.serveCalendar(response.body));
    await t.admin('POST', '/api/admin/sync-booking', { icalUrl: feeds.url('/ours.ics') });
    const imported = await listImportedEvents(t.db, 'booking');
    expect(imported.map((e) => [e.uid, e.checkIn, e.checkOut])).toEqual([
      [`${guest}@localhost`, '2026-12-05', '2026-12-08'],
      [`${block}@localhost`, '2027-01-02', '2027-01-04'],
    ]);
    const nights = imported.flatMap((e) => nightsOf(e.checkIn, e.checkOut));
    expect(nights).toEqual([
      ...nightsOf('2026-12-05', '2026-12-08'),
      ...nightsOf('2027-01-02', '2027-01-04'),
    ]);
    // Importing our own feed back is the echo case: no conflict.
    expect(imported.some((e) => e.conflict)).toBe(false);
  });

  it('rotates the key: the old URL stops working, the new one works', async () => {
    const old = await exportUrl();
    const rotated = await t.admin('POST', '/api/admin/ical-export/rotate');
    expect(rotated.statusCode).toBe(200);
    const { url } = rotated.json();
    expect(url).not.toBe(old);
    expect((await t.app.inject({ method: 'GET', url: path(old) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: path(url) })).statusCode).toBe(200);
    expect(await exportUrl()).toBe(url);
  });

  it('keeps the rotation behind the admin login', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/admin/ical-export/rotate' });
    expect(response.statusCode).toBe(401);
  });
});
