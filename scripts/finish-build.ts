/**
 * The last step of `react-router build` (its `buildEnd` hook in react-router.config.ts), over the pre-rendered
 * pages and the built assets in build/client:
 *
 * 1. **Scripts after the first paint on the marketing pages** (src/server/web/defer-hydration.ts, which the server
 *    also applies to the pages it renders again with the owner's content), the Book Now card's modules asked for
 *    at once when the guest heads for it. Their list comes from the Vite manifest of the card's own build
 *    (vite.card.config.ts, on Preact, which vite.config.ts runs first and writes among the site's files) and is
 *    written beside the server build for those later renders; the manifests are then removed, so none is served.
 * 2. **Compression once, at build time.** Every compressible asset of at least `MIN_COMPRESS_BYTES` gets a
 *    brotli (maximum quality) and a gzip sibling, which the server sends as they are (@fastify/static's
 *    `preCompressed`). The pages themselves are compressed by the server once it has filled in their runtime
 *    values (src/server/web/site.ts).
 */
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import {
  type CardModules,
  cardModules,
  deferHydration,
  headStartFile,
  SCRIPTS_AFTER_LOAD_PATHS,
} from '../src/server/web/defer-hydration.ts';
import { CARD_MANIFEST } from '../vite.card.config.ts';

/** Smaller files gain too little from compression to be worth a second request's bookkeeping. */
export const MIN_COMPRESS_BYTES = 1024;
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|xml|txt|map|webmanifest|ico)$/;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The built file of a pre-rendered path: '/' → index.html, '/contact' → contact/index.html. */
export function pageFile(clientDir: string, urlPath: string): string {
  return path.join(clientDir, urlPath === '/' ? '' : urlPath.slice(1), 'index.html');
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

/**
 * The Book Now card's modules (from its own build's Vite manifest, which vite.config.ts writes among the client
 * build's files), written beside the server build; the Vite manifests are removed afterwards, so none is served.
 */
async function writeHeadStart(clientDir: string, serverDir: string): Promise<CardModules> {
  const manifest = JSON.parse(await readFile(path.join(clientDir, CARD_MANIFEST), 'utf8'));
  const modules = cardModules(manifest);
  await writeFile(headStartFile(serverDir), JSON.stringify(modules));
  await Promise.all(
    [clientDir, serverDir].map((dir) => rm(path.join(dir, '.vite'), { recursive: true, force: true })),
  );
  return modules;
}

export async function finishBuild(clientDir: string, serverDir: string): Promise<void> {
  const headStart = await writeHeadStart(clientDir, serverDir);
  for (const urlPath of SCRIPTS_AFTER_LOAD_PATHS) {
    const file = pageFile(clientDir, urlPath);
    await writeFile(file, deferHydration(await readFile(file, 'utf8'), headStart));
  }
  const compressed = await precompressAssets(clientDir);
  console.info(
    `Scripts after the load event on ${SCRIPTS_AFTER_LOAD_PATHS.length} pages, the Book Now card's ${headStart.firstView.length} modules (Preact) at once when the guest heads for it, its details' ${headStart.details.length} behind them; ${compressed.files} assets pre-compressed (${(compressed.bytes / 1024).toFixed(0)} kB → ${(compressed.br / 1024).toFixed(0)} kB brotli)`,
  );
}
