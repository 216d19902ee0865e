import { createReadStream, existsSync } from 'node:fs';
import { readdir, readFile, rename, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import v8 from 'node:v8';
import { brotliCompress, brotliDecompress, createBrotliDecompress, constants as zlib } from 'node:zlib';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { unpackTar } from 'modern-tar/fs';

/**
 * How the embedded database is opened so that it fits a small machine (docs/decisions/011-pglite-memory.md):
 * smaller PostgreSQL buffers, WebAssembly kept on V8's baseline compiler, and a new database made from a
 * pre-initialised template instead of running initdb. Measured with `npm run bench:memory`.
 */

/**
 * PostgreSQL settings of the embedded database, given at every start (so data directories made before apply
 * them too) and to initdb (which writes them into postgresql.conf). PostgreSQL's default of 128 MB of shared
 * buffers is all zeroed at start inside PGlite's WebAssembly memory, so it is all resident; the whole database of
 * one holiday let is a few MB.
 */
export const PGLITE_SETTINGS = ['-c', 'shared_buffers=16MB'];

/** The comment the template gives the `postgres` database, so a test can tell a database made from it. */
export const TEMPLATE_MARK = 'the-tower: made from the PGlite template';

const TEMPLATE_DIR = fileURLToPath(new URL('./pglite-template/', import.meta.url));

/** The template for one PGlite release: a data directory made by that release's initdb, as a brotli'd tar. */
export const templatePath = (pgliteVersion: string) =>
  path.join(TEMPLATE_DIR, `pglite-${pgliteVersion}.tar.br`);

/** The installed @electric-sql/pglite's version (its package.json, next to its dist/ folder). */
export async function installedPgliteVersion(): Promise<string> {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const manifest = path.join(path.dirname(entry), '..', 'package.json');
  return (JSON.parse(await readFile(manifest, 'utf8')) as { version: string }).version;
}

/**
 * V8 compiles WebAssembly with its baseline compiler first, then recompiles the functions that run often with its
 * optimising one. For PGlite that second compilation takes ~480 MB for a moment, seconds after the first
 * queries; the baseline code costs ~15 % more CPU per statement. Off for this process's WebAssembly compiled
 * from now on; JavaScript is not affected.
 */
function keepWasmOnBaselineCompiler(): void {
  v8.setFlagsFromString('--no-wasm-tier-up');
  v8.setFlagsFromString('--no-wasm-dynamic-tiering');
}

/** The template for the installed PGlite, or undefined (with a warning) when there is none. */
async function installedTemplate(): Promise<string | undefined> {
  const version = await installedPgliteVersion();
  const file = templatePath(version);
  if (existsSync(file)) return file;
  console.warn(
    `No database template for PGlite ${version} (run \`npm run db:template\`): creating the database with initdb.`,
  );
  return undefined;
}

/**
 * Makes a new data directory from the template: unpacked as a stream into a sibling folder, then renamed into
 * place, so an interrupted first start leaves no half-made database behind. PGlite then opens it as an existing
 * one, which needs no more memory than a restart. Nothing happens when `dataDir` is not empty (PGlite resumes
 * the database there) or there is no template (PGlite runs initdb).
 */
async function unpackTemplateInto(dataDir: string): Promise<void> {
  if ((await readdir(dataDir).catch(() => [])).length > 0) return;
  const template = await installedTemplate();
  if (!template) return;
  const partial = `${dataDir}.partial`;
  await rm(partial, { recursive: true, force: true });
  await pipeline(createReadStream(template), createBrotliDecompress(), unpackTar(partial));
  await rm(dataDir, { recursive: true, force: true });
  await rename(partial, dataDir);
}

/** PGlite's options for a database in `dataDir` (in memory when undefined), or loaded from `loadDataDir`. */
export async function pgliteOptions(options: {
  dataDir: string | undefined;
  loadDataDir?: Blob;
}): Promise<PGliteOptions> {
  keepWasmOnBaselineCompiler();
  let loadDataDir = options.loadDataDir;
  if (!loadDataDir && options.dataDir !== undefined) {
    await unpackTemplateInto(options.dataDir);
  } else if (!loadDataDir) {
    const template = await installedTemplate();
    if (template)
      loadDataDir = new Blob([new Uint8Array(await promisify(brotliDecompress)(await readFile(template)))]);
  }
  return {
    dataDir: options.dataDir,
    loadDataDir,
    startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS],
    initDbStartParams: PGLITE_SETTINGS,
  };
}

/**
 * Makes the template for the installed PGlite (`npm run db:template`): initdb in memory with PGLITE_SETTINGS,
 * the mark, and the data directory dumped and compressed. Its three databases are near copies of each other,
 * which brotli's large window finds: ~1.4 MB instead of gzip's ~4.5 MB.
 */
export async function makePgliteTemplate(): Promise<Buffer> {
  keepWasmOnBaselineCompiler();
  const pglite = await PGlite.create({ initDbStartParams: PGLITE_SETTINGS });
  try {
    await pglite.exec(`comment on database postgres is '${TEMPLATE_MARK}'`);
    const tar = new Uint8Array(await (await pglite.dumpDataDir('none')).arrayBuffer());
    return await promisify(brotliCompress)(tar, {
      params: {
        [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
        [zlib.BROTLI_PARAM_LGWIN]: zlib.BROTLI_MAX_WINDOW_BITS,
        [zlib.BROTLI_PARAM_SIZE_HINT]: tar.byteLength,
      },
    });
  } finally {
    await pglite.close();
  }
}
