import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../domain/dates.ts';
import { adminToken, createTestApp, type TestApp } from '../test/test-app.ts';
import { loadSite } from './site.ts';

/**
 * The built site as the server sends it: pre-rendered pages compressed once when the server starts (after their
 * runtime values are filled in), built assets as their pre-compressed siblings, and on-the-fly compression only
 * for the API's JSON.
 */
const INLINE_SCRIPT = 'window.started = true;';
const page = (title: string) =>
  `<!DOCTYPE html><html><head><title>${title}</title><link rel="canonical" href="__SITE_URL__/"/></head><body><p>${'A converted church. '.repeat(200)}</p><script>${INLINE_SCRIPT}</script></body></html>`;
/** An asset worth compressing, with the siblings `npm run build` writes beside it. */
const SCRIPT = `export const text = ${JSON.stringify('the framework '.repeat(400))};\n`;
/** Quality 1 and level 1: bytes no compression while sending would produce, so the test sees which was sent. */
const SCRIPT_BR = brotliCompressSync(SCRIPT, { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } });
const SCRIPT_GZ = gzipSync(SCRIPT, { level: 1 });
/** An asset of the same size without siblings: it must go out as it is. */
const STYLES = `.a { color: red; }\n${'/* no sibling */\n'.repeat(200)}`;

let root: string;
let t: TestApp;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'tower-site-'));
  await mkdir(path.join(root, 'contact'));
  await mkdir(path.join(root, '404'));
  await mkdir(path.join(root, 'assets'));
  await writeFile(path.join(root, 'index.html'), page('Home'));
  await writeFile(path.join(root, 'contact/index.html'), page('Contact'));
  await writeFile(path.join(root, '404/index.html'), page('Not found'));
  await writeFile(path.join(root, 'assets/framework.js'), SCRIPT);
  await writeFile(path.join(root, 'assets/framework.js.br'), SCRIPT_BR);
  await writeFile(path.join(root, 'assets/framework.js.gz'), SCRIPT_GZ);
  await writeFile(path.join(root, 'assets/app.css'), STYLES);
  const site = await loadSite({ __SITE_URL__: 'https://thetower.example' }, root);
  t = await createTestApp({ overrides: { site } });
});
afterAll(async () => {
  await t.close();
  await rm(root, { recursive: true, force: true });
});

/** A GET as a browser sends it, accepting the encodings given (none: a plain answer). */
const fetchAccepting = (url: string, encoding?: string) =>
  t.app.inject({ url, headers: encoding ? { 'accept-encoding': encoding } : {} });
const filled = (title: string) => page(title).replaceAll('__SITE_URL__', 'https://thetower.example');
/** A 200 sent in `encoding`, saying that it varies with Accept-Encoding (so no cache hands it to another browser). */
function expectEncoded(response: LightMyRequestResponse, encoding: 'br' | 'gzip') {
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-encoding']).toBe(encoding);
  expect(response.headers.vary).toContain('accept-encoding');
}

describe('GET of a pre-rendered page', () => {
  it('sends brotli to a browser that accepts it, gzip to one that takes only gzip, plain HTML otherwise', async () => {
    const br = await fetchAccepting('/', 'gzip, deflate, br');
    expectEncoded(br, 'br');
    expect(br.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(filled('Home'));
    expect(br.rawPayload.length).toBeLessThan(filled('Home').length / 4);

    const gz = await fetchAccepting('/contact', 'gzip');
    expectEncoded(gz, 'gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(filled('Contact'));

    const plain = await fetchAccepting('/contact');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(filled('Contact'));

    const refused = await fetchAccepting('/', 'br;q=0, gzip;q=0');
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(filled('Home'));
  });

  it('allows exactly its inline script in the Content Security Policy, and sends the not-found page with 404', async () => {
    const response = await fetchAccepting('/', 'br');
    const hash = createHash('sha256').update(INLINE_SCRIPT).digest('base64');
    expect(response.headers['content-security-policy']).toContain(`'sha256-${hash}'`);

    const missing = await fetchAccepting('/no-such-page', 'br');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(missing.rawPayload).toString()).toBe(filled('Not found'));
  });
});

describe('GET of a built asset', () => {
  it('sends the brotli or gzip file written at build time, or the plain file', async () => {
    const br = await fetchAccepting('/assets/framework.js', 'gzip, deflate, br');
    expectEncoded(br, 'br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.rawPayload).toEqual(SCRIPT_BR);

    const gz = await fetchAccepting('/assets/framework.js', 'gzip');
    expectEncoded(gz, 'gzip');
    expect(gz.rawPayload).toEqual(SCRIPT_GZ);

    const plain = await fetchAccepting('/assets/framework.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('never compresses an asset while sending it', async () => {
    const response = await fetchAccepting('/assets/app.css', 'gzip, deflate, br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(STYLES);
  });
});

describe('GET of the API', () => {
  it('compresses JSON of more than 1 kB as it is sent', async () => {
    const token = await adminToken(t.app);
    for (let week = 1; week <= 12; week++) {
      const checkInDate = addDays('2026-11-23', week * 7);
      const blocked = await t.app.inject({
        method: 'POST',
        url: '/api/admin/block-dates',
        headers: { authorization: `Bearer ${token}` },
        payload: { checkInDate, checkOutDate: addDays(checkInDate, 2), reason: 'A long enough reason' },
      });
      expect(blocked.statusCode, blocked.body).toBe(201);
    }
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/bookings',
      headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(response.rawPayload).toString())).toHaveLength(12);
  });
});
