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
import { PUBLIC_PATHS } from '../../domain/site-paths.ts';

/** The pages that read completely without JavaScript: the public pages and the not-found page. */
export const SCRIPTS_AFTER_LOAD_PATHS: readonly string[] = [...PUBLIC_PATHS, '/404'];

const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"\/>/g;
const HYDRATION_MODULE = /<script type="module" async="">([\s\S]*?)<\/script>/;
const STATIC_IMPORT = /^import (?:\* as (\w+) from )?("[^"]+");\n?/gm;

/**
 * The page with its hydration scripts announced after the load event instead of before the first paint.
 * Throws when React Router's output no longer has the expected shape, so a change there fails the build.
 */
export function deferHydration(html: string): string {
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
  const body = [
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
    // Every module of the page at once, as React Router's preloads would have asked for them.
    `for (const href of ${JSON.stringify(preloads)}) {`,
    "  const link = document.createElement('link');",
    "  link.rel = 'modulepreload';",
    '  link.href = href;',
    '  document.head.append(link);',
    '}',
    `const [${imports.map((item) => item.name ?? '').join(', ')}] = await Promise.all([${imports.map((item) => `import(${item.url})`).join(', ')}]);`,
    rest,
  ].join('\n');
  return html
    .replace(MODULE_PRELOAD, '')
    .replace(HYDRATION_MODULE, () => `<script type="module" async="">${body}</script>`);
}
