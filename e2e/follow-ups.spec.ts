import { addDays } from '../src/domain/dates.ts';
import { bookableStay, expect, fillCard, test, today } from './fixtures.ts';

/**
 * The owner's switch for follow-ups of lapsed checkouts in the Email tab (docs/decisions/032-checkout-follow-ups.md),
 * with its figures; the e-mail itself and its rules are tested over HTTP (src/server/checkout-follow-ups/).
 */
test.use({ viewport: { width: 1280, height: 900 } });

test('the owner turns checkout follow-ups off and on again in the Email tab', async ({ page, admin }) => {
  const { default: AxeBuilder } = await import('@axe-core/playwright');
  await admin.signIn(page);
  await page.goto('/admin?tab=email');
  const card = page.getByRole('region', { name: 'Checkout follow-ups' });
  const box = card.getByRole('checkbox', { name: 'Send a follow-up when a checkout is left unpaid' });
  await expect(box).toBeChecked();
  await expect(card.getByTestId('follow-up-figures')).toContainText(
    /No follow-up sent yet\.|follow-ups? sent/,
  );
  expect(
    (await new AxeBuilder({ page }).include('section[aria-labelledby="follow-ups-heading"]').analyze())
      .violations,
  ).toEqual([]);

  await box.uncheck();
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Follow-ups Saved' })).toContainText(
    'No more follow-ups will be sent.',
  );
  expect((await admin.call('get', '/api/admin/follow-ups')).enabled).toBe(false);
  await page.reload();
  await expect(box).not.toBeChecked();

  await box.check();
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Follow-ups Saved' })).toBeVisible();
  expect((await admin.call('get', '/api/admin/follow-ups')).enabled).toBe(true);
});

test('a guest refuses the reminder where they type their address, and the hold says so', async ({
  page,
  card,
}) => {
  // From about ten months on: three nights the server says can be booked.
  const { checkIn, checkOut } = await bookableStay(page, addDays(today, 300));
  await page.goto(`/?checkIn=${checkIn}&checkOut=${checkOut}#booking`);
  await card.calendarLoaded();
  await expect(card.section.getByLabel('Check-in Date')).toHaveValue(checkIn);
  await card.fillGuest('Nia Refuses', 'nia.refuses@example.test');
  const refuse = card.section.getByRole('checkbox', {
    name: 'Don’t e-mail me a reminder if I leave before paying',
  });
  await expect(refuse).not.toBeChecked();
  await refuse.check();

  await card.section.getByRole('button', { name: 'Pay with Card' }).click();
  const hold = page.waitForRequest((request) => request.url().endsWith('/api/create-payment-intent'));
  await fillCard(card.paymentDialog, '4000000000000002'); // declined: no booking is made
  await card.paymentDialog.getByRole('button', { name: 'Pay', exact: true }).click();
  expect((await hold).postDataJSON()).toMatchObject({
    noFollowUp: true,
    booking: { contactEmail: 'nia.refuses@example.test', checkInDate: checkIn, checkOutDate: checkOut },
  });
});
