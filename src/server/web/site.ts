import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import { FALLBACK, type RenderedPages } from './render-pages.ts';

export const BUILD_CLIENT_DIR = fileURLToPath(new URL('../../../build/client', import.meta.url));

/** Values the pre-rendered pages carry as placeholders (see src/web/lib/runtime-config.ts), filled in at start. */
export type RuntimeValues = Record<`__${string}__`, string>;

/** The content encodings a page is kept in, best first. */
const ENCODINGS = ['br', 'gzip'] as const;
type Encoding = (typeof ENCODINGS)[number];

/**
 * A pre-rendered page with its runtime values filled in, and compressed once (brotli at maximum quality, gzip)
 * when the server starts: every request then sends ready bytes.
 */
export type Page = { html: string; scriptHashes: string[]; encoded: Record<Encoding, Buffer> };

export type Site = {
  /** Pre-rendered pages by path: '/', '/contact', … */
  pages: Map<string, Page>;
  /** Their loader data, which the browser fetches when it moves between pages, by URL: '/contact.data', … */
  data: Map<string, Page>;
  /** The client-only shell for routes with parameters (/checkout/:id). */
  fallback: Page | undefined;
  notFound: Page | undefined;
  root: string;
};

const NOT_FOUND_PATH = '/404';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Hashes of inline scripts, so the Content Security Policy allows exactly those and no 'unsafe-inline'. */
function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)) {
    const attributes = match[1] ?? '';
    if (/type="application\/(ld\+)?json"/.test(attributes)) continue; // data blocks never execute
    const body = match[2] ?? '';
    hashes.add(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
  }
  return [...hashes];
}

function fillPlaceholders(html: string, values: RuntimeValues): string {
  let out = html;
  for (const [placeholder, value] of Object.entries(values))
    out = out.replaceAll(placeholder, escapeHtml(value));
  return out;
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** A page ready to serve: its CSP hashes and its compressed forms (zlib's thread pool, off the event loop). */
export async function createPage(html: string): Promise<Page> {
  const [br, gz] = await Promise.all([
    brotli(html, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(html),
      },
    }),
    gzipAsync(html, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  return { html, scriptHashes: inlineScriptHashes(html), encoded: { br, gzip: gz } };
}

/** The page's body for a request's `Accept-Encoding`, and its `Content-Encoding` (none: the plain HTML). */
export function pageBody(
  page: Page,
  acceptEncoding: string | undefined,
): { body: Buffer | string; encoding: Encoding | undefined } {
  const encoding = acceptEncoding
    ? (negotiate(acceptEncoding.toLowerCase(), [...ENCODINGS]) as Encoding | null)
    : null;
  return encoding ? { body: page.encoded[encoding], encoding } : { body: page.html, encoding: undefined };
}

async function* pageFiles(directory: string): AsyncGenerator<string> {
  for (const entry of await readdir(directory, { withFileTypes: true })) {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) yield* pageFiles(full);
    else if (entry.name.endsWith('.html') || entry.name.endsWith('.data')) yield full;
  }
}

/** Reads the built web app once at start-up; returns undefined when it has not been built. */
export async function loadSite(values: RuntimeValues, root = BUILD_CLIENT_DIR): Promise<Site | undefined> {
  if (!existsSync(path.join(root, 'index.html'))) return undefined;
  const pages = new Map<string, Page>();
  const data = new Map<string, Page>();
  let fallback: Page | undefined;
  const loading: Promise<void>[] = [];
  for await (const file of pageFiles(root)) {
    const relative = path.relative(root, file).split(path.sep).join('/');
    loading.push(
      (async () => {
        if (relative.endsWith('.data')) {
          data.set(`/${relative}`, await createPage(await readFile(file, 'utf8')));
          return;
        }
        const page = await createPage(fillPlaceholders(await readFile(file, 'utf8'), values));
        if (relative === '__spa-fallback.html') fallback = page;
        else if (relative === 'index.html') pages.set('/', page);
        else if (relative.endsWith('/index.html'))
          pages.set(`/${relative.slice(0, -'/index.html'.length)}`, page);
      })(),
    );
  }
  await Promise.all(loading);
  const notFound = pages.get(NOT_FOUND_PATH);
  pages.delete(NOT_FOUND_PATH);
  return { pages, data, fallback, notFound, root };
}

/**
 * Swaps in pages rendered again with new site content (render-pages.ts), each filled in and compressed as at
 * start; a request already being answered keeps the page it had.
 */
export async function replacePages(
  site: Site,
  rendered: RenderedPages,
  values: RuntimeValues,
): Promise<void> {
  const [pages, data] = await Promise.all([
    Promise.all(
      [...rendered.html].map(
        async ([key, html]) => [key, await createPage(fillPlaceholders(html, values))] as const,
      ),
    ),
    Promise.all([...rendered.data].map(async ([url, body]) => [url, await createPage(body)] as const)),
  ]);
  for (const [key, page] of pages) {
    if (key === FALLBACK) site.fallback = page;
    else if (key === NOT_FOUND_PATH) site.notFound = page;
    else site.pages.set(key, page);
  }
  for (const [url, page] of data) site.data.set(url, page);
}
