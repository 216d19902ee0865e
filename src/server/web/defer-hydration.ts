/**
 * Scripts after the first paint on the marketing pages (docs/decisions/006-scripts-after-the-first-paint.md).
 * React Router announces the hydration scripts with `<link rel="modulepreload">` in the head and an inline module
 * that imports them, so a phone fetches ~150 kB of JavaScript alongside the stylesheet and the main photo, and
 * Lighthouse counts every preloaded module in the first paint's critical path. These pages are complete HTML
 * without JavaScript, so their preloads are dropped and the inline module waits until the page has loaded and
 * painted (or the first sign that the guest is about to use the page: opened at a place in it such as /#booking,
 * a tap, a key, a scroll) before it announces the same modules and imports them, in parallel, as React Router
 * would have. The pages that cannot be read without JavaScript (admin, checkout, booking success, downloads) keep
 * React Router's own tags. The build applies it to the pages it pre-renders (scripts/finish-build.ts), the server
 * to the pages it renders again with the owner's content (render-pages.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { PUBLIC_PATHS } from '../../domain/site-paths.ts';

/** The pages that read completely without JavaScript: the public pages and the not-found page. */
export const SCRIPTS_AFTER_LOAD_PATHS: readonly string[] = [...PUBLIC_PATHS, '/404'];

const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"\/>/g;
const HYDRATION_MODULE = /<script type="module" async="">([\s\S]*?)<\/script>/;
const STATIC_IMPORT = /^import (?:\* as (\w+) from )?("[^"]+");\n?/gm;

/** The Book Now card's slot (book-now-section.tsx) and what it says of itself. */
const CARD_SLOT = /<div[^>]* data-head-start="([^"]+)"[^>]*>/;
const slotAttribute = (slot: string, name: string) => slot.match(new RegExp(` ${name}="([^"]+)"`))?.[1];
/** The card's first reads, which the slot names (`data-head-start`): the taken nights and the rate plan. */
const slotReads = (slot: string) => slotAttribute(slot, 'data-head-start')!.split(' ');

/** One `<link>` added to the head: a module preload, or a preload of the card's data (`as="fetch"`). */
const ANNOUNCE = [
  'const announce = (rel, href, priority) => {',
  "  const link = document.createElement('link');",
  '  link.rel = rel;',
  '  link.href = href;',
  '  if (priority) link.fetchPriority = priority;',
  "  if (rel === 'preload') {",
  "    link.as = 'fetch';",
  // The same request as the card's own `fetch(url, { credentials: 'include' })`, so that it takes this one.
  "    link.crossOrigin = 'use-credentials';",
  '  }',
  '  document.head.append(link);',
  '  return link;',
  '};',
  // Settled once every one of these module preloads has loaded or failed. A browser without module preloads
  // (Safari before 17) fetches nothing for them and fires neither event: there it is settled at once.
  "const preloading = document.createElement('link').relList.supports?.('modulepreload') === true;",
  "const settled = (links) => preloading ? Promise.all(links.map((link) => new Promise((done) => { link.addEventListener('load', done); link.addEventListener('error', done); }))) : Promise.resolve();",
];

/**
 * The page with its hydration scripts announced after the load event instead of before the first paint.
 * Throws when React Router's output no longer has the expected shape, so a change there fails the build.
 *
 * `cardModules`: the modules of the Book Now card (the build's list, `cardModules`). On the page with the card's
 * slot they are asked for with the page's own modules, first and at high priority with the page's at low behind
 * them, so that a tap soon after the load event finds them on their way (the card's own root needs nothing of the
 * page's: docs/decisions/035-the-book-now-card-on-preact.md); and the moment the guest heads for the card, before the page is interactive (the page
 * opened at it, a link to it, the slot nearing the screen), a small module in the head asks for the page's and
 * the card's modules and the card's data at once, at high priority and in parallel, instead of the page's modules
 * once the stylesheet is in and the card's once the page has hydrated
 * (docs/decisions/021-book-now-on-a-phone.md).
 */
export function deferHydration(html: string, cardModules?: CardModules): string {
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]!);
  const module = html.match(HYDRATION_MODULE);
  if (preloads.length === 0 || !module) throw new Error('No hydration scripts found in a pre-rendered page');
  const imports = [...module[1]!.matchAll(STATIC_IMPORT)].map((match) => ({
    name: match[1],
    url: match[2]!,
  }));
  const rest = module[1]!.replace(STATIC_IMPORT, '').trim();
  if (imports.length === 0 || /^\s*import\s[^(]/m.test(rest)) {
    throw new Error('The hydration module of a pre-rendered page has an unexpected shape');
  }
  const slot = cardModules ? html.match(CARD_SLOT)?.[0] : undefined;
  const notThePages = (hrefs: readonly string[]) => hrefs.filter((href) => !preloads.includes(href));
  const firstView = slot && cardModules ? notThePages(cardModules.firstView) : [];
  const details = slot && cardModules ? notThePages(cardModules.details) : [];
  const body = [
    ...ANNOUNCE,
    // Once the page has loaded and painted (in the task after both: on a fast connection the load event can
    // come before the first paint), or as soon as the guest shows they are about to use the page: opened at a
    // place in it (/#booking), a tap, a key, a scroll. No timer or animation frame, so a page whose clock is
    // held (the browser tests' controlled clock) still comes alive. The load listener must not capture: it
    // would hear every image's load event.
    'await new Promise((start) => {',
    '  if (location.hash.length > 1) return start();',
    "  const engaged = ['pointerdown', 'touchstart', 'keydown', 'wheel', 'scroll'];",
    '  const options = { capture: true, passive: true };',
    "  let loaded = document.readyState === 'complete';",
    "  let painted = !PerformanceObserver.supportedEntryTypes?.includes('paint');",
    '  const observer = new PerformanceObserver((list) => {',
    "    painted ||= list.getEntriesByName('first-contentful-paint').length > 0;",
    '    whenReady();',
    '  });',
    '  const stop = () => {',
    '    observer.disconnect();',
    "    removeEventListener('load', onLoad);",
    '    for (const name of engaged) removeEventListener(name, now, options);',
    '  };',
    '  const now = () => { stop(); start(); };',
    '  const whenReady = () => {',
    '    if (!loaded || !painted) return;',
    '    stop();',
    '    const channel = new MessageChannel();',
    '    channel.port1.onmessage = () => start();',
    '    channel.port2.postMessage(null);',
    '  };',
    '  const onLoad = () => { loaded = true; whenReady(); };',
    "  if (!painted) observer.observe({ type: 'paint', buffered: true });",
    "  addEventListener('load', onLoad);",
    '  for (const name of engaged) addEventListener(name, now, options);',
    '});',
    // Every module of the page at once, as React Router's preloads would have asked for them. On the page with the
    // Book Now card: first the card's two first reads, which the page reads in the background once hydrated anyway
    // (taking these answers), and the card's first view's modules, at high priority; only once those are in, the
    // card's details and the page's own modules, and only then does the page import its own. On a phone they
    // share six connections and little bandwidth, each request its share: a guest who taps Book Now soon after
    // the load event waits only for the card's first view (decisions 035 and 037). (A module or read already
    // asked for by the head's module is not asked for again.)
    ...(slot && firstView.length
      ? [
          `for (const href of ${JSON.stringify(slotReads(slot))}) announce('preload', href, 'high');`,
          `await settled(${JSON.stringify(firstView)}.map((href) => announce('modulepreload', href, 'high')));`,
          `for (const href of ${JSON.stringify(details)}) announce('modulepreload', href, 'high');`,
          `for (const href of ${JSON.stringify(preloads)}) announce('modulepreload', href, 'low');`,
        ]
      : [`for (const href of ${JSON.stringify(preloads)}) announce('modulepreload', href);`]),
    ...(slot ? waitForCardRoot(slotAttribute(slot, 'data-head-start-state')) : []),
    `const [${imports.map((item) => item.name ?? '').join(', ')}] = await Promise.all([${imports.map((item) => `import(${item.url})`).join(', ')}]);`,
    rest,
  ].join('\n');
  const deferred = html
    .replace(MODULE_PRELOAD, '')
    .replace(HYDRATION_MODULE, () => `<script type="module" async="">${body}</script>`);
  if (!slot) return deferred;
  const head = headStartModule(slot, cardModules!, preloads);
  return deferred.replace('</head>', () => `<script type="module" async="">${head}</script></head>`);
}

/**
 * On the page with the Book Now card, when the head's module has mounted the card's own root before the page is
 * interactive (the attribute of `<html>` named by the slot says `wanted`): the page's modules are evaluated and
 * the page hydrated only once the card is on screen (or could not be), so the two do not share the phone's CPU
 * while the guest waits for the card (docs/decisions/034-the-book-now-card-on-its-own.md).
 */
function waitForCardRoot(state: string | undefined): string[] {
  if (!state) throw new Error('The Book Now slot lacks data-head-start-state');
  return [
    'await new Promise((go) => {',
    '  const html = document.documentElement;',
    `  const waiting = () => html.getAttribute(${JSON.stringify(state)}) === 'wanted';`,
    // Hydrating from here on: a later heading for the card only asks for its modules (the page mounts it).
    `  if (!html.hasAttribute(${JSON.stringify(state)})) html.setAttribute(${JSON.stringify(state)}, 'page');`,
    '  if (!waiting()) return go();',
    '  const watch = new MutationObserver(() => {',
    '    if (waiting()) return;',
    '    watch.disconnect();',
    '    go();',
    '  });',
    `  watch.observe(html, { attributes: true, attributeFilter: [${JSON.stringify(state)}] });`,
    '});',
  ];
}

/**
 * The head's module on the page with the Book Now card: when the guest heads for the card before the page is
 * interactive, it asks for the card's first reads and its modules at once, at high priority, then the page's
 * own modules, and imports the card's own root (its first module), which renders the card before the page
 * hydrates (docs/decisions/021-book-now-on-a-phone.md, 034-the-book-now-card-on-its-own.md). When the address
 * leads to the card, the guest has passed the clips above it: they are held until the card is on screen, so that
 * they do not take the phone's connections and bandwidth from it. The slot says which reads (`data-head-start`),
 * which address leads to it (`data-head-start-hash`), how near the screen it starts loading
 * (`data-head-start-margin`) and the attribute of `<html>` through which the card's root answers
 * (`data-head-start-state`: card-root.tsx), so those have one home, the card's (book-now-section.tsx). Once the
 * page is interactive, the slot asks for them itself.
 */
function headStartModule(slot: string, card: CardModules, page: readonly string[]): string {
  const reads = slotReads(slot);
  const hash = slotAttribute(slot, 'data-head-start-hash');
  const margin = slotAttribute(slot, 'data-head-start-margin');
  const state = slotAttribute(slot, 'data-head-start-state');
  if (!hash || !margin || !state)
    throw new Error('The Book Now slot lacks data-head-start-hash, -margin or -state');
  const [island] = card.firstView;
  return [
    ...ANNOUNCE,
    'const html = document.documentElement;',
    // The clips (autoplay videos) above the card, held until the card's root has answered: without their
    // sources they cannot fetch anything, whatever the browser's own preload heuristics. At once: the parser may
    // wait for the stylesheet at React Router's inline script, long after the clips are parsed; and any clip
    // parsed later, as it comes.
    'const holdClips = () => {',
    '  const held = new Map();',
    '  const hold = (clip) => {',
    '    if (held.has(clip)) return;',
    "    const sources = [...clip.querySelectorAll('source')];",
    '    for (const source of sources) source.remove();',
    '    held.set(clip, sources);',
    '    clip.load();',
    '  };',
    "  document.querySelectorAll('video[autoplay]').forEach(hold);",
    '  const parsed = new MutationObserver((records) => {',
    '    for (const record of records)',
    '      for (const node of record.addedNodes) {',
    '        if (!(node instanceof Element)) continue;',
    "        if (node.matches('video[autoplay]')) hold(node);",
    "        else if (node.matches('source') && held.has(node.parentElement)) {",
    '          held.get(node.parentElement).push(node);',
    '          node.remove();',
    "        } else node.querySelectorAll('video[autoplay]').forEach(hold);",
    '      }',
    '  });',
    "  if (document.readyState === 'loading') {",
    '    parsed.observe(document, { childList: true, subtree: true });',
    "    document.addEventListener('DOMContentLoaded', () => parsed.disconnect(), { once: true });",
    '  }',
    '  const release = () => {',
    `    if (html.getAttribute(${JSON.stringify(state)}) === 'wanted') return false;`,
    '    parsed.disconnect();',
    '    for (const [clip, sources] of held) {',
    '      clip.append(...sources);',
    '      clip.load();',
    '    }',
    '    return true;',
    '  };',
    '  const watch = new MutationObserver(() => { if (release()) watch.disconnect(); });',
    `  watch.observe(html, { attributes: true, attributeFilter: [${JSON.stringify(state)}] });`,
    '};',
    'let headed = false;',
    'const headForCard = (passedClips) => {',
    '  if (headed || html.dataset.hydrated) return;',
    '  headed = true;',
    `  const pageFirst = html.hasAttribute(${JSON.stringify(state)});`,
    // The reads first: they are small, and on a connection limited to six requests at a time they would
    // otherwise wait behind the scripts. Then the card's first view; its details and the page's own modules only
    // once it is in, so that they do not share the phone's bandwidth with it (decision 037).
    `  for (const href of ${JSON.stringify(reads)}) announce('preload', href, 'high');`,
    `  settled(${JSON.stringify(card.firstView)}.map((href) => announce('modulepreload', href, 'high'))).then(() => {`,
    `    for (const href of ${JSON.stringify(card.details)}) announce('modulepreload', href, 'high');`,
    `    for (const href of ${JSON.stringify(page.filter((href) => !card.firstView.includes(href) && !card.details.includes(href)))}) announce('modulepreload', href, 'low');`,
    '  });',
    // The card's own root renders it, and the page hydrates after it unless it has already begun.
    '  if (!pageFirst) {',
    `    html.setAttribute(${JSON.stringify(state)}, 'wanted');`,
    `    import(${JSON.stringify(island)}).catch(() => html.setAttribute(${JSON.stringify(state)}, 'failed'));`,
    // Begun (a tap soon after the load event): the card's root, on Preact, needs nothing of the page's, so it
    // renders the card as soon as its own modules are in rather than after the page has hydrated; the page's
    // slot, importing the same module later, finds it mounted (docs/decisions/035-the-book-now-card-on-preact.md).
    '  } else {',
    `    import(${JSON.stringify(island)}).then((card) => card.mountInPage(), () => {});`,
    '  }',
    '  if (passedClips) holdClips();',
    '};',
    `const leadsToCard = () => location.hash === ${JSON.stringify(hash)};`,
    'if (leadsToCard()) headForCard(true);',
    "addEventListener('hashchange', () => { if (leadsToCard()) headForCard(true); });",
    // The slot nearing the screen while the guest scrolls, before the page is interactive. Watched from the load
    // event: until the stylesheet applies, the slot sits near the top of an unstyled page.
    "addEventListener('load', () => {",
    "  const slot = document.querySelector('[data-head-start]');",
    "  if (!slot || !('IntersectionObserver' in window)) return;",
    '  const near = new IntersectionObserver((entries) => {',
    '    if (!entries.some((entry) => entry.isIntersecting)) return;',
    '    near.disconnect();',
    '    headForCard(false);',
    `  }, { rootMargin: ${JSON.stringify(margin)} });`,
    '  near.observe(slot);',
    '}, { once: true });',
  ].join('\n');
}

/** The Vite manifest's entry of a built chunk (vite.dev/guide/backend-integration). */
type ManifestChunk = { file: string; imports?: string[] };

/**
 * The source of the Book Now card's own root, loaded on demand by book-now-section.tsx: the entry of the card's
 * own build (vite.card.config.ts).
 */
export const CARD_SOURCE = 'src/web/features/booking/booking-island.tsx';

/**
 * The source of the card's details (the guest's form, the payment, the dialogs), which the card's first view
 * imports lazily as soon as it renders (docs/decisions/037-the-book-now-cards-first-view.md).
 */
export const CARD_DETAILS_SOURCE = 'src/web/features/booking/booking-details.tsx';

/** The URLs of the Book Now card's modules: its first view's, then its details'. */
export type CardModules = { firstView: string[]; details: string[] };

/**
 * The URLs of the Book Now card's modules: its first view's (its root's chunk and every chunk that chunk imports),
 * asked for first, and its details' (the details' chunk and what it imports besides), asked for once the first
 * view's are in, so that they are ready once the guest has chosen dates without sharing the phone's bandwidth
 * with the first view. Read from the card's build's Vite manifest (scripts/finish-build.ts writes them beside the
 * server build, where the server finds them for the pages it renders again). Stripe's panel, imported by the
 * details only when paying by Stripe, is not listed.
 */
export function cardModules(manifest: Record<string, ManifestChunk>, base = '/'): CardModules {
  for (const source of [CARD_SOURCE, CARD_DETAILS_SOURCE])
    if (!manifest[source]) throw new Error(`The client build's manifest has no ${source}`);
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key]?.imports ?? []) visit(imported);
  };
  const url = (key: string) => `${base}${manifest[key]!.file}`;
  visit(CARD_SOURCE);
  const firstView = [...seen].map(url);
  visit(CARD_DETAILS_SOURCE);
  return { firstView, details: [...seen].map(url).slice(firstView.length) };
}

/** The file of the card's module list beside a server build. */
export const headStartFile = (serverBuildDir: string) => `${serverBuildDir}/book-now-modules.json`;

/** The card's module list the build wrote beside the server build (none when it has not been built). */
export function readHeadStart(serverBuildDir: string): CardModules | undefined {
  const file = headStartFile(serverBuildDir);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as CardModules) : undefined;
}
