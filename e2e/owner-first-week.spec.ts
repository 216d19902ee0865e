import { addDays, addMonths } from '../src/domain/dates.ts';
import { formatGbp, formatMonth } from '../src/domain/format.ts';
import { monthStart } from '../src/web/features/booking/calendar-dates.ts';
import { expect, test, today } from './fixtures.ts';

/**
 * The owner's first week with the admin, at the sizes it was tried: the dashboard opening on today, the go-live
 * checklist, the stay's dialog and the month view on a phone, and the Dates tab's blocks. A server of its own
 * (a fresh install: the checklist is all to do, and the stays near today are this spec's alone).
 */
test.use({ ownServer: 'owner-first-week' });

const inDays = (days: number) => addDays(today, days);

test.describe('the dashboard at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('opens on today: arrivals, departures, money due and what needs the owner', async ({
    page,
    admin,
    stays,
  }) => {
    const arlo = await stays.byOwner(
      { checkInDate: today, checkOutDate: inDays(2) },
      { name: 'Arlo Arrival', email: 'arlo@example.test' },
    );
    await admin.call('post', `/api/bookings/${arlo.id}/confirm`);
    await stays.paid({ checkInDate: inDays(3), checkOutDate: inDays(5) }, { name: 'Nia Nocode' });
    await stays.byOwner(
      { checkInDate: inDays(5), checkOutDate: inDays(7) },
      { name: 'Pip Phone', email: 'pip@example.test' },
    );
    // A deposit now, the balance later: the balance is money still due.
    const schedule = await admin.call('get', '/api/admin/payment-schedule');
    await admin.call('put', '/api/admin/payment-schedule', { ...schedule, mode: 'deposit' });
    const dora = await stays.hold(
      { checkInDate: inDays(120), checkOutDate: inDays(123) },
      { name: 'Dora Deposit' },
      { saveCardConsent: true },
    );
    await stays.pay(dora);
    await admin.call('put', '/api/admin/payment-schedule', { ...schedule, mode: 'full' });
    const due = (
      (await admin.call('get', '/api/bookings')) as { contactName: string; duePence: number }[]
    ).find((b) => b.contactName === 'Dora Deposit')!.duePence;
    expect(due).toBeGreaterThan(0);

    await admin.signIn(page);
    await page.goto('/admin');
    const todayPanel = page.getByRole('region', { name: 'Today' });
    await expect(todayPanel.getByRole('heading', { name: 'Today', level: 2 })).toBeInViewport();

    const arrivals = todayPanel.getByRole('region', { name: 'Arrivals' });
    await expect(arrivals.getByRole('list', { name: 'Today' })).toContainText('Arlo Arrival');
    await expect(arrivals.getByRole('list', { name: 'Next 7 days' })).toContainText('Nia Nocode');
    await expect(arrivals).not.toContainText('Dora Deposit');
    const departures = todayPanel.getByRole('region', { name: 'Departures' });
    await expect(departures.getByText('No departures today.')).toBeVisible();
    await expect(departures.getByRole('list', { name: 'Next 7 days' })).toContainText('Arlo Arrival');

    const money = todayPanel.getByRole('region', { name: 'Money due' });
    await expect(money.getByRole('listitem').filter({ hasText: 'Dora Deposit' })).toContainText(
      formatGbp(due),
    );

    const needs = todayPanel.getByRole('list', { name: 'Needs you' });
    await expect(needs.getByRole('listitem').filter({ hasText: 'Nia Nocode' })).toContainText(
      'No access code for the arrival e-mail',
    );
    await expect(needs.getByRole('listitem').filter({ hasText: 'Pip Phone' })).toContainText('Not paid yet');

    // A default access code makes the stays ready: they leave the list.
    await admin.call('put', '/api/admin/guest-messages', {
      checkInInstructions: '',
      defaultAccessCode: '2468',
      reviewUrl: '',
      showAddress: false,
    });
    await page.reload();
    await expect(needs.getByRole('listitem').filter({ hasText: 'Pip Phone' })).toBeVisible();
    await expect(needs.getByRole('listitem').filter({ hasText: 'Nia Nocode' })).toHaveCount(0);
  });

  test('the go-live checklist folds to one line, stays folded, and its fix links put the cursor in the form', async ({
    page,
    admin,
  }) => {
    await admin.signIn(page);
    await page.goto('/admin');
    const items = page.getByRole('list', { name: 'Go-live checklist items' });
    await expect(items).toBeVisible();
    const summary = page.locator('summary').filter({ hasText: 'Go-live checklist' });
    await summary.click();
    await expect(items).toBeHidden();
    const checklist = page.locator('details').filter({ has: summary });
    const line = (await summary.boundingBox())!;
    expect((await checklist.boundingBox())!.height).toBeLessThan(line.height + 60);

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Go-live checklist' })).toBeVisible();
    await expect(items).toBeHidden();

    await summary.click();
    await expect(items).toBeVisible();
    await items
      .getByRole('listitem')
      .filter({ hasText: 'Short-term let licence number' })
      .getByRole('link', { name: 'Fix in Property tab' })
      .click();
    await expect(page).toHaveURL(/\/admin\?tab=property$/);
    const licence = page
      .getByRole('form', { name: 'Property facts' })
      .getByLabel('Short-term let licence number');
    await expect(licence).toBeFocused();
    await expect(licence).toBeInViewport();
  });
});

test.describe('the Dates tab at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('lists the owner’s blocks beside the form with Unblock, and a refused block names the stay', async ({
    page,
    admin,
    stays,
  }) => {
    await stays.paid({ checkInDate: inDays(40), checkOutDate: inDays(43) }, { name: 'Bruno Booked' });
    await stays.block({ checkInDate: inDays(50), checkOutDate: inDays(52) }, 'Roof repairs');

    await admin.signIn(page);
    await page.goto('/admin?tab=dates');
    const blocks = page.getByRole('list', { name: 'Blocked dates' });
    const roof = blocks.getByRole('listitem').filter({ hasText: 'Roof repairs' });
    await expect(roof).toBeVisible();
    const form = page.getByRole('region', { name: 'Block Dates' });
    const formBox = (await form.boundingBox())!;
    const listBox = (await blocks.boundingBox())!;
    expect(listBox.x).toBeGreaterThanOrEqual(formBox.x + formBox.width);

    await page.getByLabel('Check-in Date').fill(inDays(41));
    await page.getByLabel('Check-out Date').fill(inDays(45));
    await page.getByRole('button', { name: 'Block Dates' }).click();
    await expect(
      page.getByText(/^Failed to block dates: 409: These dates overlap Bruno Booked's booking, /),
    ).toBeVisible();
    await expect(form.getByRole('alert')).toContainText("These dates overlap Bruno Booked's booking, ");
    await expect(blocks.getByRole('listitem')).toHaveCount(1);

    await roof.getByRole('button', { name: /^Unblock/ }).click();
    await expect(page.getByText('The dates are free again.', { exact: true })).toBeVisible();
    await expect(page.getByText('No dates are blocked.')).toBeVisible();
  });
});

test.describe('a phone', () => {
  test.use({ hasTouch: true, isMobile: true });

  test('at 360 px the stay’s dialog fits: Move Stay is on screen', async ({ page, admin, stays }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await stays.paid({ checkInDate: inDays(20), checkOutDate: inDays(23) }, { name: 'Mae Mover' });
    await admin.signIn(page);
    await page.goto('/admin');
    await page.getByLabel('Search').fill('Mae Mover');
    await page.getByRole('button', { name: 'Guest link and messages' }).tap();
    const dialog = page.getByRole('dialog', { name: 'Guest link and messages' });
    const move = dialog.getByRole('button', { name: 'Move Stay' });
    await expect(move).toBeVisible();
    for (const element of [
      dialog,
      move,
      dialog.getByLabel('New check-out'),
      dialog.getByLabel('New check-in'),
    ]) {
      const box = (await element.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(360);
    }
  });

  test('at 390 px the month view shows each name and a tap opens the booking', async ({
    page,
    admin,
    stays,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const checkIn = inDays(30);
    await stays.paid({ checkInDate: checkIn, checkOutDate: addDays(checkIn, 3) }, { name: 'Alice Smith' });
    await admin.signIn(page);
    await page.goto('/admin');
    const calendar = page.getByRole('region', { name: 'Calendar' });
    for (let month = monthStart(today); month < monthStart(checkIn); month = addMonths(month, 1)) {
      await calendar.getByRole('button', { name: 'Next month' }).tap();
    }
    await expect(calendar.getByText(formatMonth(monthStart(checkIn)), { exact: true })).toBeVisible();

    const chip = calendar.getByRole('button', { name: /^Alice Smith, / }).first();
    await expect(chip).toBeVisible();
    // The whole name is on screen, wrapped if need be: nothing cut off with an ellipsis.
    await expect(chip).toHaveText('Alice Smith');
    const cut = await chip.evaluate(
      (el) => el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight,
    );
    expect(cut).toBe(false);

    await chip.tap();
    const opened = page.getByRole('dialog', { name: 'Alice Smith' });
    await expect(opened).toBeVisible();
    await expect(opened).toContainText('3 nights');
    await opened.getByRole('button', { name: 'Guest link and messages' }).tap();
    await expect(page.getByRole('dialog', { name: 'Guest link and messages' })).toContainText('Alice Smith');
  });
});
