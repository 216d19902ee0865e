import { expect, test } from './fixtures.ts';

test.describe('app shell', () => {
  test('the header links home and to contact, highlighting the active one', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Contact' }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(nav.getByRole('link', { name: 'Contact' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current', 'page');
    await nav.getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('the Activities dropdown lists three pages and closes after a choice', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: 'Activities' }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem')).toHaveText([
      'Golf Stays Aberdeen',
      'Trump Golf Aberdeen',
      'Royal Deeside Activities',
    ]);
    await menu.getByRole('menuitem', { name: 'Trump Golf Aberdeen' }).click();
    await expect(page).toHaveURL(/\/trump-golf-aberdeen$/);
    await expect(page.getByRole('menu')).toHaveCount(0);
  });

  test('the Activities dropdown closes on a click outside it', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Activities' }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    await page.mouse.click(5, 400);
    await expect(page.getByRole('menu')).toHaveCount(0);
  });

  test('the footer links to the terms and the privacy policy', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: 'Terms and Conditions' })).toHaveAttribute(
      'href',
      '/terms-and-conditions',
    );
    await footer.getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page).toHaveURL(/\/privacy-policy$/);
  });

  test('an unknown page shows the not-found page with status 404', async ({ page }) => {
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
  });
});

test.describe('mobile menu', () => {
  test.use({ viewport: { width: 390, height: 800 } });

  test('the menu button toggles a menu with the same links plus Admin', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await toggle.click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await expect(menu.getByRole('link')).toHaveText([
      'Home',
      'Golf Stays Aberdeen',
      'Trump Golf Aberdeen',
      'Royal Deeside Activities',
      'Contact',
      'Admin',
    ]);
    await menu.getByRole('link', { name: 'Admin' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('navigation', { name: 'Mobile' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'Close menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Mobile' })).toHaveCount(0);
  });

  test('each link of the menu is a full-width tap target at least 44 px tall', async ({ page }) => {
    await page.goto('/contact');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const links = page.getByRole('navigation', { name: 'Mobile' }).getByRole('link');
    await expect(links).toHaveCount(6);
    let previousBottom = 0;
    for (const link of await links.all()) {
      const box = (await link.boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(44);
      expect(box.width).toBeGreaterThan(300);
      expect(box.y).toBeGreaterThanOrEqual(previousBottom);
      previousBottom = box.y + box.height;
    }
  });

  test('Escape closes the menu and returns the keyboard to the menu button', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await menu.getByRole('link', { name: 'Golf Stays Aberdeen' }).focus();
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
  });
});
