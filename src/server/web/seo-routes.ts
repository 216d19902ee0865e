import type { FastifyPluginAsync } from 'fastify';
import { PUBLIC_PATHS, ROBOTS_DISALLOW } from '../../domain/site-paths.ts';

type Options = { siteUrl: string };

const escapeXml = (value: string) =>
  value.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

/** sitemap.xml and robots.txt, written with SITE_URL when the server starts (never baked into the build). */
export const seoRoutes: FastifyPluginAsync<Options> = async (app, { siteUrl }) => {
  const origin = siteUrl.replace(/\/+$/, '');
  const sitemap = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...PUBLIC_PATHS.map(
      (path) =>
        `  <url><loc>${escapeXml(`${origin}${path}`)}</loc><priority>${path === '/' ? '1.0' : '0.7'}</priority></url>`,
    ),
    '</urlset>',
    '',
  ].join('\n');
  const robots = [
    'User-agent: *',
    ...ROBOTS_DISALLOW.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');

  app.get('/sitemap.xml', async (_request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(sitemap),
  );
  app.get('/robots.txt', async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robots),
  );
};
