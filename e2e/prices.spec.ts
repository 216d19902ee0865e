import type { Page } from '@playwright/test';
import { addDays, addMonths, dayOfWeek, type IsoDate, todayOnPropertyClock } from '../src/domain/dates.ts';
import { formatLongDate, formatMonth } from '../src/domain/format.ts';
import { monthStart } from '../src/web/features/booking/calendar-dates.ts';
import { adminToken, expect, loginAsAdmin, test } from './fixtures.ts';

/**
 * The owner's prices end to end: a season and a promo code made in the Prices tab reach the guest's
 * calendar and breakdown, the guest pays the discounted price, and the confirmation e-mail and the owner's list say
 * the same total. Every spec shares one server: the season lies in the middle of the month ten months ahead (the
 * payments spec uses its first days, the admin spec starts later), and it is deleted again at the end.
 * See docs/decisions/013-rate-plan.md.
 */
const today = todayOnPropertyClock(new Date());
const seasonStart = addDays(monthStart(addMonths(today, 10)), 13);
const seasonEnd = addDays(seasonStart, 13);
let checkIn = addDays(seasonStart, 1);
while (dayOfWeek(checkIn) !== 1) checkIn = addDays(checkIn, 1);
const checkOut = addDays(checkIn, 3); // Monday to Thursday: three weekday nights of the season

const booking = (page: Page) => page.getByRole('complementary', { name: 'Booking' });
const dayButton = (page: Page, day: IsoDate) =>
  booking(page).getByRole('button', { name: new RegExp(`^${formatLongDate(day)},`) });

test.describe('the owner’s prices', () => {
  test.describe.configure({ timeout: 120_000 });

  test.afterAll(async ({ request }) => {
    // Leave the shared server's prices as the other specs expect them.
    const token = await adminToken(request);
    const headers = { authorization: `Bearer ${token}` };
    const state = await (await request.get('/api/admin/rate-plan', { headers })).json();
    for (const season of state.plan.seasons as { id: string }[])
      await request.delete(`/api/admin/rate-plan/seasons/${season.id}`, { headers });
  });

  test('a season and a promo code from the Prices tab price the guest’s calendar, breakdown, payment, e-mail and the owner’s list alike', async ({
    page,
  }) => {
    await loginAsAdmin(page);
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Prices' }).click();

    // A season: £400 on weekdays, £450 at weekends, at least 3 nights.
    const seasonForm = page.getByRole('form', { name: 'Add season' });
    await seasonForm.getByLabel('Season name').fill('Golf week');
    await seasonForm.getByLabel('First night').fill(seasonStart);
    await seasonForm.getByLabel('Last night').fill(seasonEnd);
    await seasonForm.getByLabel('Season weekday price (£)').fill('400');
    await seasonForm.getByLabel('Season weekend price (£)').fill('-450');
    await seasonForm.getByRole('button', { name: 'Add season' }).click();
    await expect(seasonForm.getByRole('alert')).toHaveText(
      'Write the weekend price in pounds, e.g. 225 or 225.50.',
    );
    await seasonForm.getByLabel('Season weekend price (£)').fill('450');
    await seasonForm.getByLabel('Minimum stay (nights)').fill('3');
    await seasonForm.getByRole('button', { name: 'Add season' }).click();
    await expect(page.getByText('Season Added', { exact: true })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Seasons' })).toContainText('Golf week');

    // The live preview prices a stay in it by the same function: 3 × £400 + £100 + £60.
    await page.getByLabel('Check-in', { exact: true }).fill(checkIn);
    await page.getByLabel('Nights', { exact: true }).selectOption('3');
    await expect(page.getByTestId('price-preview')).toContainText('costs £1,360');

    // A promo code: 20 % off the nights.
    const promoForm = page.getByRole('form', { name: 'Add promo code' });
    await promoForm.getByLabel('Code', { exact: true }).fill('GOLF20');
    await promoForm.getByLabel('Percentage off (%)').fill('20');
    await promoForm.getByRole('button', { name: 'Add promo code' }).click();
    await expect(page.getByText('Promo Code Added', { exact: true })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Promo codes' })).toContainText('GOLF20');

    // The guest's calendar shows the season's prices.
    await page.goto('/#booking');
    await expect(booking(page).getByRole('button', { name: 'Next month' })).toBeVisible({ timeout: 20_000 });
    for (let month = monthStart(today); month < monthStart(checkIn); month = addMonths(month, 1)) {
      await booking(page).getByRole('button', { name: 'Next month' }).click();
      await expect(
        booking(page).getByRole('heading', { name: formatMonth(addMonths(month, 1)) }),
      ).toBeVisible();
    }
    await expect(booking(page).getByRole('heading', { name: formatMonth(checkIn) })).toBeVisible();
    await expect(dayButton(page, checkIn)).toHaveAccessibleName(
      `${formatLongDate(checkIn)}, available, £400`,
    );
    await expect(dayButton(page, addDays(checkIn, -3))).toHaveAccessibleName(
      new RegExp(`^${formatLongDate(addDays(checkIn, -3))}, available, £450`),
    ); // the Friday before: the season's weekend price
    await dayButton(page, checkIn).click();
    await dayButton(page, checkOut).click();
    await expect(booking(page).getByTestId('date-summary')).toContainText('3 nights');
    await expect(
      booking(page).getByText('Minimum 3 nights for stays starting during Golf week'),
    ).toBeVisible();

    // The breakdown: the season's line, then the promo code re-prices it.
    const breakdown = booking(page).getByRole('region', { name: 'Price breakdown' });
    await expect(breakdown).toContainText('£400 × 3 weekday nights (Golf week)');
    await expect(breakdown.getByTestId('price-total')).toHaveText('£1,360');
    await booking(page).getByLabel('Promo code').fill('nope');
    await booking(page).getByRole('button', { name: 'Apply' }).click();
    await expect(
      booking(page).getByText('We do not recognise that promo code. Please check it.'),
    ).toBeVisible();
    await booking(page).getByLabel('Promo code').fill('golf20');
    await booking(page).getByRole('button', { name: 'Apply' }).click();
    await expect(booking(page).getByText('Promo code GOLF20 applied.')).toBeVisible();
    await expect(breakdown.getByTestId('price-discount-promo')).toHaveText('−£240');
    // £1,200 − £240 = £960, cleaning £100, service 5 % = £48.
    await expect(breakdown.getByTestId('price-total')).toHaveText('£1,108');

    // The guest pays the discounted total in demo mode.
    const form = booking(page).getByRole('form', { name: 'Complete Your Booking' });
    await form.getByLabel('Full Name').fill('Jack Nicklaus');
    await form.getByLabel('Email Address').fill('jack@example.test');
    await booking(page).getByRole('button', { name: 'Pay with Card' }).click();
    const dialog = page.getByRole('dialog', { name: 'Complete Payment' });
    await expect(dialog.getByText('£1,108')).toBeVisible();
    await dialog.getByLabel('Card number').fill('4242 4242 4242 4242');
    await dialog.getByLabel('Expiry date (MM/YY)').fill('12/30');
    await dialog.getByLabel('CVC').fill('123');
    await dialog.getByLabel('Postcode').fill('AB10 1AA');
    await dialog.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(page).toHaveURL(/\/booking-success\?bookingId=[\w-]+$/, { timeout: 20_000 });
    const bookingId = new URL(page.url()).searchParams.get('bookingId')!;
    const stay = await (await page.request.get(`/api/bookings/${bookingId}`)).json();
    expect(stay).toMatchObject({ status: 'confirmed', totalPrice: 1108, checkInDate: checkIn });

    // The confirmation e-mail says the same total, with the discount on its own line.
    const mail = (await (await page.request.get('/api/test/outbox?to=jack%40example.test')).json()) as {
      subject: string;
      text: string;
    }[];
    const confirmation = mail.find((message) =>
      message.subject.startsWith('Your stay at The Tower is confirmed'),
    );
    expect(confirmation?.text).toContain('£1,108');
    expect(confirmation?.text).toContain('−£240');

    // And so does the owner's list.
    await page.goto('/admin');
    await page.getByLabel('Search').fill('Jack Nicklaus');
    const row = page.getByRole('row').filter({ hasText: 'Jack Nicklaus' });
    await expect(row).toContainText('£1,108');
    // The code's use is recorded against the booking.
    await page.getByRole('tab', { name: 'Prices' }).click();
    await expect(page.getByRole('list', { name: 'Promo codes' })).toContainText('used 1 time');
  });
});
