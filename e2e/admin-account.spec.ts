import { Secret, TOTP } from 'otpauth';
import { expect, type TestClock, test } from './fixtures.ts';

/**
 * Its own server: two-step sign-in turned on here must never meet another spec's login, and the server's clock is
 * moved to the next 30-second step.
 */
test.use({ ownServer: 'admin-account' });

/** The authenticator app's code for `secret` at the server's time, the clock moved `minutes` on first. */
async function appCode(clock: TestClock, secret: string, minutes = 0): Promise<string> {
  const serverNow = (await clock.advance(minutes)).getTime();
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: serverNow });
}

for (const width of [1280, 390]) {
  test.describe(`the Account tab at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('sets up two-step sign-in with the app, then logs in with the password and a code', async ({
      page,
      api,
      admin,
      clock,
      site,
    }) => {
      const { default: AxeBuilder } = await import('@axe-core/playwright');
      await admin.signIn(page);
      await page.goto('/admin?tab=account');
      await expect(page.getByRole('tab', { name: 'Account' })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('list', { name: 'Sessions' }).getByText('This device')).toBeVisible();

      // Two different new passwords are refused in the browser, under the field that differs.
      await page.getByLabel('Current password', { exact: true }).fill(site.admin.password);
      await page.getByLabel('New password', { exact: true }).fill('password1234');
      await page.getByLabel('Repeat the new password', { exact: true }).fill('password1235');
      await page.getByRole('button', { name: 'Change Password' }).click();
      await expect(page.getByLabel('Repeat the new password', { exact: true })).toHaveAccessibleDescription(
        'The two new passwords are not the same.',
      );

      // A common password is refused with the server's sentence, and nothing changes.
      await page.getByLabel('Repeat the new password', { exact: true }).fill('password1234');
      await page.getByRole('button', { name: 'Change Password' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Password Not Changed' })).toContainText(
        'lists of common passwords',
      );

      const twoStep = page.getByRole('region', { name: 'Two-step sign-in' });
      await twoStep.getByRole('button', { name: 'Set Up Two-Step Sign-In' }).click();
      await expect(
        twoStep.getByRole('img', { name: 'QR code to scan with your authenticator app' }),
      ).toBeVisible();
      expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
      const secret = await twoStep.getByLabel('Set-up key').inputValue();
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      await twoStep.getByLabel('Code from the app', { exact: true }).fill(await appCode(clock, secret));
      await twoStep.getByRole('button', { name: 'Turn On' }).click();
      const codes = twoStep.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
      await expect(codes).toHaveCount(10);
      const recoveryCodes = (await codes.allTextContents()).map((code) => code.trim());
      await twoStep.getByRole('button', { name: 'I Have Saved Them' }).click();
      await expect(
        twoStep.getByText(/Two-step sign-in is on since .*10 recovery code\(s\) left/),
      ).toBeVisible();

      // Signed out, the login asks for the code once the password is right.
      await page.getByRole('button', { name: 'Logout' }).click();
      await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
      await page.getByLabel('Username').fill(site.admin.username);
      await page.getByLabel('Password').fill(site.admin.password);
      await expect(page.getByLabel('Authentication code')).toHaveCount(0);
      await page.getByRole('button', { name: 'Login' }).click();
      const codeField = page.getByLabel('Authentication code');
      await expect(codeField).toBeVisible();
      await expect(codeField).toBeFocused();
      expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
      // The next 30-second step's code (the one that turned it on cannot be used again).
      await codeField.fill(await appCode(clock, secret, 1));
      await page.getByRole('button', { name: 'Login' }).click();
      await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();

      // Off again with the password and a recovery code.
      await page.getByRole('tab', { name: 'Account' }).click();
      await twoStep.getByLabel('Password', { exact: true }).fill(site.admin.password);
      await twoStep.getByLabel('Code from the app or a recovery code').fill(recoveryCodes[0]!);
      await twoStep.getByRole('button', { name: 'Turn Off Two-Step Sign-In' }).click();
      await expect(twoStep.getByRole('button', { name: 'Set Up Two-Step Sign-In' })).toBeVisible();
      expect((await api.post('/api/admin/login', { data: site.admin })).status()).toBe(200);
    });
  });
}
