import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const BUILD_CLIENT_DIR = fileURLToPath(new URL('../../../build/client', import.meta.url));

/** Values the pre-rendered pages carry as placeholders (see src/web/lib/runtime-config.ts), filled in at start. */
export type RuntimeValues = Record<`__${string}__`, string>;

export type Page = { html: string; scriptHashes: string[] };

export type Site = {
  /** Pre-rendered pages by path: '/', '/contact', … */
  pages: Map<string, Page>;
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

async function* htmlFiles(directory: string): AsyncGenerator<string> {
  for (const entry of await readdir(directory, { withFileTypes: true })) {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) yield* htmlFiles(full);
    else if (entry.name.endsWith('.html')) yield full;
  }
}

/** Reads the built web app once at start-up; returns undefined when it has not been built. */
export async function loadSite(values: RuntimeValues, root = BUILD_CLIENT_DIR): Promise<Site | undefined> {
  if (!existsSync(path.join(root, 'index.html'))) return undefined;
  const pages = new Map<string, Page>();
  let fallback: Page | undefined;
  for await (const file of htmlFiles(root)) {
    const html = fillPlaceholders(await readFile(file, 'utf8'), values);
    const page = { html, scriptHashes: inlineScriptHashes(html) };
    const relative = path.relative(root, file).split(path.sep).join('/');
    if (relative === '__spa-fallback.html') fallback = page;
    else if (relative === 'index.html') pages.set('/', page);
    else if (relative.endsWith('/index.html'))
      pages.set(`/${relative.slice(0, -'/index.html'.length)}`, page);
  }
  const notFound = pages.get(NOT_FOUND_PATH);
  pages.delete(NOT_FOUND_PATH);
  return { pages, fallback, notFound, root };
}
