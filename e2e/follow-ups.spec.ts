import { expect, test } from './fixtures.ts';

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
