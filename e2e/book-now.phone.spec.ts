import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/**
 * Book Now on a 390 px phone: the links to #booking land on the calendar, and the calendar's own
 * choice of dates on load raises no notification over the header and the section.
 */
test.use({ viewport: { width: 390, height: 844 } });

/** True once the calendar (month, navigation and days) is wholly on screen below the sticky header. */
const calendarOnScreen = (page: Page) =>
  page.evaluate(() => {
    const grid = document.querySelector('#booking table[role="grid"]');
    const navigation = document.querySelector('#booking button[aria-label="Next month"]');
    const header = document.querySelector('header');
    if (!grid || !navigation || !header) return false;
    const top = navigation.getBoundingClientRect().top;
    const bottom = grid.getBoundingClientRect().bottom;
    return top >= header.getBoundingClientRect().bottom && bottom <= window.innerHeight;
  });

test.describe('Book Now on a phone', () => {
  test('the hero’s Book Now link brings the calendar into view', async ({ page, card }) => {
    await page.goto('/');
    expect(await calendarOnScreen(page)).toBe(false);
    await page.getByRole('main').getByRole('link', { name: 'Book Now' }).first().click();
    await expect(page).toHaveURL(/#booking$/);
    await expect(card.section.getByRole('grid')).toBeVisible({ timeout: 20_000 });
    await expect.poll(() => calendarOnScreen(page), { timeout: 10_000 }).toBe(true);
  });

  test('a page opened at /#booking shows the calendar, its choice answered in the card, no toast', async ({
    page,
    card,
  }) => {
    await page.goto('/#booking');
    await expect(card.section.getByRole('grid')).toBeVisible({ timeout: 20_000 });
    await expect.poll(() => calendarOnScreen(page), { timeout: 10_000 }).toBe(true);
    await expect(card.section.getByTestId('availability-note')).toContainText(
      'These dates are available to book.',
    );
    const notifications = page.getByRole('region', { name: /Notifications/ });
    await expect(notifications).toBeAttached({ timeout: 10_000 });
    await expect(notifications.getByRole('listitem')).toHaveCount(0);
  });
});
