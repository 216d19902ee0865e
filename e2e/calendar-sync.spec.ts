import AxeBuilder from '@axe-core/playwright';
import {
  type FeedServer,
  readFixture,
  serveCalendar,
  serveStatus,
  serveWhenReleased,
  startFeedServer,
} from '../src/server/calendar-sync/test-feed-server.ts';
import { adminPost, expect, loginAsAdmin, test } from './fixtures.ts';

const EMPTY = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Test//EN\r\nEND:VCALENDAR\r\n';

let feeds: FeedServer;
let slowBooking: ReturnType<typeof serveWhenReleased>;

test.beforeAll(async () => {
  slowBooking = serveWhenReleased(readFixture('booking'));
  feeds = await startFeedServer({
    '/airbnb.ics': serveCalendar(readFixture('airbnb')),
    '/booking.ics': slowBooking.handler,
    '/gone.ics': serveStatus(404, 'Not Found'),
    '/empty.ics': serveCalendar(EMPTY),
  });
});

test.afterAll(async ({ request }) => {
  slowBooking.release();
  // Leave no imported nights behind for the other specs: both feeds now empty.
  await adminPost(request, '/api/admin/sync-all', {
    airbnbUrl: feeds.url('/empty.ics'),
    bookingUrl: feeds.url('/empty.ics'),
  });
  await feeds.close();
});

test.describe('calendar sync screen', () => {
  test('without a login it points to the admin login', async ({ page }) => {
    await page.goto('/admin/calendar-sync');
    await expect(page.getByRole('link', { name: 'log in to the admin area' })).toHaveAttribute(
      'href',
      '/admin',
    );
  });

  test('asks for a URL before syncing', async ({ page }) => {
    await loginAsAdmin(page);
    await page.goto('/admin/calendar-sync');
    await page.getByRole('button', { name: 'Sync Airbnb Calendar' }).click();
    await expect(page.getByText('Please enter your Airbnb iCal URL', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Sync Booking.com Calendar' }).click();
    await expect(page.getByText('Please enter your Booking.com iCal URL', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Sync All Platforms' }).click();
    await expect(page.getByText('Please enter at least one iCal URL', { exact: true })).toBeVisible();
  });

  test('shows the server’s message when a feed fails', async ({ page }) => {
    await loginAsAdmin(page);
    await page.goto('/admin/calendar-sync');
    await page.getByLabel('Airbnb iCal URL').fill(feeds.url('/gone.ics'));
    await page.getByRole('button', { name: 'Sync Airbnb Calendar' }).click();
    await expect(page.getByText('Sync Failed', { exact: true })).toBeVisible();
    await expect(
      page.getByText(/^502: The calendar feed was not found at 127\.0\.0\.1 \(HTTP 404\)/),
    ).toBeVisible();
  });

  test('the owner saves both URLs and syncs all platforms; the results show the counts', async ({ page }) => {
    await loginAsAdmin(page);
    await page.goto('/admin/calendar-sync');
    await expect(page.getByRole('heading', { name: 'Calendar Sync', level: 1 })).toBeVisible();
    await expect(
      page.getByText('calendars sync automatically every 3 hours', { exact: false }),
    ).toBeVisible();

    const airbnbInput = page.getByLabel('Airbnb iCal URL');
    const bookingInput = page.getByLabel('Booking.com iCal URL');
    await expect(airbnbInput).toHaveAttribute('type', 'url');
    await expect(bookingInput).toHaveAttribute('type', 'url');
    await airbnbInput.fill(feeds.url('/airbnb.ics'));
    await bookingInput.fill(feeds.url('/booking.ics'));

    const buttons = ['Sync Airbnb Calendar', 'Sync Booking.com Calendar', 'Sync All Platforms'].map((name) =>
      page.getByRole('button', { name }),
    );
    await buttons[2]!.click();
    // The Booking.com feed holds its answer: every button is disabled and every icon spins meanwhile.
    for (const button of buttons) {
      await expect(button).toBeDisabled();
      await expect(button.locator('svg')).toHaveClass(/animate-spin/);
    }
    slowBooking.release();

    await expect(page.getByText('Calendar Sync Complete', { exact: true })).toBeVisible();
    await expect(
      page.getByText('Synced 8 total events (Airbnb: 5, Booking: 3)', { exact: true }),
    ).toBeVisible();
    const results = page.getByRole('region', { name: 'Last Sync Results' });
    await expect(results.getByTestId('result-platform')).toHaveText('All Platforms');
    await expect(results.getByTestId('result-events')).toHaveText('8');
    await expect(results.getByTestId('result-airbnb')).toHaveText('5');
    await expect(results.getByTestId('result-booking')).toHaveText('3');
    await expect(results.getByTestId('result-message')).toHaveText(
      'Synced 5 events from Airbnb. Synced 3 events from Booking.com.',
    );
    for (const button of buttons) await expect(button).toBeEnabled();

    // The saved URLs come back prefilled, with their last successful sync.
    await page.reload();
    await expect(page.getByLabel('Airbnb iCal URL')).toHaveValue(feeds.url('/airbnb.ics'));
    await expect(page.getByLabel('Booking.com iCal URL')).toHaveValue(feeds.url('/booking.ics'));
    await expect(page.getByTestId('airbnb-status')).toContainText('Last successful sync:');
    await expect(page.getByTestId('airbnb-status')).toContainText('(5 events)');
    await expect(page.getByTestId('booking-status')).toContainText('(3 events)');

    // One platform at a time, with its own toast.
    await page.getByRole('button', { name: 'Sync Airbnb Calendar' }).click();
    await expect(page.getByText('Airbnb Sync Complete', { exact: true })).toBeVisible();
    await expect(page.getByText('Synced 5 events from Airbnb', { exact: true })).toBeVisible();
    await expect(results.getByTestId('result-platform')).toHaveText('Airbnb');
    await page.getByRole('button', { name: 'Sync Booking.com Calendar' }).click();
    await expect(page.getByText('Booking.com Sync Complete', { exact: true })).toBeVisible();
    await expect(page.getByText('Synced 3 events from Booking.com', { exact: true })).toBeVisible();
  });

  test('shows our export URL, which serves our calendar', async ({ page }) => {
    await loginAsAdmin(page);
    await page.goto('/admin/calendar-sync');
    const exportInput = page.getByLabel('Export iCal URL');
    await expect(exportInput).toHaveValue(/\/api\/ical\/1\.ics\?key=[\w-]+$/);
    const url = new URL(await exportInput.inputValue());
    const response = await page.request.get(`${url.pathname}${url.search}`);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('text/calendar; charset=utf-8');
    expect(await response.text()).toContain('BEGIN:VCALENDAR');
    await expect(page.getByRole('button', { name: 'Copy' })).toBeEnabled();
  });

  test('has no detectable accessibility problems', async ({ page }) => {
    await loginAsAdmin(page);
    await page.goto('/admin/calendar-sync');
    await expect(page.getByLabel('Export iCal URL')).toHaveValue(/key=/);
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations).toEqual([]);
  });
});
