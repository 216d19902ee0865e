import { expect, scriptsBeforeLoad, test } from './fixtures.ts';

/**
 * The marketing pages are complete HTML: their first paint never waits for JavaScript. They ask for
 * their scripts only after the load event and then come alive; the pages that cannot be read without
 * JavaScript keep React Router's module preloads.
 * See docs/decisions/006-scripts-after-the-first-paint.md.
 */
test.describe('scripts and the first paint', () => {
  test('the marketing pages ask for no script before their load event, then hydrate', async ({ page }) => {
    for (const path of ['/', '/reviews', '/golf-stays-aberdeen', '/contact']) {
      const html = await (await page.request.get(path)).text();
      expect(html, path).not.toContain('rel="modulepreload"');
      await page.goto(path); // waits for the page to hydrate (fixtures.ts)
      expect(await scriptsBeforeLoad(page), path).toEqual([]);
      await expect(page.locator('head link[rel="modulepreload"]').first(), path).toBeAttached();
    }
  });

  test('a page opened at /#booking asks for the card’s code and data with its own modules, the data once', async ({
    page,
  }) => {
    // When the page became interactive and when the card's own root said the card was usable, by the page's own
    // clock (the card's slot asks for them itself only after the page is interactive).
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (!('cardReadyAt' in window) && document.querySelector('[data-book-now-root][data-ready]'))
          Object.assign(window, { cardReadyAt: performance.now() });
        if (document.documentElement.dataset.hydrated !== 'true') return;
        Object.assign(window, { hydratedAt: performance.now() });
        observer.disconnect();
      }).observe(document, {
        subtree: true,
        attributes: true,
        attributeFilter: ['data-hydrated', 'data-ready'],
      });
    });
    await page.goto('/#booking');
    await expect(page.getByRole('complementary', { name: 'Booking' }).getByRole('grid')).toBeVisible({
      timeout: 20_000,
    });
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    const { hydratedAt, cardReadyAt, requests } = await page.evaluate(() => ({
      hydratedAt: (window as unknown as { hydratedAt: number }).hydratedAt,
      cardReadyAt: (window as unknown as { cardReadyAt?: number }).cardReadyAt,
      requests: (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((entry) => ({
        path: new URL(entry.name).pathname,
        start: entry.startTime,
      })),
    }));
    const card = requests.find((request) => /^\/assets\/booking-island-[\w-]+\.js$/.test(request.path));
    const ratePlan = requests.filter((request) => request.path === '/api/rate-plan');
    const taken = requests.filter((request) => request.path === '/api/unavailable-dates/1');
    expect(
      hydratedAt && card && ratePlan[0] && taken[0],
      JSON.stringify({ hydratedAt, requests }),
    ).toBeTruthy();
    // Asked for before the page was interactive: with the page's own modules, not after them.
    expect(card!.start).toBeLessThan(hydratedAt);
    expect(ratePlan[0]!.start).toBeLessThan(hydratedAt);
    expect(taken[0]!.start).toBeLessThan(hydratedAt);
    // The card's own root made it usable first; the page hydrated after it
    // (docs/decisions/034-the-book-now-card-on-its-own.md).
    expect(cardReadyAt, JSON.stringify({ hydratedAt, cardReadyAt })).toBeDefined();
    expect(cardReadyAt!).toBeLessThan(hydratedAt);
    // The card's queries took the responses already on their way instead of asking again.
    expect(ratePlan).toHaveLength(1);
    expect(taken).toHaveLength(1);
  });

  test('a page opened at /#booking, its card rendered on its own root first, still moves within the site when hydrated', async ({
    page,
  }) => {
    // The card's own root renders before the page hydrates (docs/decisions/034-the-book-now-card-on-its-own.md):
    // React must still hear the page's clicks, so a link of the page moves without loading a new document.
    await page.goto('/#booking'); // waits for the page to hydrate (fixtures.ts)
    await expect(page.locator('[data-book-now-root][data-ready]')).toBeAttached();
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await page.getByRole('banner').getByRole('link', { name: 'Contact' }).click();
    await expect(page).toHaveURL(/\/contact$/);
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
    // And the card's own link to the terms moves the same way.
    await page.goBack();
    await expect(page.locator('[data-book-now-root][data-ready]')).toBeAttached();
    await page
      .getByRole('complementary', { name: 'Booking' })
      .getByRole('link', { name: 'Terms and Conditions' })
      .click();
    await expect(page).toHaveURL(/\/terms-and-conditions$/);
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
  });

  test('a guest who reads the home page before Book Now finds the card’s code and data already fetched', async ({
    page,
  }) => {
    const reads: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/')) reads.push(pathname);
    });
    // In the background after the load event, without the guest going anywhere near the card.
    const fetched = Promise.all([
      page.waitForResponse((response) => new URL(response.url()).pathname === '/api/unavailable-dates/1'),
      page.waitForResponse((response) => new URL(response.url()).pathname === '/api/rate-plan'),
      page.waitForResponse((response) => /\/assets\/booking-island-[\w-]+\.js$/.test(response.url())),
    ]);
    await page.goto('/'); // the hero at the top; the Book Now section far below the screen
    await fetched;
    await page.getByRole('main').getByRole('link', { name: 'Book Now' }).first().click();
    await expect(page.getByRole('complementary', { name: 'Booking' }).getByRole('grid')).toBeVisible();
    // The card opened on what was fetched: its first reads went over the network once.
    expect(reads.filter((path) => path === '/api/unavailable-dates/1')).toHaveLength(1);
    expect(reads.filter((path) => path === '/api/rate-plan')).toHaveLength(1);
  });

  test('a browser without module preloads (Safari before 17) still hydrates the page and opens the card', async ({
    page,
  }) => {
    // Such a browser knows no `modulepreload`: it fetches nothing for those links and fires no event on them.
    await page.addInitScript(() => {
      const supports = DOMTokenList.prototype.supports;
      DOMTokenList.prototype.supports = function (token: string) {
        return token === 'modulepreload' ? false : supports.call(this, token);
      };
      const rel = Object.getOwnPropertyDescriptor(HTMLLinkElement.prototype, 'rel')!;
      Object.defineProperty(HTMLLinkElement.prototype, 'rel', {
        ...rel,
        set(value: string) {
          rel.set!.call(this, value === 'modulepreload' ? 'unknown-to-this-browser' : value);
        },
      });
    });
    await page.goto('/'); // waits for the page to hydrate (fixtures.ts)
    await page.getByRole('main').getByRole('link', { name: 'Book Now' }).first().click();
    await expect(page.getByRole('complementary', { name: 'Booking' }).getByRole('grid')).toBeVisible();
  });

  test('the admin area, which needs its scripts to be read, still announces them with the page', async ({
    request,
  }) => {
    const html = await (await request.get('/admin')).text();
    expect(html).toContain('rel="modulepreload"');
  });
});
