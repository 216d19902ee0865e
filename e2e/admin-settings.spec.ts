import { expect, test } from './fixtures.ts';

/**
 * The mail server entered in the Email tab (docs/decisions/024-settings-in-the-admin.md), on a server of its own
 * whose environment names no mail server: a wrong password is refused with the mail server's words beside the
 * form, a right one saved, and the site's next e-mail goes through it.
 */
test.use({
  ownServer: 'admin-settings',
  mailServerInEnvironment: false,
  viewport: { width: 1280, height: 900 },
});

test('the owner enters the mail server in the Email tab: a wrong password is refused, a right one saved', async ({
  page,
  admin,
  site,
  mailbox,
}) => {
  const smtp = site.smtp!;
  const { default: AxeBuilder } = await import('@axe-core/playwright');
  await admin.signIn(page);
  await page.goto('/admin?tab=email');
  const form = page.getByRole('region', { name: 'Mail Server' });
  await expect(form.getByLabel('Mail server address')).toHaveValue('');
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  await form.getByLabel('Mail server address').fill('127.0.0.1');
  await form.getByLabel('Port').fill(String(smtp.port));
  await form.getByLabel('Security').selectOption({ label: 'STARTTLS (usually port 587)' });
  await form.getByLabel('Account').fill(smtp.user);
  await form.getByLabel('Password').fill('not-the-password');
  await form.getByRole('button', { name: 'Check and Save' }).click();
  await expect(form.getByRole('alert')).toContainText('The mail server refused the login');
  expect((await admin.call('get', '/api/admin/settings/mail-server')).passwordSet).toBe(false);

  await form.getByLabel('Password').fill(smtp.password);
  await form.getByRole('button', { name: 'Check and Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Mail Server Saved' })).toContainText(
    'booking e-mails are sent through 127.0.0.1',
  );
  await expect(form.getByText('A password is saved. Leave this empty to keep it.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Email Setup' }).getByRole('status')).toContainText(
    `Configured: booking e-mails are sent from ${smtp.user}.`,
  );
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  // Kept after a reload; the password never comes back to the page.
  await page.reload();
  await expect(form.getByLabel('Mail server address')).toHaveValue('127.0.0.1');
  await expect(form.getByLabel('Account')).toHaveValue(smtp.user);
  await expect(form.getByLabel('Password')).toHaveValue('');

  // The next e-mail goes through it, with no restart: the owner's test message.
  await page.getByRole('button', { name: 'Send Test Message' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Test Message Sent' })).toBeVisible();
  expect((await mailbox.next('owner@example.test', /^Test message from The Tower$/)).email.subject).toBe(
    'Test message from The Tower',
  );
});
