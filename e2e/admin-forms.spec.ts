import { addDays } from '../src/domain/dates.ts';
import { DEFAULT_DEPOSIT_PERCENT } from '../src/domain/payment-schedule.ts';
import { expect, test, today } from './fixtures.ts';

/**
 * The admin's forms check what the owner typed with the server's own schemas before sending it: each sentence
 * sits under the field it is about, and nothing is saved. Every spec shares one server: this one keeps its stay
 * 500 days ahead (an owner's booking may be 24 months ahead: clear of the guests' 12 months and of the admin
 * spec's 290–450 days), and saves only what every other spec already expects.
 */
/** The date `days` into this spec's window. */
const inDays = (days: number) => addDays(today, 500 + days);

test.describe('the admin’s forms', () => {
  test('the payment schedule refuses a deposit out of range under its field, then saves paying in full', async ({
    page,
    admin,
  }) => {
    await admin.signIn(page);
    await page.goto('/admin?tab=payments');
    const deposit = page.getByLabel('Deposit (%)');
    await page.getByLabel('Deposit now, balance later').check();
    await deposit.fill('0');
    await page.getByRole('button', { name: 'Save Schedule' }).click();
    await expect(deposit).toHaveAttribute('aria-invalid', 'true');
    await expect(
      page.getByRole('alert').filter({ hasText: 'The deposit must be at least 1 %' }),
    ).toBeVisible();
    expect((await admin.call('get', '/api/admin/payment-schedule')).mode).toBe('full');

    await deposit.fill(String(DEFAULT_DEPOSIT_PERCENT)); // back as every other spec has it
    await page.getByLabel('Pay in full when booking').check();
    await expect(deposit).toBeDisabled();
    await page.getByRole('button', { name: 'Save Schedule' }).click();
    await expect(page.getByText('Payment Schedule Saved', { exact: true })).toBeVisible();
    await expect(page.getByText('New bookings are paid in full.', { exact: true })).toBeVisible();
  });

  test('the guest messages refuse a review link that is not a web address', async ({ page, admin }) => {
    await admin.signIn(page);
    await page.goto('/admin?tab=email');
    const review = page.getByLabel('Review link (optional)');
    await expect(page.getByRole('button', { name: 'Save Guest Messages' })).toBeEnabled();
    await review.fill('our guest book');
    await page.getByRole('button', { name: 'Save Guest Messages' }).click();
    await expect(review).toHaveAttribute('aria-invalid', 'true');
    await expect(review).toHaveAccessibleDescription('Give the review link as https://…');
    await expect(page.getByText('Guest Messages Saved', { exact: true })).toHaveCount(0);
  });

  test('moving a stay refuses a check-out before the check-in, under the check-out', async ({
    page,
    admin,
    stays,
  }) => {
    const booking = await stays.byOwner(
      { checkInDate: inDays(0), checkOutDate: inDays(3) },
      { name: 'Moira Mover', email: 'moira@example.test' },
    );
    await admin.call('post', `/api/bookings/${booking.id}/confirm`);

    await admin.signIn(page);
    await page.goto('/admin');
    await page.getByLabel('Search').fill('Moira Mover');
    await page
      .getByRole('row')
      .filter({ hasText: 'Moira Mover' })
      .getByRole('button', { name: 'Guest link and messages' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Guest link and messages' });
    await dialog.getByLabel('New check-out').fill(inDays(-2));
    await dialog.getByRole('button', { name: 'Move Stay' }).click();
    await expect(dialog.getByLabel('New check-out')).toHaveAccessibleDescription(
      'The check-out date must be after the check-in date.',
    );
    await expect(dialog.getByLabel('New check-in')).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Dates Changed', { exact: true })).toHaveCount(0);
  });

  test('a guest’s data is asked for by a real e-mail address, before export or erasure', async ({
    page,
    admin,
  }) => {
    await admin.signIn(page);
    await page.goto('/admin');
    await page.getByText('Guest data (UK GDPR)').click();
    const email = page.getByLabel('Guest e-mail');
    await email.fill('not an address');
    await page.getByRole('button', { name: 'Erase guest' }).click();
    await expect(email).toHaveAccessibleDescription('Give the guest’s e-mail address');
    await expect(page.getByRole('dialog', { name: 'Erase this guest?' })).toHaveCount(0);
    await email.fill('nobody@example.test');
    await page.getByRole('button', { name: 'Erase guest' }).click();
    const dialog = page.getByRole('dialog', { name: 'Erase this guest?' });
    await expect(dialog).toContainText(
      'Every booking and e-mail of nobody@example.test loses its personal details',
    );
    await dialog.getByRole('button', { name: 'Keep' }).click();
    await expect(dialog).toHaveCount(0);
  });
});
