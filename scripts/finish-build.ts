/**
 * The last step of `react-router build` (its `buildEnd` hook in react-router.config.ts), over the pre-rendered
 * pages and the built assets in build/client:
 *
 * 1. **Scripts after the first paint on the marketing pages.** React Router announces the hydration scripts
 *    with `<link rel="modulepreload">` in the head and an inline module that imports them, so a phone fetches
 *    ~150 kB of JavaScript alongside the stylesheet and the main photo, and Lighthouse counts every preloaded
 *    module in the first paint's critical path. These pages are complete HTML without JavaScript, so their
 *    preloads are dropped and the inline module waits until the page has loaded and painted (or the first sign
 *    that the guest is about to use the page: opened at a place in it such as /#booking, a tap, a key, a
 *    scroll) before it announces the same modules and imports them, in parallel, as React Router would have.
 *    The pages that cannot be read without JavaScript (admin, checkout, booking success, downloads) keep React
 *    Router's own tags. See docs/decisions/006-scripts-after-the-first-paint.md.
 * 2. **Compression once, at build time.** Every compressible asset of at least `MIN_COMPRESS_BYTES` gets a
 *    brotli (maximum quality) and a gzip sibling, which the server sends as they are (@fastify/static's
 *    `preCompressed`). The pages themselves are compressed by the server once it has filled in their runtime
 *    values (src/server/web/site.ts).
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { PUBLIC_PATHS } from '../src/domain/site-paths.ts';

/** The pages that read completely without JavaScript: the public pages and the not-found page. */
const SCRIPTS_AFTER_LOAD_PATHS: readonly string[] = [...PUBLIC_PATHS, '/404'];

/** Smaller files gain too little from compression to be worth a second request's bookkeeping. */
export const MIN_COMPRESS_BYTES = 1024;
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|xml|txt|map|webmanifest|ico)$/;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The built file of a pre-rendered path: '/' → index.html, '/contact' → contact/index.html. */
export function pageFile(clientDir: string, urlPath: string): string {
  return path.join(clientDir, urlPath === '/' ? '' : urlPath.slice(1), 'index.html');
}

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

async function* files(directory: string): AsyncGenerator<string> {
  for (const entry of await readdir(directory, { withFileTypes: true })) {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

/** Writes `<file>.br` and `<file>.gz` beside every compressible asset (not the pages: the server does those). */
async function precompressAssets(clientDir: string): Promise<{ files: number; bytes: number; br: number }> {
  const totals = { files: 0, bytes: 0, br: 0 };
  const work: Promise<void>[] = [];
  for await (const file of files(clientDir)) {
    if (!COMPRESSIBLE.test(file) || file.endsWith('.html')) continue;
    if ((await stat(file)).size < MIN_COMPRESS_BYTES) continue;
    work.push(
      (async () => {
        const content = await readFile(file);
        const [br, gz] = await Promise.all([
          brotli(content, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
          gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
        ]);
        await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        totals.files++;
        totals.bytes += content.length;
        totals.br += br.length;
      })(),
    );
  }
  await Promise.all(work);
  return totals;
}

export async function finishBuild(clientDir: string): Promise<void> {
  for (const urlPath of SCRIPTS_AFTER_LOAD_PATHS) {
    const file = pageFile(clientDir, urlPath);
    await writeFile(file, deferHydration(await readFile(file, 'utf8')));
  }
  const compressed = await precompressAssets(clientDir);
  console.info(
    `Scripts after the load event on ${SCRIPTS_AFTER_LOAD_PATHS.length} pages; ${compressed.files} assets pre-compressed (${(compressed.bytes / 1024).toFixed(0)} kB → ${(compressed.br / 1024).toFixed(0)} kB brotli)`,
  );
}
