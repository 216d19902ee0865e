import { expect, test } from './fixtures.ts';

test.describe('Activities menu', () => {
  test('works from the keyboard: arrows move, Escape closes and returns focus, Enter follows a link', async ({
    page,
  }) => {
    await page.goto('/contact');
    const button = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Activities' });
    await button.focus();
    await page.keyboard.press('ArrowDown');
    const menu = page.getByRole('menu', { name: 'Activities' });
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(menu.getByRole('menuitem', { name: 'Golf Stays Aberdeen' })).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(menu.getByRole('menuitem', { name: 'Royal Deeside Activities' })).toBeFocused();
    await page.keyboard.press('Home');
    await expect(menu.getByRole('menuitem', { name: 'Golf Stays Aberdeen' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await expect(button).toBeFocused();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: 'Trump Golf Aberdeen' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/trump-golf-aberdeen$/);
    await expect(menu).toHaveCount(0);
  });
});
