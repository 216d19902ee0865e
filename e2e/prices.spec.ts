import type { APIRequestContext } from '@playwright/test';
import { addDays, addMonths, dayOfWeek } from '../src/domain/dates.ts';
import { formatLongDate } from '../src/domain/format.ts';
import { monthStart } from '../src/web/features/booking/calendar-dates.ts';
import { expect, test, today } from './fixtures.ts';

/**
 * The owner's prices end to end: a season and a promo code made in the Prices tab reach the guest's
 * calendar and breakdown, the guest pays the discounted price, and the confirmation e-mail and the owner's list say
 * the same total. Every spec shares one server: the season lies in the middle of a month from ten months ahead on
 * (the payments spec uses the first days of that month, the admin spec starts later), in the first such month
 * where the guest's stay and the weekend before it are free (other specs book stays they find free), and it is
 * deleted again at the end. See docs/decisions/013-rate-plan.md.
 */
async function seasonWithFreeStay(request: APIRequestContext) {
  for (let month = 10; month < 22; month++) {
    const seasonStart = addDays(monthStart(addMonths(today, month)), 13);
    let checkIn = addDays(seasonStart, 1);
    while (dayOfWeek(checkIn) !== 1) checkIn = addDays(checkIn, 1);
    const checkOut = addDays(checkIn, 3); // Monday to Thursday: three weekday nights of the season
    // From the Friday before, whose weekend price the calendar shows, to the check-out day.
    const answer = await request.get(
      `/api/availability?propertyId=1&checkInDate=${addDays(checkIn, -3)}&checkOutDate=${checkOut}`,
    );
    if (answer.ok() && (await answer.json()).available === true)
      return { seasonStart, seasonEnd: addDays(seasonStart, 13), checkIn, checkOut };
  }
  throw new Error('No month from ten months ahead with a free week in its middle.');
}

test.describe('the owner’s prices', () => {
  test.describe.configure({ timeout: 120_000 });

  test.afterAll(async ({ admin }) => {
    // Leave the shared server's prices as the other specs expect them.
    const state = await admin.call('get', '/api/admin/rate-plan');
    for (const season of state.plan.seasons as { id: string }[])
      await admin.send('delete', `/api/admin/rate-plan/seasons/${season.id}`);
  });

  test('a season and a promo code from the Prices tab price the guest’s calendar, breakdown, payment, e-mail and the owner’s list alike', async ({
    page,
    admin,
    card,
  }) => {
    const { seasonStart, seasonEnd, checkIn, checkOut } = await seasonWithFreeStay(page.request);
    await admin.signIn(page);
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
    await card.open();
    await card.showMonthOf(checkIn);
    await expect(card.day(checkIn)).toHaveAccessibleName(`${formatLongDate(checkIn)}, available, £400`);
    await expect(card.day(addDays(checkIn, -3))).toHaveAccessibleName(
      new RegExp(`^${formatLongDate(addDays(checkIn, -3))}, available, £450`),
    ); // the Friday before: the season's weekend price
    await card.day(checkIn).click();
    await card.day(checkOut).click();
    await expect(card.section.getByTestId('date-summary')).toContainText('3 nights');
    await expect(
      card.section.getByText('Minimum 3 nights for stays starting during Golf week'),
    ).toBeVisible();

    // The breakdown: the season's line, then the promo code re-prices it.
    const breakdown = card.section.getByRole('region', { name: 'Price breakdown' });
    await expect(breakdown).toContainText('£400 × 3 weekday nights (Golf week)');
    await expect(breakdown.getByTestId('price-total')).toHaveText('£1,360');
    await card.section.getByLabel('Promo code').fill('nope');
    await card.section.getByRole('button', { name: 'Apply' }).click();
    await expect(
      card.section.getByText('We do not recognise that promo code. Please check it.'),
    ).toBeVisible();
    await card.section.getByLabel('Promo code').fill('golf20');
    await card.section.getByRole('button', { name: 'Apply' }).click();
    await expect(card.section.getByText('Promo code GOLF20 applied.')).toBeVisible();
    await expect(breakdown.getByTestId('price-discount-promo')).toHaveText('−£240');
    // £1,200 − £240 = £960, cleaning £100, service 5 % = £48.
    await expect(breakdown.getByTestId('price-total')).toHaveText('£1,108');

    // The guest pays the discounted total in demo mode.
    await card.fillGuest('Jack Nicklaus', 'jack@example.test');
    await card.section.getByRole('button', { name: 'Pay with Card' }).click();
    await expect(card.paymentDialog.getByText('£1,108')).toBeVisible();
    const bookingId = await card.payInDialog('4242 4242 4242 4242');
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
