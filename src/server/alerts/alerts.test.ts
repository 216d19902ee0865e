import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SystemResponse } from '../../domain/api/system.ts';
import type { OpenAlert } from '../../domain/api/system-health.ts';
import * as feed from '../calendar-sync/test-feed-server.ts';
import { createEmailNotifications } from '../email/notifications.ts';
import { insertConfirmedStay } from '../email/stay-fixture.ts';
import { claimRun, failed, ok, recordFinish } from '../jobs/job-runs.ts';
import type { DiskReading } from '../system/disks.ts';
import { createSmtpTestApp, saveSmtpPassword } from '../test/smtp-test-app.ts';
import type { SmtpTestServer } from '../test/smtp-test-server.ts';
import { adminToken, createTestApp, openSecondConnection, type TestApp } from '../test/test-app.ts';

/**
 * The owner's alerts, end to end under the test clock: the registry's `alerts` job finds a condition, the owner
 * gets exactly one e-mail (through the outbox, to a real SMTP server on loopback), none while it holds, and one
 * "resolved" e-mail when it clears; the System view lists it meanwhile.
 */

const OWNER = 'owner@example.test';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const GB = 1024 ** 3;

let smtp: SmtpTestServer;
let t: TestApp;
let close: () => Promise<void>;
let feeds: feed.FeedServer;
/** What the fake disk reads, per directory: one disk for both unless a test splits them. */
let disks: Record<'data' | 'backups', DiskReading | Error>;
const roomy: DiskReading = { device: 'disk-1', freeBytes: 120 * GB, totalBytes: 250 * GB };

beforeAll(async () => {
  feeds = await feed.startChannelFeeds();
  ({ smtp, t, close } = await createSmtpTestApp(
    { OWNER_EMAIL: OWNER, ICAL_ALLOW_PRIVATE_HOSTS: 'true', SYNC_INTERVAL_MINUTES: '180' },
    {
      readDisk: async (directory: string) => {
        const reading =
          directory === './backups' ? disks.backups : directory === './data' ? disks.data : roomy;
        if (reading instanceof Error) throw reading;
        return reading;
      },
    },
  ));
  disks = { data: roomy, backups: roomy };
  await saveSmtpPassword({ smtp, t });
});

afterAll(async () => {
  await close?.();
  await feeds?.close();
});

/** How many alert e-mails the owner had received when the running test began. */
let mailsBefore = 0;

beforeEach(() => {
  disks = { data: roomy, backups: roomy };
  mailsBefore = alertMails().length;
});

/** The alert e-mails the owner received so far (the other owner notices are not alerts). */
const alertMails = () =>
  smtp.received
    .filter((m) => m.envelopeTo.includes(OWNER))
    .map((m) => m.email.subject ?? '')
    .filter(
      (subject) => subject.startsWith('The Tower website needs a look: ') || subject.startsWith('Resolved: '),
    );

/** The alert e-mails the owner received since the running test began. */
const alertMailsOfThisTest = () => alertMails().slice(mailsBefore);

/** Five minutes on, the alerts job as its timer runs it, then the outbox sends what it queued. */
async function checkAlerts() {
  t.clock.advance(5 * MINUTE);
  const run = await t.app.jobs.runIfDue('alerts');
  expect(run.ran).toBe(true);
  await t.app.jobs.run('email-outbox');
  if (!run.ran) throw new Error('the alerts job did not run');
  return run.value;
}

async function system(): Promise<SystemResponse> {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/admin/system',
    headers: { authorization: `Bearer ${await adminToken(t.app)}` },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
const openAlerts = async (): Promise<OpenAlert[]> => (await system()).alerts;

/** A run of job `name` recorded as the job mechanism records it, with its outcome. */
async function recordRun(name: string, report: ReturnType<typeof ok>) {
  const now = t.clock.now();
  expect(await claimRun(t.database.db, name, now, new Date(now.getTime() + 24 * HOUR), { force: true })).toBe(
    true,
  );
  await recordFinish(t.database.db, name, now, now, report);
}

describe('alerts by e-mail', () => {
  it('sends nothing while everything is fine, and says so', async () => {
    expect(await checkAlerts()).toEqual({ opened: [], resolved: [], open: 0 });
    expect(alertMailsOfThisTest()).toEqual([]);
    const answer = await system();
    expect(answer.alerts).toEqual([]);
    expect(answer.jobs.find((job) => job.name === 'alerts')).toMatchObject({
      title: 'Alerts',
      interval: 'Every 5 minutes',
      lastRun: { outcome: 'ok', message: 'Everything is fine: no alert is open.' },
    });
  });

  it('a job that failed three runs in a row: one e-mail when it starts, none while it lasts, one when it clears', async () => {
    await feed.saveChannelFeeds(t.app, feeds);
    feeds.set('/airbnb.ics', feed.serveStatus(404));
    for (let failure = 1; failure <= 2; failure++) {
      await t.app.jobs.run('calendar-sync');
      expect(await checkAlerts()).toMatchObject({ opened: [], open: 0 });
    }
    await t.app.jobs.run('calendar-sync');
    const openedAt = new Date(t.clock.now().getTime() + 5 * MINUTE).toISOString();
    expect(await checkAlerts()).toEqual({ opened: ['job:calendar-sync'], resolved: [], open: 1 });
    expect(alertMailsOfThisTest()).toEqual([
      'The Tower website needs a look: The job "Calendar sync" failed 3 runs in a row.',
    ]);
    const mail = smtp.received.find((m) =>
      m.email.subject?.endsWith('"Calendar sync" failed 3 runs in a row.'),
    );
    expect(mail?.email.text).toContain('The calendar feed was not found at 127.0.0.1 (HTTP 404).');
    expect(mail?.email.text).toContain('http://localhost:3000/admin?tab=system');

    // Still failing at the next runs: no more e-mail; the System view shows it, with when it started.
    await t.app.jobs.run('calendar-sync');
    expect(await checkAlerts()).toEqual({ opened: [], resolved: [], open: 1 });
    expect(await checkAlerts()).toEqual({ opened: [], resolved: [], open: 1 });
    expect(alertMailsOfThisTest()).toHaveLength(1);
    expect(await openAlerts()).toEqual([
      {
        key: 'job:calendar-sync',
        summary: 'The job "Calendar sync" failed 4 runs in a row.',
        detail: expect.stringContaining(
          'Its last run: Synced Booking.com (3 events). The calendar feed was not found',
        ),
        since: openedAt,
      },
    ]);

    feeds.set('/airbnb.ics', feed.serveCalendar(feed.readFixture('airbnb')));
    await t.app.jobs.run('calendar-sync');
    expect(await checkAlerts()).toEqual({ opened: [], resolved: ['job:calendar-sync'], open: 0 });
    expect(await checkAlerts()).toEqual({ opened: [], resolved: [], open: 0 });
    expect(alertMailsOfThisTest()).toEqual([
      'The Tower website needs a look: The job "Calendar sync" failed 3 runs in a row.',
      'Resolved: The job "Calendar sync" failed 4 runs in a row.',
    ]);
    expect(await openAlerts()).toEqual([]);
  });

  it('a channel calendar not synced for 6 hours opens an alert, and its next sync clears it', async () => {
    feeds.set('/booking.ics', feed.serveStatus(503));
    t.clock.advance(5 * HOUR);
    await t.app.jobs.run('calendar-sync');
    expect(await checkAlerts()).toMatchObject({ opened: [] });
    t.clock.advance(HOUR);
    await t.app.jobs.run('calendar-sync');
    expect(await checkAlerts()).toMatchObject({ opened: ['feed:booking'] });
    expect(alertMailsOfThisTest()).toEqual([
      'The Tower website needs a look: The Booking.com calendar has not synced for over 6 hours.',
    ]);
    expect((await openAlerts())[0]?.detail).toMatch(
      /^Its last successful sync was 6 hours ago\. The last attempt: /,
    );

    feeds.set('/booking.ics', feed.serveCalendar(feed.readFixture('booking')));
    await t.app.jobs.run('calendar-sync');
    expect(await checkAlerts()).toMatchObject({ resolved: ['feed:booking'], open: 0 });
    expect(alertMailsOfThisTest()).toEqual([
      'The Tower website needs a look: The Booking.com calendar has not synced for over 6 hours.',
      'Resolved: The Booking.com calendar has not synced for over 6 hours.',
    ]);
  });

  it('an e-mail failing for over an hour opens an alert, sent once the mail server is back, and resolved', async () => {
    const notifications = createEmailNotifications(t.config, { clock: t.clock });
    await smtp.stop(); // an outage of the mail server
    await t.database.db.transaction(async (tx) => {
      const stay = await insertConfirmedStay(tx, { checkIn: '2027-01-12', checkOut: '2027-01-15' });
      await notifications.bookingConfirmed(tx, stay.id);
    });
    await t.app.jobs.run('email-outbox');
    expect(await checkAlerts()).toMatchObject({ opened: [] });
    t.clock.advance(HOUR);
    expect(await checkAlerts()).toMatchObject({ opened: ['outbox'] });
    expect((await openAlerts())[0]).toMatchObject({
      summary: '2 e-mails have not been sent for over an hour.',
      detail: expect.stringMatching(
        /^The mail server's last answer: .+ The Email tab lists the messages waiting\.$/,
      ),
    });

    await smtp.start();
    t.clock.advance(2 * HOUR); // every retry is due by then
    await t.app.jobs.run('email-outbox');
    expect(alertMailsOfThisTest()).toEqual([
      'The Tower website needs a look: 2 e-mails have not been sent for over an hour.',
    ]);
    expect(await checkAlerts()).toMatchObject({ resolved: ['outbox'], open: 0 });
    expect(alertMailsOfThisTest()).toEqual([
      'The Tower website needs a look: 2 e-mails have not been sent for over an hour.',
      'Resolved: 2 e-mails have not been sent for over an hour.',
    ]);
  });

  it('a failed backup (or its check) alerts at once, and a good backup clears it', async () => {
    await recordRun(
      'backup',
      failed('The backup could not be verified: the table stays has 12 rows, not 13.'),
    );
    expect(await checkAlerts()).toMatchObject({ opened: ['backup'], open: 1 });
    // It fails again the next days: still the one alert (not also "failed 3 runs in a row"), still one e-mail.
    await recordRun('backup', failed('The off-site copy failed: rclone exited with code 1.'));
    await recordRun('backup', failed('The off-site copy failed: rclone exited with code 1.'));
    expect(await checkAlerts()).toMatchObject({ opened: [], open: 1 });
    expect(await openAlerts()).toEqual([
      expect.objectContaining({
        key: 'backup',
        summary: 'The last backup failed.',
        detail: 'The off-site copy failed: rclone exited with code 1.',
      }),
    ]);

    await recordRun('backup', ok('Backed up and verified.'));
    expect(await checkAlerts()).toMatchObject({ resolved: ['backup'], open: 0 });
    expect(alertMailsOfThisTest()).toEqual([
      'The Tower website needs a look: The last backup failed.',
      'Resolved: The last backup failed.',
    ]);
  });

  it('a disk under 10 % or 1 GB free alerts once per disk, and room made clears it', async () => {
    // DATA_DIR and BACKUP_DIR on one disk with 9 % free: one alert naming both.
    disks.data = disks.backups = { device: 'disk-1', freeBytes: 9 * GB, totalBytes: 100 * GB };
    expect(await checkAlerts()).toMatchObject({ opened: ['disk:data+backups'], open: 1 });
    expect(await openAlerts()).toEqual([
      expect.objectContaining({
        summary: 'The disk holding Data (DATA_DIR) and Backups (BACKUP_DIR) is nearly full.',
        detail: expect.stringMatching(/^9\.0 GB free of 100\.0 GB \(9 %\)\./),
      }),
    ]);
    expect((await system()).disks).toEqual([
      {
        role: 'data',
        label: 'Data (DATA_DIR)',
        path: './data',
        freeBytes: 9 * GB,
        totalBytes: 100 * GB,
        low: true,
      },
      {
        role: 'backups',
        label: 'Backups (BACKUP_DIR)',
        path: './backups',
        freeBytes: 9 * GB,
        totalBytes: 100 * GB,
        low: true,
      },
    ]);
    expect(await checkAlerts()).toMatchObject({ opened: [], open: 1 });

    disks.data = disks.backups = { device: 'disk-1', freeBytes: 30 * GB, totalBytes: 100 * GB };
    expect(await checkAlerts()).toMatchObject({ resolved: ['disk:data+backups'], open: 0 });

    // The backups on a small disk of their own: 0.9 GB free is low even at 18 %.
    disks.backups = { device: 'usb-1', freeBytes: 0.9 * GB, totalBytes: 5 * GB };
    expect(await checkAlerts()).toMatchObject({ opened: ['disk:backups'], open: 1 });
    disks.backups = { device: 'usb-1', freeBytes: 2 * GB, totalBytes: 5 * GB };
    expect(await checkAlerts()).toMatchObject({ resolved: ['disk:backups'], open: 0 });

    expect(alertMailsOfThisTest()).toEqual([
      'The Tower website needs a look: The disk holding Data (DATA_DIR) and Backups (BACKUP_DIR) is nearly full.',
      'Resolved: The disk holding Data (DATA_DIR) and Backups (BACKUP_DIR) is nearly full.',
      'The Tower website needs a look: The disk holding Backups (BACKUP_DIR) is nearly full.',
      'Resolved: The disk holding Backups (BACKUP_DIR) is nearly full.',
    ]);
  });

  it('a disk that cannot be read is left out of the System view and the check, which go on', async () => {
    disks.backups = Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' });
    expect(await checkAlerts()).toEqual({ opened: [], resolved: [], open: 0 });
    expect((await system()).disks.map((disk) => disk.role)).toEqual(['data']);
  });

  it('two processes checking at once open an alert once and e-mail it once', async () => {
    const other = await createTestApp({
      env: { OWNER_EMAIL: OWNER, SYNC_INTERVAL_MINUTES: '180' },
      database: await openSecondConnection(t.database),
      now: t.clock.now().toISOString(),
      overrides: { readDisk: async () => disks.data as DiskReading },
    });
    try {
      disks.data = disks.backups = { device: 'disk-1', freeBytes: 0, totalBytes: 100 * GB };
      t.clock.advance(5 * MINUTE);
      other.clock.advance(5 * MINUTE);
      const [mine, theirs] = await Promise.all([t.app.jobs.run('alerts'), other.app.jobs.run('alerts')]);
      expect([...mine.opened, ...theirs.opened]).toEqual(['disk:data+backups']);
      await t.app.jobs.run('email-outbox');
      expect(alertMailsOfThisTest()).toHaveLength(1);

      disks.data = disks.backups = roomy;
      t.clock.advance(5 * MINUTE);
      other.clock.advance(5 * MINUTE);
      const cleared = await Promise.all([t.app.jobs.run('alerts'), other.app.jobs.run('alerts')]);
      expect(cleared.flatMap((result) => result.resolved)).toEqual(['disk:data+backups']);
      await t.app.jobs.run('email-outbox');
      expect(alertMailsOfThisTest()).toHaveLength(2);
    } finally {
      await other.close();
    }
  });
});
