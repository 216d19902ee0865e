/**
 * The public pages rendered again with the owner's current site content (docs/decisions/012-site-content.md):
 * the same React Router server build that pre-rendered them at build time, run on the server when the content
 * changes (never per request). Each page comes out exactly as the build's would, scripts deferred the same way.
 */
import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  createRequestHandler,
  type RouterContext,
  RouterContextProvider,
  type ServerBuild,
} from 'react-router';
import type { SiteContent } from '../../domain/site-content.ts';
import { deferHydration, readHeadStart, SCRIPTS_AFTER_LOAD_PATHS } from './defer-hydration.ts';

export const BUILD_SERVER_ENTRY = fileURLToPath(new URL('../../../build/server/index.js', import.meta.url));

/** The client-only shell's key among the rendered documents (the build's __spa-fallback.html). */
export const FALLBACK = 'fallback';

export type RenderedPages = {
  /** Each pre-rendered path's HTML ('/', '/contact', '/404', …) and the client-only shell under FALLBACK. */
  html: Map<string, string>;
  /** The loader data React Router fetches when the browser moves to a path ('/contact.data'), by data path. */
  data: Map<string, string>;
};

export type PageRenderer = (content: SiteContent, paths: readonly string[]) => Promise<RenderedPages>;

/** React Router's URL of a page's loader data: '/' → '/_.data', '/contact' → '/contact.data'. */
export const dataPath = (path: string) => (path === '/' ? '/_.data' : `${path}.data`);

const ORIGIN = 'http://localhost';

/** An address only the browser renders (not pre-rendered): React Router answers it with the client-only shell. */
const CLIENT_ONLY_SHELL_PATH = '/checkout';

/** Loads the server build; undefined when the web app has not been built. */
export async function createPageRenderer(entry = BUILD_SERVER_ENTRY): Promise<PageRenderer | undefined> {
  if (!existsSync(entry)) return undefined;
  const build = (await import(pathToFileURL(entry).href)) as ServerBuild;
  const root = build.routes.root?.module as { siteContentContext?: RouterContext<SiteContent> } | undefined;
  const key = root?.siteContentContext;
  if (!key) throw new Error('The web build has no siteContentContext on its root route: rebuild it');
  const handle = createRequestHandler(build, 'production');
  const headStart = readHeadStart(dirname(entry));

  const render = async (url: string, content: SiteContent, headers?: Record<string, string>) => {
    const context = new RouterContextProvider();
    context.set(key, content);
    const response = await handle(new Request(`${ORIGIN}${url}`, { headers }), context);
    const body = await response.text();
    // The not-found page answers 404 by design; anything else but 200 is a broken page.
    if (response.status !== 200 && !(response.status === 404 && url.startsWith('/404'))) {
      throw new Error(`Rendering ${url} answered ${response.status}`);
    }
    return body;
  };

  return async (content, paths) => {
    const html = new Map<string, string>();
    const data = new Map<string, string>();
    for (const path of paths) {
      const page = await render(path, content);
      html.set(path, SCRIPTS_AFTER_LOAD_PATHS.includes(path) ? deferHydration(page, headStart) : page);
      data.set(dataPath(path), await render(dataPath(path), content));
    }
    // The shell of the routes only the browser renders, as the build makes it (React Router's SPA mode: the
    // root's layout and its "Loading…", no route's content). The build asks for it with a header that React
    // Router reads only while building; at run time it renders that shell for any address it was not told to
    // pre-render, so the shell is rendered at one of those. Rendered at '/', it was the home page, whose hero
    // the guest's booking page then painted first and React replaced with a hydration error.
    html.set(FALLBACK, await render(CLIENT_ONLY_SHELL_PATH, content));
    return { html, data };
  };
}
