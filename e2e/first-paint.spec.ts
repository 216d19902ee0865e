import { expect, test } from './fixtures.ts';

/**
 * The marketing pages are complete HTML: their first paint never waits for JavaScript. They ask for
 * their scripts only after the load event and then come alive; the pages that cannot be read without
 * JavaScript keep React Router's module preloads.
 * See docs/decisions/006-scripts-after-the-first-paint.md.
 */
test.describe('scripts and the first paint', () => {
  test('the marketing pages ask for no script before their load event, then hydrate', async ({ page }) => {
    for (const path of ['/', '/golf-stays-aberdeen', '/contact']) {
      const html = await (await page.request.get(path)).text();
      expect(html, path).not.toContain('rel="modulepreload"');
      await page.goto(path); // waits for the page to hydrate (fixtures.ts)
      const early = await page.evaluate(() => {
        const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
        return performance
          .getEntriesByType('resource')
          .filter((entry) => /\.js(\?|$)/.test(entry.name) && entry.startTime < navigation!.loadEventStart)
          .map((entry) => entry.name);
      });
      expect(early, path).toEqual([]);
      await expect(page.locator('head link[rel="modulepreload"]').first(), path).toBeAttached();
    }
  });

  test('the admin area, which needs its scripts to be read, still announces them with the page', async ({
    request,
  }) => {
    const html = await (await request.get('/admin')).text();
    expect(html).toContain('rel="modulepreload"');
  });
});
