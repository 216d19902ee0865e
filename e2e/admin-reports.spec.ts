import { addDays, addMonths } from '../src/domain/dates.ts';
import { expect, test, today } from './fixtures.ts';

/**
 * The admin's Reports tab: the owner picks a month with a known booking, reads its occupancy in the table beside
 * the chart, and downloads that table as CSV. Its own server, so no other spec's stay is in the month.
 */
test.use({ ownServer: 'admin-reports' });

test('the owner reads a month’s occupancy on the Reports tab and downloads it as CSV', async ({
  page,
  admin,
  stays,
}) => {
  // The month after next, whole: 3 nights booked in it.
  const month = addMonths(`${today.slice(0, 7)}-01`, 2).slice(0, 7);
  const first = `${month}-01`;
  const last = addDays(addMonths(first, 1), -1);
  const days = Number(last.slice(8));
  await stays.paid({ checkInDate: `${month}-10`, checkOutDate: `${month}-13` }, { name: 'Ada Report' });
  const occupancy = `${((3 / days) * 100).toFixed(1)} %`;

  await admin.signIn(page);
  await page.goto('/admin?tab=reports');
  const reports = page.getByRole('region', { name: 'Reports' });
  await reports.getByLabel('From').fill(first);
  await reports.getByLabel('To').fill(last);
  await reports.getByRole('button', { name: 'Show report' }).click();

  const table = reports.getByRole('table', { name: 'Occupancy' });
  const monthName = new Intl.DateTimeFormat('en-GB', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${first}T00:00:00Z`));
  const row = table.getByRole('row', { name: new RegExp(`^${monthName}`) });
  await expect(row.getByRole('cell').nth(0)).toHaveText(String(days)); // nights available
  await expect(row.getByRole('cell').nth(1)).toHaveText('3'); // nights sold
  await expect(row.getByRole('cell').nth(2)).toHaveText(occupancy);
  await expect(reports.getByRole('img', { name: /^Occupancy by month/ })).toBeVisible();
  await expect(
    reports
      .getByRole('term')
      .filter({ hasText: /^Occupancy$/ })
      .first(),
  ).toBeVisible();
  await expect(reports.getByText('Nights sold ÷ nights available.')).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    reports.getByRole('button', { name: 'Download occupancy (CSV)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`occupancy-${first}-to-${last}.csv`);
  const csv = Buffer.concat(await (await download.createReadStream()).toArray()).toString('utf8');
  const lines = csv.trim().split('\r\n');
  expect(lines[0]).toBe(
    'Month,Nights available,Nights sold,Occupancy,Cancellations,Average lead time,Average length of stay',
  );
  expect(lines[1]).toMatch(new RegExp(`^${month},${days},3,${((3 / days) * 100).toFixed(1)},0,`));

  const { default: AxeBuilder } = await import('@axe-core/playwright');
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
});
