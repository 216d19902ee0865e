import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { bookingReference } from '../src/domain/booking-reference.ts';
import { addDays, dayOfWeek, type IsoDate } from '../src/domain/dates.ts';
import { formatGbp, formatLongDate } from '../src/domain/format.ts';
import { DEFAULT_OWNER_TEXTS } from '../src/domain/owner-texts.ts';
import { balanceDueOn, percentOfPence } from '../src/domain/payment-schedule.ts';
import { quotePence, quoteStay } from '../src/domain/pricing.ts';
import { computeRefund } from '../src/domain/refunds.ts';
import { expect, test, today } from './fixtures.ts';

/**
 * The guest after paying: the success page that leads back to the booking, the guest's page opening as itself on
 * a slow phone, refund words that add up, the card-saving agreement the payment step asks for, and the
 * '✓ Available!' notification on a phone. A server of its own: the owner's payment schedule (a deposit, then
 * the balance) and texts must not change what the other specs see.
 * See docs/decisions/017-after-paying.md and docs/decisions/016-deposit-now-balance-later.md.
 */

test.use({ ownServer: 'guest-after-paying' });

const SCHEDULE = { mode: 'deposit', depositPercent: 30, balanceDaysBefore: 42 };
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const CONSENT_NEEDED = 'Please agree to your card being saved for the balance before you pay the deposit.';

/** A Monday `weeks` weeks after `from`. */
function mondayAfter(from: IsoDate, weeks: number): IsoDate {
  let day = addDays(from, weeks * 7);
  while (dayOfWeek(day) !== 1) day = addDays(day, 1);
  return day;
}

test.beforeAll(async ({ admin }) => {
  await admin.call('put', '/api/admin/payment-schedule', SCHEDULE);
});

test.describe('the success page, on a desktop', () => {
  test.use({ viewport: DESKTOP });

  test('shows the stay, what was paid and what is due when, and View your booking opens the guest’s page with no key in an address', async ({
    page,
    card,
  }) => {
    const checkIn = mondayAfter(today, 10);
    const checkOut = addDays(checkIn, 3);
    const totalPence = quoteStay(checkIn, checkOut).total * 100;
    const depositPence = percentOfPence(totalPence, 30);
    const addresses: string[] = [];
    page.on('framenavigated', (frame) => addresses.push(frame.url()));
    page.on('request', (request) => {
      if (request.resourceType() === 'document') addresses.push(request.url());
    });

    await card.open();
    await card.showMonthOf(checkIn);
    await card.day(checkIn).click();
    await card.day(checkOut).click();
    await card.fillGuest('Iona Success', 'iona.success@example.test');
    await card.section.getByRole('checkbox', { name: /I agree that my card is saved/ }).check();
    await card.section.getByRole('button', { name: 'Pay with Card' }).click();
    const bookingId = await card.payInDialog('4242 4242 4242 4242');

    await expect(page.getByRole('heading', { name: 'Booking Confirmed!' })).toBeVisible();
    await expect(page.getByText(bookingReference(bookingId))).toBeVisible();
    const summary = page.getByRole('region', { name: 'Your booking' });
    await expect(summary.getByRole('definition').nth(0)).toHaveText(
      `${formatLongDate(checkIn)}, from 4:00 PM`,
    );
    await expect(summary.getByRole('definition').nth(1)).toHaveText(
      `${formatLongDate(checkOut)}, by 11:00 AM`,
    );
    await expect(summary.getByRole('definition').nth(2)).toHaveText(formatGbp(depositPence));
    await expect(summary.getByRole('definition').nth(3)).toHaveText(
      `${formatGbp(totalPence - depositPence)} on ${formatLongDate(balanceDueOn(checkIn, 42))}, charged to the card you paid with`,
    );

    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

    await summary.getByRole('button', { name: 'View your booking' }).click();
    await expect(page.getByRole('heading', { name: 'Your stay at The Tower, Iona Success' })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/booking/${bookingReference(bookingId)}$`));
    // Opened again in the same tab (a reload), the page still knows its booking.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Your stay at The Tower, Iona Success' })).toBeVisible();
    expect(addresses.length).toBeGreaterThan(0);
    expect(addresses.filter((address) => /[?&]key=/.test(address))).toEqual([]);
  });

  test('an id that is not a booking is not confirmed: it says so and how to reach the owner', async ({
    page,
  }) => {
    await page.goto('/booking-success?bookingId=00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { name: 'Booking Not Found' })).toBeVisible();
    await expect(page.getByText('Booking Confirmed!')).toHaveCount(0);
    await expect(page.getByRole('main').getByRole('link', { name: 'stay@example.test' })).toHaveAttribute(
      'href',
      'mailto:stay@example.test',
    );
    await expect(page.getByRole('main').getByRole('link', { name: 'contact page' })).toHaveAttribute(
      'href',
      '/contact',
    );

    await page.goto('/booking-success?bookingId=not-a-booking');
    await expect(page.getByRole('heading', { name: 'Booking Not Found' })).toBeVisible();
    await expect(page.getByText('Booking Confirmed!')).toHaveCount(0);
  });
});

test.describe('the guest’s page, on a desktop', () => {
  test.use({ viewport: DESKTOP });

  test('says what is refunded of what was paid and the fee; once cancelled it promises no arrival e-mail or code', async ({
    page,
    stays,
  }) => {
    // 35 days ahead: inside the schedule's 42 days, so paid in full; more than 30 days, so 100 %.
    const dates = { checkInDate: addDays(today, 35), checkOutDate: addDays(today, 38) };
    const prices = quotePence(quoteStay(dates.checkInDate, dates.checkOutDate));
    const hold = await stays.paid(dates, { name: 'Rhona Refund' });
    const refund = computeRefund({
      checkIn: dates.checkInDate,
      cancelledOn: today,
      ...prices,
      paidPence: prices.totalPence,
    });
    expect(refund.rule.percent).toBe(100);

    await page.goto(`/booking/${bookingReference(hold.bookingId)}?key=${hold.manageKey}`);
    const cancel = page.getByRole('region', { name: 'Cancel' });
    await expect(cancel).toContainText(
      `If you cancel today you get ${formatGbp(refund.amountPence)} back of the ${formatGbp(prices.totalPence)} you paid.`,
    );
    await expect(cancel).toContainText(
      `Cancellation terms: More than 30 days before check-in: 100%. That is ${formatGbp(prices.totalPence)} of what you paid (the whole price, cleaning fee included), less the £25 processing fee.`,
    );
    await expect(page.getByText(/arrival e-mail/)).toBeVisible();

    await cancel.getByRole('button', { name: 'Cancel booking' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel Booking' }).click();
    await expect(page.getByRole('heading', { name: 'Your booking is cancelled' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText(
      `${formatGbp(refund.amountPence)} is refunded to the card you paid with`,
    );
    await expect(page.getByRole('main')).not.toContainText(/arrival e-mail|access code|key code/i);
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: PHONE, locale: 'en-GB', timezoneId: 'Europe/London' });

  test('the guest’s page paints as itself on a 4× slower CPU: never the home page’s hero, no hydration error', async ({
    page,
    admin,
    stays,
    request,
  }) => {
    // The owner's own words: the server renders its pages again, the client-only shell among them.
    const about = 'Our own words about The Tower, written in the admin.';
    await admin.call('put', '/api/admin/texts', { ...DEFAULT_OWNER_TEXTS, about: [about] });
    // The contact page prints them; every page and the shell are swapped in together.
    await expect
      .poll(async () => (await request.get('/contact')).text(), { timeout: 20_000 })
      .toContain(about);

    const dates = { checkInDate: addDays(today, 25), checkOutDate: addDays(today, 27) };
    const hold = await stays.paid(dates, { name: 'Fiona Phone' });
    const path = `/booking/${bookingReference(hold.bookingId)}?key=${hold.manageKey}`;
    const served = await (await request.get(path)).text();
    expect(served).toContain('Loading…');
    expect(served).not.toContain('hero-heading');
    // The checkout page is served the same shell.
    expect(await (await request.get(`/checkout/${hold.bookingId}`)).text()).not.toContain('hero-heading');

    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    // Watches every node the parser and React add, from the first byte: was the hero ever in the document?
    await page.addInitScript(() => {
      const seen = { hero: false };
      (window as unknown as { firstPaint: typeof seen }).firstPaint = seen;
      new MutationObserver(() => {
        if (document.getElementById('hero-heading')) seen.hero = true;
      }).observe(document, { childList: true, subtree: true });
    });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });

    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Your stay at The Tower, Fiona Phone' })).toBeVisible();
    expect(
      await page.evaluate(() => (window as unknown as { firstPaint: { hero: boolean } }).firstPaint),
    ).toEqual({
      hero: false,
    });
    expect(errors).toEqual([]);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await admin.call('put', '/api/admin/texts', DEFAULT_OWNER_TEXTS);
  });

  test('a deposit paid without the card-saving agreement: the box says it is needed, and nothing is paid', async ({
    page,
    card,
  }) => {
    const checkIn = mondayAfter(today, 13);
    const checkOut = addDays(checkIn, 2);
    const payments: string[] = [];
    page.on('request', (request) => {
      if (/\/api\/(create-payment-intent|demo-payments|bookings$|payment-success)/.test(request.url()))
        payments.push(request.url());
    });

    await card.open();
    await card.showMonthOf(checkIn);
    await card.day(checkIn).click();
    await card.day(checkOut).click();
    await card.fillGuest('Ailsa Consent', 'ailsa.consent@example.test');
    await card.section.getByRole('button', { name: 'Pay with Card' }).click();

    const schedule = card.section.getByRole('region', { name: 'Payment schedule' });
    const box = schedule.getByRole('checkbox', { name: /I agree that my card is saved/ });
    await expect(schedule.getByRole('alert')).toHaveText(CONSENT_NEEDED);
    await expect(box).toBeFocused();
    await expect(box).toHaveAttribute('aria-invalid', 'true');
    await expect(box).toHaveAccessibleDescription(CONSENT_NEEDED);
    await expect(card.paymentDialog).toHaveCount(0);
    await expect(page.getByText('Payment Failed')).toHaveCount(0);

    await box.check();
    await expect(schedule.getByRole('alert')).toHaveCount(0);
    await expect(box).not.toHaveAttribute('aria-invalid', 'true');
    expect(payments).toEqual([]);
  });

  test('‘✓ Available!’ sits below the header and its menu button, and goes after 5 s while the guest types', async ({
    page,
    card,
  }) => {
    // Not the calendar's own choice on load (its first free 2 nights): the guest's choice raises the notification.
    const checkIn = addDays(today, 9);
    const checkOut = addDays(checkIn, 3);
    await page.clock.install();
    await card.open();
    await card.showMonthOf(checkIn);
    // The notification area loads once the page has settled; from then on, time moves only when the spec moves it.
    const notifications = page.getByRole('region', { name: /Notifications/ });
    await expect(notifications).toBeAttached({ timeout: 10_000 });
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    await card.day(checkIn).click();
    await card.day(checkOut).click();

    const notification = notifications.getByRole('listitem').filter({ hasText: '✓ Available!' });
    await expect(notification).toBeVisible();
    const header = page.getByRole('banner');
    const menuButton = header.getByRole('button', { name: 'Open menu' });
    expect(await notCovered(page, 'header')).toBe(true);
    const headerBox = (await header.boundingBox())!;
    expect((await notification.boundingBox())!.y).toBeGreaterThanOrEqual(headerBox.y + headerBox.height);

    // The guest reaches for the menu, then types their name: the pointer rests on the menu button.
    await menuButton.hover();
    await card.section.getByLabel('Full Name').focus();
    for (const letters of ['Ma', 'ir', 'i ', 'Ty']) {
      await page.keyboard.type(letters);
      await page.clock.runFor(1_000);
    }
    await page.clock.runFor(900);
    await expect(notification).toBeVisible();
    await page.keyboard.type('pe');
    await page.clock.runFor(200);
    await expect(notification).toHaveCount(0);
    await expect(card.section.getByLabel('Full Name')).toHaveValue('Mairi Type');

    // The menu button under where the notification was still opens the menu.
    await menuButton.click();
    await expect(header.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
  });
});

/** True when every point of the element's box (a 5 px grid) is the element itself or inside it. */
function notCovered(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((selector) => {
    const element = document.querySelector(selector);
    if (!element) return false;
    const box = element.getBoundingClientRect();
    for (let x = box.left + 1; x < box.right - 1; x += 5)
      for (let y = box.top + 1; y < box.bottom - 1; y += 5) {
        const top = document.elementFromPoint(x, y);
        if (!top || !element.contains(top)) return false;
      }
    return true;
  }, selector);
}
