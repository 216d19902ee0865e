import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { addDays, addMonths, dayOfWeek, daysBetween, type IsoDate } from '../src/domain/dates.ts';
import { formatLongDate, formatMonth } from '../src/domain/format.ts';
import { monthStart } from '../src/web/features/booking/calendar-dates.ts';
import { type BookingCard, bookableStay, expect, type Stays, test, today } from './fixtures.ts';

/**
 * The Book Now section: the date-range picker by mouse and by keyboard, its rejections, the availability check,
 * the guest form and the price breakdown. Dates are in the real future relative to the server's clock; each
 * test works in its own month so the owner blocks it makes do not meet another test's dates.
 */

/** The first `weekday` (0 = Sunday) on or after the `fromDay`th of the month `monthsAhead` from now. */
function dayIn(monthsAhead: number, weekday: number, fromDay = 8): IsoDate {
  let day = addDays(monthStart(addMonths(today, monthsAhead)), fromDay - 1);
  while (dayOfWeek(day) !== weekday) day = addDays(day, 1);
  return day;
}

const toastWith = (page: Page, title: string) =>
  page.getByRole('region', { name: /Notifications/ }).getByText(title, { exact: true });

/**
 * Moves the calendar to the month of `day`. Until the guest chooses, each month shown selects its first free
 * stay and checks it (spec section 4): with `auto`, wait for that check, so its toast cannot land after the one
 * a test expects.
 */
async function showMonthOf(card: BookingCard, day: IsoDate, auto = true) {
  await card.showMonthOf(day);
  if (auto) {
    await expect(card.section.getByLabel('Check-in Date')).toHaveValue(
      new RegExp(`^${monthStart(day).slice(0, 7)}`),
    );
    await expect(card.section.getByRole('heading', { name: 'Complete Your Booking' })).toBeVisible();
  }
}

const block = (stays: Stays, checkInDate: IsoDate, checkOutDate: IsoDate) =>
  stays.block({ checkInDate, checkOutDate }, 'e2e booking spec');

test.describe('Book Now', () => {
  test.describe.configure({ timeout: 60_000 });

  test('shows the property details, both rates with the fees beside them and the terms link', async ({
    page,
    card,
  }) => {
    await card.open();
    const section = page.locator('#booking');
    await expect(section.getByRole('heading', { name: 'Book Now', level: 2 })).toBeVisible();
    await expect(section.getByText('Bedrooms: 3 (1 king size, 1 double, 1 twin)')).toBeVisible();
    await expect(section.getByText('Bathrooms: 3')).toBeVisible();
    await expect(section.getByText('Size: 250 m²')).toBeVisible();
    // The card's rates come first; the calendar's days below print their nights' prices too.
    await expect(card.section.getByText('£225', { exact: true }).first()).toBeVisible();
    await expect(card.section.getByText('£275', { exact: true }).first()).toBeVisible();
    await expect(
      card.section.getByText('Plus a £100 cleaning fee and a 5 % service fee per stay.'),
    ).toBeVisible();
    await expect(card.section.getByText('Stay Requirements:')).toBeVisible();
    await expect(card.section.getByText('By proceeding, you agree to our')).toBeVisible();
    await expect(card.section.getByRole('link', { name: 'Terms and Conditions' })).toHaveAttribute(
      'href',
      '/terms-and-conditions',
    );
    await expect(card.section.getByRole('columnheader')).toHaveText([
      'Su',
      'Mo',
      'Tu',
      'We',
      'Th',
      'Fr',
      'Sa',
    ]);
    await expect(card.section.getByRole('button', { name: 'Previous month' })).toBeDisabled();
  });

  test('the calendar’s own choice on load answers in the card and raises no toast', async ({
    page,
    card,
  }) => {
    await card.open();
    await expect(card.section.getByLabel('Check-in Date')).not.toHaveValue('');
    await expect(card.section.getByRole('heading', { name: 'Complete Your Booking' })).toBeVisible();
    await expect(card.section.getByTestId('availability-note')).toContainText(
      'These dates are available to book.',
    );
    // The notification area loads once the page has settled, or at once with the first notification: once it
    // is there, any '✓ Available!' raised by the automatic choice would be in it.
    const notifications = page.getByRole('region', { name: /Notifications/ });
    await expect(notifications).toBeAttached({ timeout: 10_000 });
    await expect(notifications.getByText('✓ Available!', { exact: true })).toHaveCount(0);
    await expect(notifications.getByRole('listitem')).toHaveCount(0);
  });

  test('a follow-up e-mail’s link opens the card on its dates and guests, months ahead', async ({
    page,
    card,
  }) => {
    const { checkIn, checkOut } = await bookableStay(page, dayIn(9, 1)); // from a Monday nine months on
    await page.goto(`/?checkIn=${checkIn}&checkOut=${checkOut}&guests=3#booking`);
    await card.calendarLoaded();
    await expect(card.section.getByLabel('Check-in Date')).toHaveValue(checkIn);
    await expect(card.section.getByLabel('Check-out Date')).toHaveValue(checkOut);
    await expect(card.section.getByRole('heading', { name: formatMonth(monthStart(checkIn)) })).toBeVisible();
    await expect(card.section.getByRole('heading', { name: 'Complete Your Booking' })).toBeVisible();
    await expect(card.section.getByLabel('Guests')).toHaveValue('3');
    await expect(toastWith(page, '✓ Available!')).toBeVisible();

    // Dates that cannot be booked (in the past) leave the calendar to choose as usual.
    await page.goto(`/?checkIn=${addDays(today, -3)}&checkOut=${today}#booking`);
    await card.calendarLoaded();
    await expect(card.section.getByLabel('Check-in Date')).not.toHaveValue('');
    await expect(card.section.getByLabel('Check-in Date')).not.toHaveValue(addDays(today, -3));
  });

  test('choosing dates by mouse shows ✓ Available!, the form and the breakdown of /api/quote', async ({
    page,
    card,
  }) => {
    const checkIn = dayIn(2, 4); // a Thursday
    const checkOut = addDays(checkIn, 3); // the Sunday after
    await card.open();
    await showMonthOf(card, checkIn);
    await card.day(checkIn).click();
    await expect(card.section.getByTestId('date-summary')).toContainText('2 nights');
    await card.day(checkOut).click();
    await expect(toastWith(page, '✓ Available!')).toBeVisible();
    await expect(
      page.getByText('These dates are available. Complete your booking details below.').first(),
    ).toBeVisible();
    await expect(card.section.getByTestId('date-summary')).toContainText('3 nights');
    await expect(card.section.getByRole('heading', { name: 'Complete Your Booking' })).toBeVisible();
    await expect(card.section.getByLabel('Check-in Date')).toHaveValue(checkIn);
    await expect(card.section.getByLabel('Check-out Date')).toHaveValue(checkOut);

    const quote = await (
      await page.request.get(`/api/quote?propertyId=1&checkInDate=${checkIn}&checkOutDate=${checkOut}`)
    ).json();
    expect(quote).toMatchObject({
      nights: 3,
      accommodation: 775,
      cleaningFee: 100,
      serviceFee: 39,
      total: 914,
    });
    const breakdown = card.section.getByRole('region', { name: 'Price breakdown' });
    await expect(breakdown.getByText('£225 × 1 weekday night')).toBeVisible();
    await expect(breakdown.getByText('£275 × 2 weekend nights')).toBeVisible();
    await expect(breakdown.getByTestId('price-weekday')).toHaveText(
      `£${quote.weekdayNights * quote.weekdayRate}`,
    );
    await expect(breakdown.getByTestId('price-weekend')).toHaveText(
      `£${quote.weekendNights * quote.weekendRate}`,
    );
    await expect(breakdown.getByTestId('price-cleaning')).toHaveText(`£${quote.cleaningFee}`);
    await expect(breakdown.getByTestId('price-service')).toHaveText(`£${quote.serviceFee}`);
    await expect(breakdown.getByTestId('price-total')).toHaveText(`£${quote.total}`);
    await expect(
      card.section.getByText('total for 3 nights, cleaning and service fees included'),
    ).toBeVisible();

    await card.section.getByRole('button', { name: 'Clear All' }).click();
    await expect(card.section.getByLabel('Check-in Date')).toHaveValue('');
    await expect(card.section.getByLabel('Check-out Date')).toBeDisabled();
    await expect(card.section.getByRole('heading', { name: 'Complete Your Booking' })).toHaveCount(0);
  });

  test('dates can be chosen by keyboard alone', async ({ page, card }) => {
    const checkIn = dayIn(3, 1); // a Monday
    const checkOut = addDays(checkIn, 7);
    await card.open();
    // Tab until a day of the calendar has the focus.
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab');
      if (await page.evaluate(() => Boolean(document.activeElement?.closest('table[role="grid"]')))) break;
    }
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('data-day') ?? '');
    expect(await focused()).not.toBe('');
    for (let i = 0; i < 3; i++) await page.keyboard.press('PageDown');
    await expect(card.section.getByRole('heading', { name: formatMonth(checkIn) })).toBeVisible();

    const moveTo = async (target: IsoDate) => {
      const diff = daysBetween(await focused(), target);
      const weeks = Math.trunc(diff / 7);
      for (let i = 0; i < Math.abs(weeks); i++)
        await page.keyboard.press(weeks > 0 ? 'ArrowDown' : 'ArrowUp');
      const days = diff - weeks * 7;
      for (let i = 0; i < Math.abs(days); i++)
        await page.keyboard.press(days > 0 ? 'ArrowRight' : 'ArrowLeft');
      expect(await focused()).toBe(target);
    };
    await moveTo(checkIn);
    // The day's name says its night's price (docs/decisions/013-rate-plan.md): a Monday, at the weekday rate.
    await expect(page.locator(':focus')).toHaveAccessibleName(`${formatLongDate(checkIn)}, available, £225`);
    await page.keyboard.press('Enter');
    await moveTo(checkOut);
    await page.keyboard.press('Enter');
    await expect(card.section.getByLabel('Check-in Date')).toHaveValue(checkIn);
    await expect(card.section.getByLabel('Check-out Date')).toHaveValue(checkOut);
    await expect(card.section.getByTestId('date-summary')).toContainText('7 nights');
    await expect(toastWith(page, '✓ Available!')).toBeVisible();
    await expect(card.section.getByTestId('price-total')).toHaveText('£1,859');
  });

  test('a check-in in the past is refused with its toast', async ({ page, card }) => {
    await card.open();
    await card.section.getByLabel('Check-in Date').fill(addDays(today, -1));
    await expect(toastWith(page, 'Check-in Date Not Available')).toBeVisible();
    await expect(
      page
        .getByText('This date is already booked or blocked. Please select a different check-in date.')
        .first(),
    ).toBeVisible();
  });

  test('booked nights are shown, refused as check-in and over a range, and allowed as check-out', async ({
    page,
    card,
    stays,
  }) => {
    const blockIn = dayIn(4, 3, 12); // a Wednesday mid-month
    const blockOut = addDays(blockIn, 3);
    await block(stays, blockIn, blockOut);
    await card.open();
    await showMonthOf(card, blockIn);
    const booked = card.day(addDays(blockIn, 1));
    await expect(booked).toHaveAccessibleName(`${formatLongDate(addDays(blockIn, 1))}, booked`);
    await expect(booked).toHaveAttribute('aria-disabled', 'true');

    // A booked day is not clickable (aria-disabled) but stays reachable by keyboard, which explains the refusal.
    await booked.focus();
    await page.keyboard.press('Enter');
    await expect(toastWith(page, 'Check-in Date Not Available')).toBeVisible();

    // A range over the booked nights.
    await card.day(addDays(blockIn, -4)).click();
    await expect(card.section.getByTestId('date-summary')).toContainText('2 nights');
    await card.day(addDays(blockOut, 2)).click();
    await expect(toastWith(page, 'Date Range Not Available')).toBeVisible();
    await expect(
      page
        .getByText(
          'Some dates in your selected range are already booked or blocked. Please select different dates.',
        )
        .first(),
    ).toBeVisible();

    // The first booked day is a valid check-out: every night before it is free.
    await card.section.getByRole('button', { name: 'Clear All' }).click();
    await card.day(addDays(blockIn, -3)).click();
    await expect(card.day(blockIn)).toHaveAccessibleName(
      `${formatLongDate(blockIn)}, booked, free for check-out`,
    );
    await card.day(blockIn).click();
    await expect(card.section.getByLabel('Check-out Date')).toHaveValue(blockIn);
    await expect(card.section.getByTestId('date-summary')).toContainText('3 nights');
    await expect(toastWith(page, '✓ Available!')).toBeVisible();
  });

  test('more than 28 nights is refused with Maximum Stay Exceeded', async ({ page, card }) => {
    const checkIn = dayIn(5, 2, 10);
    await card.open();
    await showMonthOf(card, checkIn);
    await card.day(checkIn).click();
    await card.section.getByRole('button', { name: 'Next month' }).click();
    await card.day(addDays(checkIn, 29)).click();
    await expect(toastWith(page, 'Maximum Stay Exceeded')).toBeVisible();
    await expect(
      page
        .getByText(
          'Bookings are limited to a maximum of 28 nights. For longer stays, please contact us directly.',
        )
        .first(),
    ).toBeVisible();
    // 28 nights are fine.
    await card.day(addDays(checkIn, 28)).click();
    await expect(card.section.getByTestId('date-summary')).toContainText('28 nights');
  });

  test('a 1-night choice opens the Minimum Stay Required dialog', async ({ page, card }) => {
    const checkIn = dayIn(6, 2);
    await card.open();
    await showMonthOf(card, checkIn);
    await card.day(checkIn).click();
    await expect(toastWith(page, '✓ Available!')).toBeVisible();
    await card.day(addDays(checkIn, 1)).click();
    const dialog = page.getByRole('dialog', { name: 'Minimum Stay Required' });
    await expect(dialog).toBeVisible();
    // The default 2-night stay's '✓ Available!' no longer speaks for the dates on screen.
    // (The dialog hides the rest of the page from assistive technology, so this looks for the toast itself,
    // well inside its 5 s on screen.)
    const available = page.locator('li[data-state="open"]').filter({ hasText: 'Available!' });
    await expect(available).toHaveCount(0, { timeout: 1000 });
    await expect(
      dialog.getByText('The Tower requires a minimum stay of 2 nights for all bookings.'),
    ).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Contact Us' })).toHaveAttribute(
      'href',
      'mailto:stay@example.test?subject=Single%20Night%20Stay%20Enquiry',
    );
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(card.section.getByRole('heading', { name: 'Complete Your Booking' })).toHaveCount(0);
  });

  test('the form asks for a name and a valid e-mail', async ({ page, card }) => {
    const checkIn = dayIn(7, 1);
    await card.open();
    await showMonthOf(card, checkIn);
    await card.day(checkIn).click();
    await expect(toastWith(page, '✓ Available!')).toBeVisible();
    const form = card.section.getByRole('form', { name: 'Complete Your Booking' });
    await form.getByLabel('Full Name').fill('A');
    await form.getByLabel('Email Address').fill('not-an-email');
    await form.getByLabel('Phone Number (optional)').click();
    await expect(form.getByText('Name is required')).toBeVisible();
    await expect(form.getByText('Valid email is required')).toBeVisible();
    await expect(form.getByLabel('Guests')).toHaveValue('1');
    await form.getByLabel('Guests').selectOption('4');

    await form.getByLabel('Full Name').fill('Ada Lovelace');
    await form.getByLabel('Email Address').fill('ada@example.test');
    await expect(form.getByText('Name is required')).toHaveCount(0);
    await expect(form.getByText('Valid email is required')).toHaveCount(0);
  });

  test('dates taken after the calendar loaded answer Not Available, and a failed check says so', async ({
    page,
    card,
    stays,
  }) => {
    const checkIn = dayIn(8, 1);
    await card.open();
    await showMonthOf(card, checkIn);
    await block(stays, addDays(checkIn, 1), addDays(checkIn, 2)); // the calendar on screen does not know yet
    await card.day(checkIn).click();
    await expect(toastWith(page, 'Not Available')).toBeVisible();
    await expect(
      page.getByText('These dates are already booked. Please select different dates.').first(),
    ).toBeVisible();
    await expect(card.section.getByRole('heading', { name: 'Complete Your Booking' })).toHaveCount(0);

    await page.route('**/api/availability?**', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"x","message":"down"}' }),
    );
    await card.section.getByRole('button', { name: 'Clear All' }).click();
    await expect(card.day(addDays(checkIn, 1))).toHaveAccessibleName(/, booked$/); // reloaded
    await card.day(addDays(checkIn, 7)).click();
    await expect(toastWith(page, 'Availability Check Failed')).toBeVisible();
    await expect(page.getByText('Unable to check availability. Please try again.').first()).toBeVisible();
    await expect(card.section.getByRole('heading', { name: 'Complete Your Booking' })).toHaveCount(0);
  });

  test('the booking card with its form and breakdown has no accessibility violations and no console errors', async ({
    page,
    card,
  }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await card.open();
    await expect(card.section.getByRole('heading', { name: 'Complete Your Booking' })).toBeVisible();
    const results = await new AxeBuilder({ page }).include('#booking').analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
    expect(errors).toEqual([]);
  });
});
