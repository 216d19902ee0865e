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

  test('a page opened at /#booking asks for the card’s code and data with its own modules, the data once', async ({
    page,
  }) => {
    await page.goto('/#booking');
    await expect(page.getByRole('complementary', { name: 'Booking' }).getByRole('grid')).toBeVisible({
      timeout: 20_000,
    });
    const requests = await page.evaluate(() =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((entry) => ({
        path: new URL(entry.name).pathname,
        start: entry.startTime,
        end: entry.responseEnd,
      })),
    );
    const first = (pattern: RegExp) => requests.find((request) => pattern.test(request.path));
    const framework = first(/^\/assets\/framework-[\w-]+\.js$/);
    const card = first(/^\/assets\/booking-card-[\w-]+\.js$/);
    const ratePlan = requests.filter((request) => request.path === '/api/rate-plan');
    const taken = requests.filter((request) => request.path === '/api/unavailable-dates/1');
    expect(framework && card && ratePlan[0] && taken[0], JSON.stringify(requests)).toBeTruthy();
    // Asked for before the page's own framework had arrived, so not after the page became interactive.
    expect(card!.start).toBeLessThanOrEqual(framework!.end);
    expect(ratePlan[0]!.start).toBeLessThanOrEqual(framework!.end);
    expect(taken[0]!.start).toBeLessThanOrEqual(framework!.end);
    // The card's queries took the responses already on their way instead of asking again.
    expect(ratePlan).toHaveLength(1);
    expect(taken).toHaveLength(1);
  });

  test('the admin area, which needs its scripts to be read, still announces them with the page', async ({
    request,
  }) => {
    const html = await (await request.get('/admin')).text();
    expect(html).toContain('rel="modulepreload"');
  });
});
