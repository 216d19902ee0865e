import type { Page } from '@playwright/test';
import { type AdminApi, expect, type TestClock, test } from './fixtures.ts';

/**
 * The admin's System tab: the open alerts, the database and the disks' free space, and every job of the server
 * with its last run, what it did in a sentence, and its next run. Asking the test clock the time runs the hold sweep, the balance job, the guest messages and the e-mail
 * outbox as their timers would, so each has a last run to show.
 */

async function openSystemTab(page: Page, admin: AdminApi, clock: TestClock) {
  await clock.now();
  await admin.signIn(page);
  await page.goto('/admin?tab=system');
  await expect(page.getByRole('heading', { name: 'System', level: 2 })).toBeVisible();
  return page.getByRole('list', { name: 'Background jobs' });
}

const job = (page: Page, title: string) => page.getByRole('listitem', { name: title });

test('the System tab lists every job with its last run, what it did, and its next run', async ({
  page,
  admin,
  clock,
}) => {
  const jobs = await openSystemTab(page, admin, clock);
  await expect(page.getByText(/^Version \d+\.\d+\.\d+/)).toBeVisible();
  await expect(jobs.getByRole('listitem')).toHaveCount(14);

  // A fresh site has no alert open, unless the machine's own disk is nearly full: the list follows the server.
  const alerts = page.getByRole('region', { name: 'Alerts' });
  const open = (await admin.call<{ alerts: unknown[] }>('get', '/api/admin/system')).alerts;
  if (open.length === 0) {
    await expect(alerts).toContainText(
      'No open alerts: the jobs, e-mail, backups, disks and channel calendars are fine.',
    );
  } else {
    await expect(alerts.getByRole('list', { name: 'Open alerts' }).getByRole('listitem')).toHaveCount(
      open.length,
    );
  }
  await expect(job(page, 'Alerts')).toContainText('Every 5 minutes');

  const storage = page.getByRole('region', { name: 'Storage' });
  const value = (term: string) =>
    storage
      .getByRole('term')
      .filter({ hasText: new RegExp(`^${term.replace(/[()]/g, '\\$&')}$`) })
      .locator('xpath=following-sibling::dd[1]');
  const size = String.raw`\d+(\.\d)? (KB|MB|GB)`;
  await expect(value('Database')).toHaveText('Embedded (in DATA_DIR)');
  await expect(value('Database size')).toHaveText(new RegExp(`^${size}$`));
  await expect(value('Data (DATA_DIR)')).toContainText(new RegExp(`^${size} free of ${size} \\(\\d+ %\\)`));
  await expect(value('Backups (BACKUP_DIR)')).toContainText(new RegExp(`^${size} free of ${size}`));

  const holds = job(page, 'Lapsed holds');
  await expect(holds).toContainText('Every minute');
  await expect(holds.getByText('OK', { exact: true })).toBeVisible();
  await expect(holds).toContainText(/No hold had lapsed\.|Freed \d+ lapsed holds?\./);
  await expect(holds.getByRole('definition').last()).toHaveText(/^\d{1,2} [A-Z][a-z]{2}, \d{2}:\d{2}$/);

  const mail = job(page, 'E-mail sending');
  await expect(mail).toContainText('Every 15 seconds');
  await expect(mail).toContainText('E-mail is not set up yet: messages wait in the outbox.');

  // The browser tests' server turns the automatic calendar sync off.
  const sync = job(page, 'Calendar sync');
  await expect(sync).toContainText('Off (SYNC_INTERVAL_MINUTES is 0)');
  await expect(sync).toContainText('Not run yet');
  await expect(sync.getByRole('definition').last()).toHaveText('Off');

  // The nightly backup, and below the jobs the backups taken (none, unless a spec's clock passed 3 AM).
  await expect(job(page, 'Backup')).toContainText('Daily at 03:00 (Aberdeen time)');
  await expect(page.getByRole('region', { name: 'Backups' })).toContainText(/No backup yet\.|Checked/);

  const { default: AxeBuilder } = await import('@axe-core/playwright');
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
});

test.describe('the System tab on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('reads without scrolling sideways', async ({ page, admin, clock }) => {
    const jobs = await openSystemTab(page, admin, clock);
    const holds = job(page, 'Lapsed holds');
    await expect(holds).toContainText(/No hold had lapsed\.|Freed \d+ lapsed holds?\./);
    for (const entry of await jobs.getByRole('listitem').all()) {
      const box = await entry.boundingBox();
      expect(box && box.x + box.width).toBeLessThanOrEqual(390);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
