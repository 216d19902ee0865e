import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import packageJson from '../../../package.json' with { type: 'json' };
import type { SystemJob, SystemResponse } from '../../domain/api/system.ts';
import * as feed from '../calendar-sync/test-feed-server.ts';
import { expectOwnerOnly } from '../test/refusal.ts';
import { createTestApp, openSecondConnection, TEST_NOW, type TestApp } from '../test/test-app.ts';
import { isDiskLow } from './disks.ts';
import { readSystem } from './test-support.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const ENV = { ICAL_ALLOW_PRIVATE_HOSTS: 'true', SYNC_INTERVAL_MINUTES: '180' };

let feeds: feed.FeedServer;
let t: TestApp;
beforeAll(async () => {
  feeds = await feed.startChannelFeeds();
  t = await createTestApp({ env: ENV });
  // The photo queue looks for uploads left by a restart as the server starts: let that run end.
  await t.app.jobs.settled('photo-processing');
});
afterAll(async () => {
  await t.close();
  await feeds.close();
});

const at = (ms: number) => new Date(new Date(TEST_NOW).getTime() + ms).toISOString();

const system = (app = t.app): Promise<SystemResponse> => readSystem(app);

async function job(name: string, app = t.app): Promise<SystemJob> {
  const found = (await system(app)).jobs.find((entry) => entry.name === name);
  if (!found) throw new Error(`the System view does not list ${name}`);
  return found;
}

describe('GET /api/admin/system', () => {
  it('answers 401 without an admin token', async () => {
    await expectOwnerOnly(t.app, { method: 'GET', url: '/api/admin/system' });
  });

  it('lists the running version and every job of the registry, each due at once before its first run', async () => {
    const answer = await system();
    expect(answer.version).toBe(packageJson.version);
    expect(answer.jobs.map((entry) => [entry.name, entry.interval])).toEqual([
      ['hold-sweep', 'Every minute'],
      ['quote-expiry', 'Every minute'],
      ['balance-charges', 'Every 15 minutes'],
      ['damage-holds', 'Every 15 minutes'],
      ['calendar-sync', 'Every 3 hours'],
      ['guest-messages', 'Every 5 minutes'],
      ['guest-data-retention', 'Every 24 hours'],
      ['backup', 'Daily at 03:00 (Aberdeen time)'],
      ['alerts', 'Every 5 minutes'],
      ['review-publication', 'Every 5 minutes'],
      ['levy-return-reminder', 'Daily at 09:00 (Aberdeen time)'],
      ['checkout-follow-ups', 'Every 5 minutes'],
      ['email-outbox', 'Every 15 seconds'],
      ['photo-processing', 'At each upload, and every 30 seconds'],
    ]);
    for (const entry of answer.jobs) {
      expect(entry.title, entry.name).not.toBe('');
      expect(entry.description, entry.name).toMatch(/^[A-Z].+\.$/);
      if (entry.name === 'photo-processing') continue; // it ran as the server started
      if (entry.name === 'backup') continue; // its first run waits for its hour
      expect(entry).toMatchObject({ lastRun: null, nextRunAt: at(0), consecutiveFailures: 0 });
    }
    expect(answer.jobs.find((entry) => entry.name === 'backup')).toMatchObject({
      lastRun: null,
      nextRunAt: '2026-11-24T03:00:00.000Z',
      consecutiveFailures: 0,
    });
    expect(answer.jobs.find((entry) => entry.name === 'photo-processing')).toMatchObject({
      lastRun: { startedAt: at(0), finishedAt: at(0), outcome: 'ok', message: 'No upload was waiting.' },
      nextRunAt: at(30_000),
    });
  });

  it("shows the database's kind and size, the free space of DATA_DIR's and BACKUP_DIR's disks, and no alert", async () => {
    const answer = await system();
    expect(answer.database.kind).toBe(process.env.TEST_DATABASE_URL ? 'postgresql' : 'embedded');
    expect(answer.database.sizeBytes).toBeGreaterThan(1024 * 1024);
    expect(answer.disks.map((disk) => [disk.role, disk.label, disk.path])).toEqual([
      ['data', 'Data (DATA_DIR)', './data'],
      ['backups', 'Backups (BACKUP_DIR)', './backups'],
    ]);
    for (const disk of answer.disks) {
      expect(disk.totalBytes, disk.role).toBeGreaterThan(0);
      expect(disk.freeBytes, disk.role).toBeLessThanOrEqual(disk.totalBytes);
      expect(disk.low, disk.role).toBe(isDiskLow(disk));
    }
    expect(answer.alerts).toEqual([]);
  });

  it('shows a job that ran: ok, what it did in a sentence, when it started and ended, and its next run', async () => {
    expect(await t.app.jobs.runIfDue('balance-charges')).toMatchObject({ ran: true });
    expect(await job('balance-charges')).toMatchObject({
      lastRun: { startedAt: at(0), finishedAt: at(0), outcome: 'ok', message: 'No balance was due.' },
      nextRunAt: at(15 * MINUTE),
      consecutiveFailures: 0,
    });

    // The owner saves the channels' feeds (a sync of its own, not the job); the job syncs them on its schedule.
    await feed.saveChannelFeeds(t.app, feeds);
    expect(await t.app.jobs.runIfDue('calendar-sync')).toMatchObject({ ran: true });
    expect(await job('calendar-sync')).toMatchObject({
      lastRun: {
        startedAt: at(0),
        outcome: 'ok',
        message: 'Synced Airbnb (5 events) and Booking.com (3 events).',
      },
      nextRunAt: at(3 * HOUR),
    });
  });

  it('shows a failing job: failed, why in a sentence, and how many runs failed in a row', async () => {
    feeds.set('/airbnb.ics', feed.serveStatus(404));
    for (let run = 1; run <= 3; run++) {
      t.clock.advance(3 * HOUR);
      expect(await t.app.jobs.runIfDue('calendar-sync')).toMatchObject({ ran: true });
      expect(await job('calendar-sync')).toMatchObject({
        lastRun: {
          outcome: 'failed',
          message: expect.stringMatching(
            /^Synced Booking\.com \(3 events\)\. The calendar feed was not found at 127\.0\.0\.1 \(HTTP 404\)\./,
          ),
        },
        consecutiveFailures: run,
      });
    }

    feeds.set('/airbnb.ics', feed.serveCalendar(feed.readFixture('airbnb')));
    t.clock.advance(3 * HOUR);
    await t.app.jobs.runIfDue('calendar-sync');
    expect(await job('calendar-sync')).toMatchObject({
      lastRun: { outcome: 'ok', message: 'Synced Airbnb (5 events) and Booking.com (3 events).' },
      consecutiveFailures: 0,
    });
  });

  it('shows what a queue did: the e-mail outbox keeps its messages while e-mail is not set up', async () => {
    await t.app.jobs.run('email-outbox');
    expect((await job('email-outbox')).lastRun).toMatchObject({
      outcome: 'ok',
      message: 'E-mail is not set up yet: messages wait in the outbox.',
    });
  });

  it('shows every process the same runs, and a job its configuration turns off as off', async () => {
    const other = await createTestApp({
      env: { ...ENV, SYNC_INTERVAL_MINUTES: '0' },
      database: await openSecondConnection(t.database),
      now: t.clock.now().toISOString(),
    });
    try {
      await t.app.jobs.run('hold-sweep');
      const seen = await job('hold-sweep', other.app);
      expect(seen).toMatchObject({
        lastRun: { startedAt: t.clock.now().toISOString(), outcome: 'ok', message: 'No hold had lapsed.' },
        nextRunAt: new Date(t.clock.now().getTime() + MINUTE).toISOString(),
      });
      expect(await job('calendar-sync', other.app)).toMatchObject({
        interval: 'Off (SYNC_INTERVAL_MINUTES is 0)',
        nextRunAt: null,
      });
      expect(await other.app.jobs.runIfDue('calendar-sync')).toEqual({ ran: false });
    } finally {
      await other.close();
    }
  });
});
