import { describe, expect, it } from 'vitest';
import { PRIVATE_PATHS, PUBLIC_PATHS } from '../../domain/site-paths.ts';
import { testAppForFile } from '../test/per-file.ts';

const t = testAppForFile({ env: { SITE_URL: 'https://thetower.example' } });

describe('GET /sitemap.xml', () => {
  it('lists every public page under SITE_URL and no private page', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/xml');
    const locations = [...response.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locations).toEqual(PUBLIC_PATHS.map((path) => `https://thetower.example${path}`));
    for (const path of PRIVATE_PATHS) expect(response.body).not.toContain(`${path}<`);
  });
});

describe('GET /robots.txt', () => {
  it('keeps admin, checkout, success and download helpers out and points to the sitemap', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    for (const path of ['/admin', '/checkout', '/booking-success', '/booking/', '/download', '/files'])
      expect(response.body).toContain(`Disallow: ${path}\n`);
    expect(response.body).toContain('Sitemap: https://thetower.example/sitemap.xml');
    expect(response.body).not.toMatch(/Disallow: \/\n/);
  });
});
