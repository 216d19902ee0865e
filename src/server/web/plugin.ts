import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { pagePolicy } from '../plugins/security-headers.ts';
import type { SiteContentService } from '../site-content/site-content.ts';
import { createPageRenderer, type PageRenderer } from './render-pages.ts';
import { seoRoutes } from './seo-routes.ts';
import { loadSite, type Page, pageBody, replacePages, type Site } from './site.ts';

/** Routes that only the browser can render (they depend on a parameter): served the client-only shell. */
const CLIENT_ONLY_ROUTES = ['/checkout', '/checkout/:bookingId', '/booking/:reference', '/quote/:id'];
/**
 * The guest's own booking page and quote page (their addresses carry the key of their link): never stored by a
 * browser or a proxy, never indexed.
 */
const PRIVATE_CLIENT_ROUTES = new Set(['/booking/:reference', '/quote/:id']);

export type SitePluginOptions = {
  config: Config;
  siteContent: SiteContentService;
  /** The built web app; 'load' reads build/client, undefined serves the API alone. */
  site: Site | 'load' | undefined;
  /** Renders the pages with the site content: by default React Router's server build beside a loaded site. */
  pageRenderer?: PageRenderer | undefined;
  /** Whether Stripe takes the payments now: a page's policy then allows its script (security-headers.ts). */
  stripeOn: () => boolean;
};

const runtimeValues = (config: Config) => ({
  __SITE_URL__: config.siteUrl,
  __SITE_EMAIL__: config.siteEmail,
});

/**
 * The public site: sitemap and robots, the pre-rendered pages (rendered again with the owner's content before the
 * server answers and after each change of it, decision 012), their loader data, the built static files, and the
 * not-found answer of every address no route takes (the 404 page for a browser, JSON otherwise).
 */
export const sitePlugin = fp(
  async (app: FastifyInstance, options: SitePluginOptions) => {
    const { config, siteContent } = options;
    await app.register(seoRoutes, { siteUrl: config.siteUrl });
    const values = runtimeValues(config);
    const site = options.site === 'load' ? await loadSite(values) : options.site;
    if (!site) {
      app.setNotFoundHandler((request, reply) => reply.status(404).send(nothingFound(request)));
      return;
    }
    registerPages(app, site, config, options.stripeOn);
    const renderer =
      options.pageRenderer ?? (options.site === 'load' ? await createPageRenderer() : undefined);
    if (!renderer) return;
    const paths = [...site.pages.keys(), ...(site.notFound ? ['/404'] : [])];
    siteContent.onChange(async (content) => replacePages(site, await renderer(content, paths), values));
    await siteContent.publishIfChanged();
  },
  { name: 'site', fastify: '5.x' },
);

const nothingFound = (request: FastifyRequest) => ({
  error: 'not_found',
  message: `Nothing is found at ${request.url.split('?')[0]}.`,
});

function registerPages(app: FastifyInstance, site: Site, config: Config, stripeOn: () => boolean): void {
  const sendPage = (
    request: FastifyRequest,
    reply: FastifyReply,
    page: Page,
    status = 200,
    privatePage = false,
  ) => {
    const { body, encoding } = pageBody(page, request.headers['accept-encoding']);
    if (encoding) reply.header('content-encoding', encoding);
    if (privatePage) reply.header('x-robots-tag', 'noindex, nofollow');
    return reply
      .status(status)
      .header('content-security-policy', pagePolicy(config, stripeOn(), page.scriptHashes))
      .header('cache-control', privatePage ? 'no-store' : 'no-cache')
      .header('vary', 'accept-encoding')
      .type('text/html; charset=utf-8')
      .send(body);
  };

  // Looked up per request: the pages are replaced when the site content changes.
  for (const url of site.pages.keys())
    app.get(url, (request, reply) => sendPage(request, reply, site.pages.get(url)!));
  if (site.fallback) {
    for (const url of CLIENT_ONLY_ROUTES) {
      const privatePage = PRIVATE_CLIENT_ROUTES.has(url);
      app.get(url, (request, reply) => sendPage(request, reply, site.fallback!, 200, privatePage));
    }
  }
  // The pages' loader data, which the browser fetches when it moves between pages, kept as the pages are.
  for (const url of site.data.keys()) {
    app.get(url, (request, reply) => {
      const { body, encoding } = pageBody(site.data.get(url)!, request.headers['accept-encoding']);
      if (encoding) reply.header('content-encoding', encoding);
      return reply
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-encoding')
        .type('text/x-script')
        .send(body);
    });
  }

  app.register(fastifyStatic, {
    root: site.root,
    index: false,
    redirect: false,
    wildcard: true,
    // The .br and .gz siblings written at build time (scripts/finish-build.ts), chosen by Accept-Encoding.
    preCompressed: true,
    setHeaders: (reply, filePath) => {
      const immutable = /[\\/]assets[\\/]/.test(filePath);
      reply.header(
        'cache-control',
        immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
      );
    },
  });

  app.setNotFoundHandler((request, reply) => {
    if ((request.method === 'GET' || request.method === 'HEAD') && site.notFound) {
      return sendPage(request, reply, site.notFound, 404);
    }
    return reply.status(404).send(nothingFound(request));
  });
}
