import { E2E_ADMIN } from '../playwright.config.ts';
import { bookingReference } from '../src/domain/booking-reference.ts';
import { addDays, timeOnPropertyClock } from '../src/domain/dates.ts';
import { formatGbp } from '../src/domain/format.ts';
import { expect, payOnCheckout, test, today } from './fixtures.ts';

/**
 * Every spec shares one server: this one keeps its stays 290+ days ahead, clear of the nights the booking,
 * payments and book-from-home specs choose (2–9 months ahead) and of the calendar-sync fixtures.
 */
const ADMIN_WINDOW_DAYS = 290;
/** The date `days` into this spec's window. */
const inDays = (days: number) => addDays(today, ADMIN_WINDOW_DAYS + days);
/** `nights` nights from `from` days into the window. */
const stayAt = (from: number, nights: number) => ({
  checkInDate: inDays(from),
  checkOutDate: inDays(from + nights),
});

test.describe('admin login', () => {
  test('does nothing with an empty field, refuses a wrong password, then logs in', async ({ page }) => {
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
    let loginCalls = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/admin/login')) loginCalls++;
    });
    await page.getByLabel('Username').fill(E2E_ADMIN.username);
    await page.getByRole('button', { name: 'Login' }).click();
    expect(loginCalls).toBe(0);

    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Login' }).click();
    const toast = page.getByRole('status').filter({ hasText: 'Login Failed' });
    await expect(toast).toContainText('Invalid username or password');
    expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toBeNull();

    await page.getByLabel('Password').fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Login Successful', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    await expect(page.getByRole('tab')).toHaveText([
      'Bookings',
      'Email',
      'Dates',
      'Enquiries',
      'Prices',
      'Payments',
      'Arrival',
      'Reports',
      'Property',
      'Texts',
      'Photos',
      'Reviews',
      'Account',
      'System',
    ]);
    expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toBeTruthy();
  });

  test('removes a stored token the server refuses and shows the login form', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('adminToken', 'a-token-the-server-never-issued'));
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toBeNull();
  });
});

test.describe('admin bookings', () => {
  test('searches, confirms a pending booking and cancels one after seeing its refund', async ({
    page,
    admin,
    stays,
  }) => {
    const ada = await stays.byOwner(stayAt(40, 3), { name: 'Ada Lovelace', email: 'ada@example.test' });
    await stays.byOwner(stayAt(50, 2), { name: 'Brian Kernighan', email: 'bwk@example.test' });
    await admin.signIn(page);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Bookings, upcoming stays first' });
    // One property: no Property column repeating 'The Tower' on every row (docs/decisions/010).
    await expect(table.getByRole('columnheader')).toHaveText([
      'Guest',
      'Check-in',
      'Check-out',
      'Guests',
      'Total',
      'Status',
      'Actions',
    ]);

    const search = page.getByLabel('Search');
    await search.fill('ada@example');
    const rows = table.getByRole('row').filter({ has: page.getByRole('cell') });
    await expect(rows).toHaveCount(1);
    const adaRow = rows.filter({ hasText: 'Ada Lovelace' });
    await expect(adaRow.getByText('pending')).toBeVisible();
    await expect(adaRow.getByText(/Hold lapses/)).toBeVisible();
    await search.fill(ada.id.slice(0, 8));
    await expect(rows).toHaveCount(1);

    await adaRow.getByRole('button', { name: 'Confirm' }).click();
    // A confirmation step that says nothing was paid, before the booking is confirmed.
    const confirmDialog = page.getByRole('dialog', { name: 'Confirm this booking?' });
    await expect(confirmDialog.getByText('No payment has been received for this booking.')).toBeVisible();
    await confirmDialog.getByRole('button', { name: 'Confirm Booking' }).click();
    await expect(page.getByText('Booking Confirmed', { exact: true })).toBeVisible();
    await expect(adaRow.getByText('confirmed', { exact: true })).toBeVisible();
    await expect(adaRow.getByRole('button', { name: 'Confirm' })).toHaveCount(0);

    await search.fill('Brian');
    const brianRow = rows.filter({ hasText: 'Brian Kernighan' });
    await brianRow.getByRole('button', { name: 'Cancel' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this booking?' });
    // 50 days before check-in: the first row of the terms.
    await expect(dialog.getByText('Rule: More than 30 days before check-in: 100%')).toBeVisible();
    await expect(dialog.getByText('Refund: £0')).toBeVisible();
    await expect(dialog.getByText(/Nothing has been paid online/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel Booking' }).click();
    await expect(page.getByText('Booking Cancelled', { exact: true })).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(brianRow.getByText('canceled', { exact: true })).toBeVisible();
    await expect(brianRow.getByRole('button', { name: 'Cancel' })).toHaveCount(0);

    await page.getByLabel('Status').selectOption('canceled');
    await search.fill('');
    await expect(rows.filter({ hasText: 'Brian Kernighan' })).toHaveCount(1);
    await expect(rows.filter({ hasText: 'Ada Lovelace' })).toHaveCount(0);
  });

  test('takes a booking by phone and shows its checkout link to copy', async ({ page, admin }) => {
    await admin.signIn(page);
    await page.goto('/admin');
    await page.getByRole('button', { name: 'New Booking' }).click();
    const dialog = page.getByRole('dialog', { name: 'Take a booking' });
    await dialog.getByLabel('Check-in Date').fill(inDays(70));
    await dialog.getByLabel('Check-out Date').fill(inDays(71)); // one night: the owner may break the 2-night rule
    await dialog.getByLabel('Guest Name').fill('Grace Hopper');
    await dialog.getByLabel('Guest Email').fill('grace@example.test');
    await expect(dialog.getByText(/^1 night: £/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Create Booking' }).click();
    const link = dialog.getByLabel('Checkout link for the guest');
    await expect(link).toHaveValue(/\/checkout\/[0-9a-f-]{36}$/);
    const id = (await link.inputValue()).split('/').at(-1)!;
    await expect(
      dialog.getByText(`Booking reference, to give the guest: ${bookingReference(id)}`),
    ).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Copy Link' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByRole('row').filter({ hasText: 'Grace Hopper' })).toContainText('pending');
  });

  test('downloads the bookings as CSV', async ({ page, admin, stays }) => {
    await stays.byOwner(stayAt(90, 2), { name: 'Csv Guest', email: 'csv@example.test' });
    await admin.signIn(page);
    await page.goto('/admin');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^bookings-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await (await download.createReadStream()).toArray();
    expect(Buffer.concat(text).toString('utf8')).toContain('Csv Guest');
  });
});

test.describe('admin tabs', () => {
  test('the Dates form stays disabled until both dates are set', async ({ page, admin }) => {
    await admin.signIn(page);
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Dates' }).click();
    const button = page.getByRole('button', { name: 'Block Dates' });
    await expect(button).toBeDisabled();
    await page.getByLabel('Check-in Date').fill(inDays(120));
    await expect(button).toBeDisabled();
    await page.getByLabel('Check-out Date').fill(inDays(122));
    await expect(button).toBeEnabled();
    await expect(page.getByLabel('Reason (optional)')).toBeVisible();
  });

  test('the Email tab asks for a password before saving', async ({ page, admin }) => {
    await admin.signIn(page);
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Email' }).click();
    // The end-to-end server has no mail server: the tab says where to enter it before a password can work.
    await expect(
      page.getByText(/^The site does not know its mail server yet: enter it under Mail Server above/),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Save Password' }).click();
    await expect(page.getByText('Password Required', { exact: true })).toBeVisible();
    await expect(page.getByText('Please enter the email password', { exact: true })).toBeVisible();
  });
});

test.describe('admin logout', () => {
  test('removes the token from storage and the server refuses it afterwards', async ({ page, admin }) => {
    const token = await admin.signIn(page);
    await page.goto('/admin');
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByText('Logged Out', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toBeNull();
    const verify = await page.request.get('/api/admin/verify', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(verify.status()).toBe(401);
    const bookings = await page.request.get('/api/bookings', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(bookings.status()).toBe(401);
  });
});

test.describe('admin on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('shows each booking as a card with its labels and actions', async ({ page, admin, stays }) => {
    await stays.byOwner(stayAt(100, 2), { name: 'Phone Card', email: 'card@example.test' });
    await admin.signIn(page);
    await page.goto('/admin');
    await page.getByLabel('Search').fill('Phone Card');
    await expect(page.getByRole('columnheader', { name: 'Guest' })).toBeHidden();
    const card = page.getByRole('row').filter({ hasText: 'Phone Card' });
    await expect(card.getByText('Check-in')).toBeVisible();
    await expect(card.getByRole('button', { name: 'Confirm' })).toBeVisible();
    const box = await card.boundingBox();
    expect(box?.width).toBeLessThanOrEqual(390);
  });

  test("a canceled booking's card ends with its status, without an empty row for actions", async ({
    page,
    admin,
    stays,
  }) => {
    const booking = await stays.byOwner(stayAt(104, 2), {
      name: 'Phone Canceled',
      email: 'canceled@example.test',
    });
    expect((await admin.send('post', `/api/bookings/${booking.id}/cancel`, { data: {} })).status()).toBe(200);
    await admin.signIn(page);
    await page.goto('/admin');
    await page.getByLabel('Search').fill('Phone Canceled');
    const card = page.getByRole('row').filter({ hasText: 'Phone Canceled' });
    await expect(card.getByText('canceled', { exact: true })).toBeVisible();
    // The table's last column, the actions, is not shown on the card (a hidden cell has no role). Seven
    // columns: one property, so no Property column (docs/decisions/010-the-owners-bookings-list.md).
    await expect(card.locator('td')).toHaveCount(7);
    await expect(card.locator('td').last()).toBeHidden();
  });

  test('a message appears at the top of the screen, clear of the button that raised it', async ({ page }) => {
    await page.goto('/admin');
    await page.getByLabel('Username').fill(E2E_ADMIN.username);
    await page.getByLabel('Password').fill('not the password');
    const login = page.getByRole('button', { name: 'Login' });
    await login.click();
    // The visible message, not its copy for screen readers (a 1 px live region).
    const toast = page.getByRole('region', { name: /Notifications/ }).getByText('Login Failed');
    await expect(toast).toBeVisible();
    const message = (await toast.boundingBox())!;
    const button = (await login.boundingBox())!;
    expect(message.y).toBeLessThan(844 / 4);
    expect(message.y + message.height).toBeLessThan(button.y);
  });
});

test.describe('admin accessibility', () => {
  test('the login form and the dashboard have no axe violations', async ({
    page,
    admin,
    stays,
  }, testInfo) => {
    const { default: AxeBuilder } = await import('@axe-core/playwright');
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

    await stays.byOwner(stayAt(110, 2), { name: 'Axe Guest', email: 'axe@example.test' });
    await admin.signIn(page);
    await page.goto('/admin');
    await expect(page.getByRole('row').filter({ hasText: 'Axe Guest' })).toBeVisible();
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath('dashboard.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: testInfo.outputPath('dashboard-phone.png'), fullPage: true });
  });
});

test.describe('admin dates and refunds', () => {
  test('blocks dates in the Dates tab, shows the block as BLOCKED and unblocks it', async ({
    page,
    admin,
  }) => {
    const checkIn = inDays(150);
    const checkOut = inDays(153);
    await admin.signIn(page);
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Dates' }).click();
    await page.getByLabel('Check-in Date').fill(checkIn);
    await page.getByLabel('Check-out Date').fill(checkOut);
    await page.getByLabel('Reason (optional)').fill('Roof repairs e2e');
    await page.getByRole('button', { name: 'Block Dates' }).click();
    await expect(page.getByText('Dates Blocked', { exact: true })).toBeVisible();
    const calendar = async () =>
      ((await (await page.request.get('/api/unavailable-dates/1')).json()) as { unavailableDates: string[] })
        .unavailableDates;
    expect(await calendar()).toContain(checkIn);

    await page.getByRole('tab', { name: 'Bookings' }).click();
    const row = page.getByRole('row').filter({ hasText: 'Roof repairs e2e' });
    await expect(row.getByText('BLOCKED', { exact: true })).toBeVisible();
    await row.getByRole('button', { name: 'Unblock' }).click();
    await expect(page.getByText('The dates are free again.', { exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: 'Unblock' })).toHaveCount(0);
    expect(await calendar()).not.toContain(checkIn);
  });

  test('cancels a paid booking after showing the refund the terms give', async ({ page, admin, stays }) => {
    const booking = await stays.paid(stayAt(20, 3), { name: 'Paid Guest' });
    const token = await admin.signIn(page);
    const previewResponse = await page.request.get(`/api/bookings/${booking.bookingId}/refund-preview`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(previewResponse.status()).toBe(200);
    const preview = (await previewResponse.json()) as { amountPence: number; rule: string };
    expect(preview.amountPence).toBeGreaterThan(0);

    await page.goto('/admin');
    await page.getByLabel('Search').fill('Paid Guest');
    const row = page.getByRole('row').filter({ hasText: 'Paid Guest' });
    await row.getByRole('button', { name: 'Cancel' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this booking?' });
    await expect(
      dialog.getByText(`Refund: ${formatGbp(preview.amountPence)}`, { exact: true }),
    ).toBeVisible();
    await expect(dialog.getByText(`Rule: ${preview.rule}`, { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel Booking' }).click();
    await expect(
      page.getByText(`${formatGbp(preview.amountPence)} refunded to Paid Guest.`, { exact: true }),
    ).toBeVisible();
    await expect(row.getByText('canceled', { exact: true })).toBeVisible();
    await expect(row.getByText(`refunded ${formatGbp(preview.amountPence)}`)).toBeVisible();
    const calendar = await page.request.get('/api/unavailable-dates/1');
    expect((await calendar.json()).unavailableDates).not.toContain(booking.checkInDate);
  });
});

test.describe("guests' checkouts in the admin list", () => {
  test('shows a live checkout apart without Confirm, and hides it once lapsed unless asked', async ({
    page,
    admin,
    stays,
    clock,
  }, testInfo) => {
    const hold = await stays.hold(stayAt(24, 3), { name: 'Hold Guest' });
    // The server agrees: a guest's checkout is not the owner's to confirm.
    const refused = await admin.send('post', `/api/bookings/${hold.bookingId}/confirm`, { data: {} });
    expect(refused.status()).toBe(409);
    expect((await refused.json()).error).toBe('checkout_in_progress');

    await admin.signIn(page);
    await page.goto('/admin');
    const checkouts = page.getByRole('region', { name: 'Checkouts in progress' });
    const item = checkouts.getByRole('listitem').filter({ hasText: 'Hold Guest' });
    await expect(item).toContainText('Checkout in progress, hold lapses');
    // The time on the property's clock (London), as the hold's expiry gives it.
    await expect(item).toContainText(timeOnPropertyClock(new Date(hold.holdExpiresAt)));
    await expect(item).toContainText(`Ref ${bookingReference(hold.bookingId)}`);
    await expect(checkouts.getByRole('button')).toHaveCount(0);
    await expect(page.getByRole('row').filter({ hasText: 'Hold Guest' })).toHaveCount(0);
    const { default: AxeBuilder } = await import('@axe-core/playwright');
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath('checkout-in-progress.png'), fullPage: true });

    // The hold lapses (the server's test clock moves on and sweeps): gone from the list by default.
    await clock.advance(16);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    // The list has loaded once it counts the lapsed checkouts it hides (this one at least).
    await expect(page.getByLabel(/^Show lapsed checkouts \(\d+\)$/)).toBeVisible();
    await expect(page.getByText('Hold Guest')).toHaveCount(0);

    await page.getByLabel('Show lapsed checkouts').check();
    const row = page.getByRole('row').filter({ hasText: 'Hold Guest' });
    await expect(row.getByText('checkout lapsed', { exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: 'Confirm' })).toHaveCount(0);
  });
});

test.describe('the booking reference', () => {
  test('is on the success page and in the admin list, and the admin search finds the booking by it', async ({
    page,
    admin,
    stays,
  }) => {
    const hold = await stays.hold(stayAt(30, 3), { name: 'Reference Guest' });
    const reference = bookingReference(hold.bookingId);
    expect(reference).toMatch(/^TWR-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);

    await page.goto(`/checkout/${hold.bookingId}`);
    await payOnCheckout(page, '4242 4242 4242 4242');
    // The long id stays in the address; the page shows the short reference.
    await expect(page).toHaveURL(new RegExp(`/booking-success\\?bookingId=${hold.bookingId}$`));
    await expect(page.getByText(`Booking reference: ${reference}`, { exact: true })).toBeVisible();
    await expect(page.getByText(hold.bookingId)).toHaveCount(0);

    await admin.signIn(page);
    await page.goto('/admin');
    const table = page.getByRole('table', { name: 'Bookings, upcoming stays first' });
    const rows = table.getByRole('row').filter({ has: page.getByRole('cell') });
    const search = page.getByLabel('Search');
    for (const typed of [
      reference,
      reference.replaceAll('-', '').toLowerCase(),
      reference.slice(4).toLowerCase(),
    ]) {
      await search.fill(typed);
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText('Reference Guest');
      await expect(rows.first()).toContainText(`Ref ${reference}`);
    }

    // The owner's e-mails link to the booking by its id: the list opens searched for its reference.
    await page.goto(`/admin?booking=${hold.bookingId}`);
    await expect(page.getByLabel('Search')).toHaveValue(reference);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Reference Guest');
  });
});
