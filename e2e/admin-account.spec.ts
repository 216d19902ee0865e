import type { APIRequestContext } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { E2E_ADMIN } from '../playwright.config.ts';
import { expect, loginAsAdmin, test } from './fixtures.ts';

/** The server's clock (the end-to-end server's can be moved forward): its time now, after moving `minutes`. */
async function serverTime(request: APIRequestContext, minutes = 0): Promise<number> {
  const response = await request.post('/api/test/clock', { data: { advanceMinutes: minutes } });
  expect(response.status()).toBe(200);
  return Date.parse((await response.json()).now);
}

/** The authenticator app's code for `secret` at the server's time, moved `minutes` on first. */
async function appCode(request: APIRequestContext, secret: string, minutes = 0): Promise<string> {
  const offset = (await serverTime(request, minutes)) - Date.now();
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + offset });
}

/**
 * Every spec shares one server and one admin account: a test that fails half-way must not leave two-step
 * sign-in on, or every later spec's login would be refused. The codes it was given turn it off.
 */
let recoveryCodes: string[] = [];
test.afterEach(async ({ request }) => {
  const [forLogin, forDisable] = recoveryCodes;
  recoveryCodes = [];
  if (!forLogin || !forDisable) return;
  const login = await request.post('/api/admin/login', { data: { ...E2E_ADMIN, code: forLogin } });
  if (login.status() !== 200) return;
  await request.post('/api/admin/two-factor/disable', {
    headers: { authorization: `Bearer ${(await login.json()).token}` },
    data: { password: E2E_ADMIN.password, code: forDisable },
  });
});

for (const width of [1280, 390]) {
  test.describe(`the Account tab at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('sets up two-step sign-in with the app, then logs in with the password and a code', async ({
      page,
    }) => {
      await loginAsAdmin(page);
      await page.goto('/admin?tab=account');
      await expect(page.getByRole('tab', { name: 'Account' })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('list', { name: 'Sessions' }).getByText('This device')).toBeVisible();

      // A common password is refused with the server's sentence, and nothing changes.
      await page.getByLabel('Current password', { exact: true }).fill(E2E_ADMIN.password);
      await page.getByLabel('New password', { exact: true }).fill('password1234');
      await page.getByLabel('Repeat the new password', { exact: true }).fill('password1234');
      await page.getByRole('button', { name: 'Change Password' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Password Not Changed' })).toContainText(
        'lists of common passwords',
      );

      await page.getByRole('button', { name: 'Set Up Two-Step Sign-In' }).click();
      await expect(
        page.getByRole('img', { name: 'QR code to scan with your authenticator app' }),
      ).toBeVisible();
      const { default: AxeBuilder } = await import('@axe-core/playwright');
      expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
      const secret = await page.getByLabel('Set-up key').inputValue();
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      await page.getByLabel('Code from the app', { exact: true }).fill(await appCode(page.request, secret));
      await page.getByRole('button', { name: 'Turn On' }).click();
      const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
      await expect(codes).toHaveCount(10);
      recoveryCodes = (await codes.allTextContents()).map((code) => code.trim());
      await page.getByRole('button', { name: 'I Have Saved Them' }).click();
      await expect(page.getByText(/Two-step sign-in is on since .*10 recovery code\(s\) left/)).toBeVisible();

      // Signed out, the login asks for the code once the password is right.
      await page.getByRole('button', { name: 'Logout' }).click();
      await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
      await page.getByLabel('Username').fill(E2E_ADMIN.username);
      await page.getByLabel('Password').fill(E2E_ADMIN.password);
      await expect(page.getByLabel('Authentication code')).toHaveCount(0);
      await page.getByRole('button', { name: 'Login' }).click();
      const codeField = page.getByLabel('Authentication code');
      await expect(codeField).toBeVisible();
      await expect(codeField).toBeFocused();
      expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
      // The next 30-second step's code (the one that turned it on cannot be used again).
      await codeField.fill(await appCode(page.request, secret, 1));
      await page.getByRole('button', { name: 'Login' }).click();
      await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();

      // Off again with the password and a recovery code.
      await page.getByRole('tab', { name: 'Account' }).click();
      const twoStep = page.getByRole('region', { name: 'Two-step sign-in' });
      await twoStep.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
      await twoStep.getByLabel('Code from the app or a recovery code').fill(recoveryCodes.pop()!);
      await twoStep.getByRole('button', { name: 'Turn Off Two-Step Sign-In' }).click();
      await expect(twoStep.getByRole('button', { name: 'Set Up Two-Step Sign-In' })).toBeVisible();
      recoveryCodes = [];
      expect((await page.request.post('/api/admin/login', { data: E2E_ADMIN })).status()).toBe(200);
    });
  });
}
