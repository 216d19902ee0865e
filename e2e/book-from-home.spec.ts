import type { Page } from '@playwright/test';
import { bookingReference } from '../src/domain/booking-reference.ts';
import {
  addDays,
  addMonths,
  dayOfWeek,
  type IsoDate,
  nightsOf,
  todayOnPropertyClock,
} from '../src/domain/dates.ts';
import { formatLongDate, formatMonth } from '../src/domain/format.ts';
import { monthStart } from '../src/web/features/booking/calendar-dates.ts';
import { expect, test } from './fixtures.ts';

/**
 * A guest books from the home page end to end (decision 003): the Book Now picker, the guest form, the demo
 * card dialog, the success page, then the nights are taken in the API and in the picker. The stay is nine
 * months ahead so it meets no other spec's dates (booking.spec.ts uses months 2–8, payments.spec.ts weeks 3–7).
 */
const today = todayOnPropertyClock(new Date());

const booking = (page: Page) => page.getByRole('complementary', { name: 'Booking' });
const dayButton = (page: Page, day: IsoDate) =>
  booking(page).getByRole('button', { name: new RegExp(`^${formatLongDate(day)},`) });

async function showMonthOf(page: Page, day: IsoDate) {
  await expect(booking(page).getByRole('button', { name: 'Next month' })).toBeVisible({ timeout: 20_000 });
  const target = monthStart(day);
  for (let month = monthStart(today); month < target; month = addMonths(month, 1)) {
    await booking(page).getByRole('button', { name: 'Next month' }).click();
  }
  await expect(booking(page).getByRole('heading', { name: formatMonth(target) })).toBeVisible();
}

test.describe('booking from the home page', () => {
  test.describe.configure({ timeout: 90_000 });

  test('a guest books 3 nights, pays by demo card, and those nights are then booked everywhere', async ({
    page,
    request,
  }) => {
    // A Monday to Thursday nine months ahead.
    let checkIn = addDays(monthStart(addMonths(today, 9)), 7);
    while (dayOfWeek(checkIn) !== 1) checkIn = addDays(checkIn, 1);
    const checkOut = addDays(checkIn, 3);
    const nights = nightsOf(checkIn, checkOut);

    await page.goto('/#booking');
    await showMonthOf(page, checkIn);
    await dayButton(page, checkIn).click();
    await dayButton(page, checkOut).click();
    await expect(booking(page).getByLabel('Check-in Date')).toHaveValue(checkIn);
    await expect(booking(page).getByLabel('Check-out Date')).toHaveValue(checkOut);
    await expect(booking(page).getByTestId('date-summary')).toContainText('3 nights');
    await expect(
      page.getByRole('region', { name: /Notifications/ }).getByText('✓ Available!', { exact: true }),
    ).toBeVisible();

    const form = booking(page).getByRole('form', { name: 'Complete Your Booking' });
    await form.getByLabel('Full Name').fill('Mary Somerville');
    await form.getByLabel('Email Address').fill('mary@example.test');
    await booking(page).getByRole('button', { name: 'Pay with Card' }).click();

    const dialog = page.getByRole('dialog', { name: 'Complete Payment' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Card number').fill('4242 4242 4242 4242');
    await dialog.getByLabel('Expiry date (MM/YY)').fill('12/30');
    await dialog.getByLabel('CVC').fill('123');
    await dialog.getByLabel('Postcode').fill('AB10 1AA');
    await dialog.getByRole('button', { name: 'Pay', exact: true }).click();

    await expect(page).toHaveURL(/\/booking-success\?bookingId=[\w-]+$/, { timeout: 20_000 });
    const bookingId = new URL(page.url()).searchParams.get('bookingId')!;
    await expect(page.getByRole('heading', { name: 'Booking Confirmed!' })).toBeVisible();
    // The success page names the booking by its short reference; the long id stays in the address.
    await expect(page.getByText(bookingReference(bookingId))).toBeVisible();
    const stay = await (await request.get(`/api/bookings/${bookingId}`)).json();
    expect(stay).toMatchObject({ status: 'confirmed', checkInDate: checkIn, checkOutDate: checkOut });

    const unavailable = await (await request.get('/api/unavailable-dates/1')).json();
    expect(unavailable.unavailableDates).toEqual(expect.arrayContaining(nights));
    expect(unavailable.unavailableDates).not.toContain(checkOut);

    // Back home (in the same page, as the guest would go), the picker shows those nights as booked.
    await page.getByRole('link', { name: 'Return Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await showMonthOf(page, checkIn);
    for (const night of nights) {
      await expect(dayButton(page, night)).toHaveAccessibleName(
        new RegExp(`^${formatLongDate(night)}, booked`),
      );
    }
    await expect(dayButton(page, checkOut)).not.toHaveAccessibleName(/, booked/);
  });
});
