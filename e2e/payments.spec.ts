import AxeBuilder from '@axe-core/playwright';
import { bookingReference } from '../src/domain/booking-reference.ts';
import { addDays, addMonths } from '../src/domain/dates.ts';
import { quoteStay } from '../src/domain/pricing.ts';
import { monthStart } from '../src/web/features/booking/calendar-dates.ts';
import { expect, payOnCheckout, test, today } from './fixtures.ts';

/**
 * Demo payments end to end (the e2e server runs PAYMENTS=demo). Each test books its own week, counted from
 * today on the property's clock, so the tests never share nights.
 */

function stayInWeeks(weeks: number) {
  const checkInDate = addDays(today, 7 * weeks + 3);
  return { checkInDate, checkOutDate: addDays(checkInDate, 3) };
}

const GRACE = { name: 'Grace Hopper' };

test.describe('the checkout page (demo payments)', () => {
  test('pays for an existing pending booking and lands on the success page with the reference', async ({
    page,
    request,
    stays,
  }) => {
    const dates = stayInWeeks(3);
    const { bookingId } = await stays.hold(dates, GRACE);

    await page.goto(`/checkout/${bookingId}`);
    await expect(page.getByRole('heading', { name: 'Your Booking' })).toBeVisible();
    await expect(page.getByText('Demo payments — no real charge')).toBeVisible();
    const total = quoteStay(dates.checkInDate, dates.checkOutDate).total;
    await expect(page.getByText(`£${total.toLocaleString('en-GB')}`)).toBeVisible();
    await expect(page.getByText('Grace Hopper')).toBeVisible();
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations).toEqual([]);

    await payOnCheckout(page, '4242 4242 4242 4242');
    await expect(page).toHaveURL(new RegExp(`/booking-success\\?bookingId=${bookingId}$`));
    await expect(page.getByRole('heading', { name: 'Booking Confirmed!' })).toBeVisible();
    // The short reference of every e-mail (docs/decisions/010); the long id stays in the address.
    await expect(page.getByText(bookingReference(bookingId))).toBeVisible();
    await expect(page.getByRole('heading', { name: 'A Stay Like No Other' })).toBeVisible();
    await expect(page.getByRole('heading', { name: "What's Next" })).toBeVisible();
    await expect(page.getByText('Booking Confirmed!').last()).toBeVisible(); // the toast
    const successAxe = await new AxeBuilder({ page }).analyze();
    expect(successAxe.violations).toEqual([]);

    const booking = await (await request.get(`/api/bookings/${bookingId}`)).json();
    expect(booking.status).toBe('confirmed');
    // Those nights are now booked: another guest cannot hold them.
    const other = await stays.tryHold(dates, { name: 'Other Guest' });
    expect(other.status()).toBe(409);
    expect((await other.json()).message).toBe(
      'These dates are already booked. Please select different dates.',
    );

    await page.getByRole('link', { name: 'Return Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('opening the checkout link again after paying leads to the booking confirmation', async ({
    page,
    stays,
  }) => {
    // The first days of the month ten months ahead: no other spec books there.
    const checkInDate = addDays(monthStart(addMonths(today, 10)), 1);
    const { bookingId } = await stays.hold({ checkInDate, checkOutDate: addDays(checkInDate, 3) }, GRACE);
    await page.goto(`/checkout/${bookingId}`);
    await payOnCheckout(page, '4242 4242 4242 4242');
    await expect(page).toHaveURL(/\/booking-success\?/);

    await page.goto(`/checkout/${bookingId}`);
    await expect(page.getByRole('heading', { name: 'Payment Setup Failed' })).toBeVisible();
    await expect(
      page.getByText('This booking is already paid and confirmed.', { exact: false }),
    ).toBeVisible();
    await page.getByRole('link', { name: 'View Booking Confirmation' }).click();
    await expect(page).toHaveURL(new RegExp(`/booking-success\\?bookingId=${bookingId}$`));
    await expect(page.getByText(bookingReference(bookingId))).toBeVisible();
  });

  test('a declined card shows Payment Failed with the decline message; a good card then pays in the same hold', async ({
    page,
    request,
    stays,
  }) => {
    const { bookingId, paymentIntentId } = await stays.hold(stayInWeeks(4), GRACE);
    await page.goto(`/checkout/${bookingId}`);

    await payOnCheckout(page, '4000 0000 0000 0002');
    const toast = page.getByRole('status').filter({ hasText: 'Payment Failed' });
    await expect(toast).toContainText('Your card was declined.');
    await expect(page).toHaveURL(new RegExp(`/checkout/${bookingId}$`));

    await payOnCheckout(page, '4242 4242 4242 4242');
    await expect(page).toHaveURL(/\/booking-success\?bookingId=/);
    const booking = await (await request.get(`/api/bookings/${bookingId}`)).json();
    expect(booking.status).toBe('confirmed');
    // Paid through the intent of the original hold.
    const repeat = await request.post('/api/payment-success', { data: { paymentIntentId, bookingId } });
    expect(repeat.status()).toBe(200);
  });

  test('refuses a card number that is not one of Stripe’s test cards', async ({ page, stays }) => {
    const { bookingId } = await stays.hold(stayInWeeks(5), GRACE);
    await page.goto(`/checkout/${bookingId}`);
    await payOnCheckout(page, '4111 1111 1111 1111');
    await expect(page.getByRole('status').filter({ hasText: 'Payment Failed' })).toContainText(
      'Demo payments accept only Stripe’s test card numbers',
    );
  });

  test('the authentication card goes through its extra step', async ({ page, stays }) => {
    const { bookingId } = await stays.hold(stayInWeeks(6), GRACE);
    await page.goto(`/checkout/${bookingId}`);
    await payOnCheckout(page, '4000 0025 0000 3155');
    const dialog = page.getByRole('dialog', { name: 'Authenticate your payment' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Complete authentication' }).click();
    await expect(page).toHaveURL(new RegExp(`/booking-success\\?bookingId=${bookingId}$`));
  });

  test('an abandoned hold frees the nights when it lapses (server clock moved on)', async ({
    page,
    request,
    stays,
    clock,
  }) => {
    const dates = stayInWeeks(7);
    const abandoned = await stays.hold(dates, { name: 'Gone Away' });
    expect((await stays.tryHold(dates, { name: 'Next Guest' })).status()).toBe(409);

    await clock.advance(16);
    expect((await (await request.get(`/api/bookings/${abandoned.bookingId}`)).json()).status).toBe('expired');
    expect((await stays.tryHold(dates, { name: 'Next Guest' })).status()).toBe(200);

    // The first guest comes back to its checkout link too late: told plainly, nothing charged.
    await page.goto(`/checkout/${abandoned.bookingId}`);
    await expect(page.getByRole('heading', { name: 'Payment Setup Failed' })).toBeVisible();
    await expect(
      page.getByText('These dates are already booked. Please select different dates.'),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Return Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('without a booking id it shows Invalid Booking and goes home', async ({ page }) => {
    await page.goto('/checkout');
    await expect(page.getByRole('status').filter({ hasText: 'Invalid Booking' })).toContainText(
      'No booking ID provided',
    );
    await expect(page).toHaveURL(/\/$/);
  });

  test('an unknown booking shows Loading Error and goes home', async ({ page }) => {
    await page.goto('/checkout/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('status').filter({ hasText: 'Loading Error' })).toContainText(
      'Could not load booking details. Please try again.',
    );
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('the booking success page', () => {
  test('shows no reference without a booking id, and is kept out of search engines', async ({ page }) => {
    await page.goto('/booking-success');
    await expect(page.getByRole('heading', { name: 'Booking Confirmed!' })).toBeVisible();
    await expect(page.getByText('Booking reference')).toHaveCount(0);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  });
});
