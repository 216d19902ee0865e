import { describe, expect, it } from 'vitest';
import { cardModules, deferHydration } from './defer-hydration.ts';

/**
 * The build's rewrite of a pre-rendered public page (docs/decisions/006 and 019): React Router's preloads go,
 * the inline module asks for the same modules after the load event, and on the page with the Book Now card's
 * slot, for the card's modules and data too. The browser side is checked by e2e/first-paint.spec.ts.
 */
const page = (body: string) =>
  [
    '<!DOCTYPE html><html><head>',
    '<link rel="modulepreload" href="/assets/manifest.js"/>',
    '<link rel="modulepreload" href="/assets/framework.js"/>',
    '<link rel="modulepreload" href="/assets/home.js"/>',
    `</head><body>${body}`,
    '<script type="module" async="">import "/assets/manifest.js";\nimport * as route0 from "/assets/home.js";\n',
    'window.__reactRouterRouteModules = {"routes/home":route0};\nimport("/assets/entry.client.js");</script>',
    '</body></html>',
  ].join('');
const SLOT =
  '<div data-head-start="/api/unavailable-dates/1 /api/rate-plan" data-head-start-hash="#booking" data-head-start-margin="1200px 0px" data-head-start-state="data-book-now">';
const CARD = {
  firstView: ['/assets/booking-island.js', '/assets/framework.js'],
  details: ['/assets/dialog.js'],
};

describe('deferHydration', () => {
  it('removes the preloads and imports the same modules from the inline module', () => {
    const html = deferHydration(page('<main></main>'));
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).toContain('["/assets/manifest.js","/assets/framework.js","/assets/home.js"]');
    expect(html).toContain('import("/assets/home.js")');
  });

  it('on the page with the card’s slot, asks for the card’s first view first, then its details and the page’s, and heads for it from the head', async () => {
    const html = deferHydration(page(`<main>${SLOT}</div></main>`), CARD);
    const [head, body] = html.split('</head>');
    // After the load event: the card's two first reads, which a tap soon after the load event would otherwise
    // ask for a round trip late, then the first view's modules the page does not load, at high priority, waited
    // for; only then its details at high and the page's own modules at low, and the page's imports after them
    // (docs/decisions/037-the-book-now-cards-first-view.md).
    const reads = body!.indexOf(
      `for (const href of ["/api/unavailable-dates/1","/api/rate-plan"]) announce('preload', href, 'high');`,
    );
    const firstView = body!.indexOf(
      `await settled(["/assets/booking-island.js"].map((href) => announce('modulepreload', href, 'high')));`,
    );
    const details = body!.indexOf(
      `for (const href of ["/assets/dialog.js"]) announce('modulepreload', href, 'high');`,
    );
    const own = body!.indexOf(
      `for (const href of ["/assets/manifest.js","/assets/framework.js","/assets/home.js"]) announce('modulepreload', href, 'low');`,
    );
    expect(reads).toBeGreaterThan(-1);
    expect(firstView).toBeGreaterThan(reads);
    expect(details).toBeGreaterThan(firstView);
    expect(own).toBeGreaterThan(details);
    expect(body!.indexOf('import("/assets/home.js")')).toBeGreaterThan(own);
    // Heading for the card: its reads first, then the first view's modules, and once they are in, the details'
    // and the page's own behind them.
    const headReads = head!.indexOf(
      `for (const href of ["/api/unavailable-dates/1","/api/rate-plan"]) announce('preload', href, 'high');`,
    );
    const headFirstView = head!.indexOf(
      `settled(["/assets/booking-island.js","/assets/framework.js"].map((href) => announce('modulepreload', href, 'high'))).then(() => {`,
    );
    const headDetails = head!.indexOf(
      `for (const href of ["/assets/dialog.js"]) announce('modulepreload', href, 'high');`,
    );
    const headOwn = head!.indexOf(
      `for (const href of ["/assets/manifest.js","/assets/home.js"]) announce('modulepreload', href, 'low');`,
    );
    expect(headReads).toBeGreaterThan(-1);
    expect(headFirstView).toBeGreaterThan(headReads);
    expect(headDetails).toBeGreaterThan(headFirstView);
    expect(headOwn).toBeGreaterThan(headDetails);
    expect(head).toContain('location.hash === "#booking"');
    expect(head).toContain('{ rootMargin: "1200px 0px" }');
  });

  it('on heading for the card, renders it on its own root first and hydrates the page after it (decision 034)', () => {
    const html = deferHydration(page(`<main>${SLOT}</div></main>`), CARD);
    const [head, body] = html.split('</head>');
    // The head imports the card's own root and says so on <html>; a failed download lets the page go on.
    expect(head).toContain(`html.setAttribute("data-book-now", 'wanted');`);
    expect(head).toContain(
      `import("/assets/booking-island.js").catch(() => html.setAttribute("data-book-now", 'failed'));`,
    );
    // The page's modules are imported only once the card's root has answered.
    const wait = body!.indexOf(`html.getAttribute("data-book-now") === 'wanted'`);
    expect(wait).toBeGreaterThan(-1);
    expect(wait).toBeLessThan(body!.indexOf('import("/assets/home.js")'));
    // At the card's address the clips above it are held until then.
    expect(head).toContain("document.querySelectorAll('video[autoplay]')");
  });

  it('on heading for the card once the page has begun hydrating, the card’s own root renders it all the same (decision 035)', () => {
    const html = deferHydration(page(`<main>${SLOT}</div></main>`), CARD);
    const [head] = html.split('</head>');
    // Begun: the attribute is there (the page's module set it) and stays; the card's root mounts the card.
    expect(head).toContain(
      `  } else {\n    import("/assets/booking-island.js").then((card) => card.mountInPage(), () => {});\n  }`,
    );
  });

  it('fails the build when the slot does not name the attribute the card’s root answers through', () => {
    const slot = SLOT.replace(' data-head-start-state="data-book-now"', '');
    expect(() => deferHydration(page(`<main>${slot}</div></main>`), CARD)).toThrow(/data-head-start-state/);
  });

  it('leaves a page without the slot as it was without a card', () => {
    expect(deferHydration(page('<main></main>'), CARD)).toBe(deferHydration(page('<main></main>')));
  });

  it('fails on a page whose hydration scripts are not where React Router puts them', () => {
    expect(() => deferHydration('<!DOCTYPE html><html><body></body></html>')).toThrow(/No hydration scripts/);
  });
});

describe('cardModules', () => {
  it('is the card’s chunk and every chunk it imports, each once (its first view), then the details’ chunk and what it adds', () => {
    const manifest = {
      'src/web/features/booking/booking-island.tsx': {
        file: 'assets/booking-island-a1.js',
        imports: ['_framework', '_dialog'],
        dynamicImports: ['src/web/features/booking/booking-details.tsx'],
      },
      _dialog: { file: 'assets/dialog-b2.js', imports: ['_framework'] },
      _framework: { file: 'assets/framework-c3.js' },
      'src/web/app/routes/admin.tsx': { file: 'assets/admin-d4.js', imports: ['_dialog'] },
      'src/web/features/booking/booking-details.tsx': {
        file: 'assets/details-e5.js',
        imports: ['_framework', '_form'],
        dynamicImports: ['src/web/features/payments/stripe-payment-panel.tsx'],
      },
      _form: { file: 'assets/form-f6.js' },
      'src/web/features/payments/stripe-payment-panel.tsx': {
        file: 'assets/stripe-g7.js',
        imports: ['_form'],
      },
    };
    expect(cardModules(manifest)).toEqual({
      firstView: ['/assets/booking-island-a1.js', '/assets/framework-c3.js', '/assets/dialog-b2.js'],
      details: ['/assets/details-e5.js', '/assets/form-f6.js'],
    });
  });

  it('fails when the build has no card', () => {
    expect(() => cardModules({})).toThrow(/booking-island\.tsx/);
  });

  it('fails when the card has no details’ chunk (the first view would wait for them)', () => {
    const manifest = {
      'src/web/features/booking/booking-island.tsx': { file: 'assets/booking-island-a1.js' },
    };
    expect(() => cardModules(manifest)).toThrow(/booking-details\.tsx/);
  });
});
