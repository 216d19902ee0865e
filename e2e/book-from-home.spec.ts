import { bookingReference } from '../src/domain/booking-reference.ts';
import { addDays, addMonths, dayOfWeek, nightsOf } from '../src/domain/dates.ts';
import { formatLongDate } from '../src/domain/format.ts';
import { monthStart } from '../src/web/features/booking/calendar-dates.ts';
import { expect, test, today } from './fixtures.ts';

/**
 * A guest books from the home page end to end (decision 003): the Book Now picker, the guest form, the demo
 * card dialog, the success page, then the nights are taken in the API and in the picker. The stay is nine
 * months ahead so it meets no other spec's dates (booking.spec.ts uses months 2–8, payments.spec.ts weeks 3–7).
 */
test.describe('booking from the home page', () => {
  test.describe.configure({ timeout: 90_000 });

  test('a guest books 3 nights, pays by demo card, and those nights are then booked everywhere', async ({
    page,
    request,
    card,
  }) => {
    // A Monday to Thursday nine months ahead.
    let checkIn = addDays(monthStart(addMonths(today, 9)), 7);
    while (dayOfWeek(checkIn) !== 1) checkIn = addDays(checkIn, 1);
    const checkOut = addDays(checkIn, 3);
    const nights = nightsOf(checkIn, checkOut);

    await card.open();
    await card.chooseStay(checkIn, checkOut);
    await expect(card.section.getByTestId('date-summary')).toContainText('3 nights');
    await expect(
      page.getByRole('region', { name: /Notifications/ }).getByText('✓ Available!', { exact: true }),
    ).toBeVisible();

    await card.fillGuest('Mary Somerville', 'mary@example.test');
    await card.section.getByRole('button', { name: 'Pay with Card' }).click();
    await expect(card.paymentDialog).toBeVisible();
    const bookingId = await card.payInDialog('4242 4242 4242 4242');
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
    await card.calendarLoaded();
    await card.showMonthOf(checkIn);
    for (const night of nights) {
      await expect(card.day(night)).toHaveAccessibleName(new RegExp(`^${formatLongDate(night)}, booked`));
    }
    await expect(card.day(checkOut)).not.toHaveAccessibleName(/, booked/);
  });
});
