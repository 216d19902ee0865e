import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEALTH_DATABASE_FRESH_MS } from './health/routes.ts';
import { testAppForFile } from './test/per-file.ts';
import { expectRefusal } from './test/refusal.ts';
import { createTestApp, type TestApp } from './test/test-app.ts';
import { APP_VERSION } from './version.ts';
import { createPage, type Site } from './web/site.ts';

const t = testAppForFile();

describe('GET /api/health', () => {
  it('answers 200 with status ok and the running version once the database answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', version: APP_VERSION });
    expect(APP_VERSION).toMatch(/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/); // semver
  });

  it('answers 500 once the database stops answering and its last good answer has aged', async () => {
    const own = await createTestApp();
    try {
      expect((await own.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      await own.database.close();
      own.clock.advance(HEALTH_DATABASE_FRESH_MS);
      const response = await own.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toMatchObject({ error: 'internal_error' });
    } finally {
      await own.app.close();
    }
  });

  it('sends security headers with a Content Security Policy that forbids inline scripts', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toMatch(/script-src 'self'(;| )/);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it("sends helmet's headers on answers, client errors and unknown paths alike", async () => {
    const answers = [
      await t.app.inject({ method: 'GET', url: '/api/health' }),
      await t.app.inject({ method: 'GET', url: '/api/quote?propertyId=1&checkInDate=x&checkOutDate=y' }),
      await t.app.inject({ method: 'POST', url: '/api/no-such' }),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 400, 404]);
    for (const answer of answers) {
      expect(answer.headers).toMatchObject({
        'x-frame-options': 'DENY',
        'referrer-policy': 'no-referrer',
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-resource-policy': 'same-origin',
        'x-content-type-options': 'nosniff',
        'content-security-policy': expect.stringContaining("frame-ancestors 'none'"),
        'permissions-policy': expect.stringContaining('camera=()'),
      });
      // SITE_URL is http here: no HSTS.
      expect(answer.headers['strict-transport-security']).toBeUndefined();
    }
  });
});

describe('security headers on pages and API answers', () => {
  /** A built site of one page (with an inline script) and one static file, as loadSite gives. */
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'tower-site-'));
    await writeFile(path.join(root, 'robots-note.txt'), 'static');
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });
  const site = async (): Promise<Site> => ({
    pages: new Map([
      [
        '/',
        { ...(await createPage('<!doctype html><title>The Tower</title>')), scriptHashes: ["'sha256-x'"] },
      ],
    ]),
    data: new Map(),
    fallback: undefined,
    notFound: await createPage('<!doctype html><title>Not found</title>'),
    root,
  });
  const answersOf = async (app: TestApp['app']) => [
    await app.inject({ method: 'GET', url: '/' }),
    await app.inject({ method: 'GET', url: '/robots-note.txt' }),
    await app.inject({ method: 'GET', url: '/no-such-page' }),
    await app.inject({ method: 'GET', url: '/api/health' }),
    await app.inject({ method: 'GET', url: '/api/no-such' }),
  ];
  /** How many times a header was sent, counted on the raw header lines. */
  const times = (answer: { raw: { res: { getHeader(name: string): unknown } } }, name: string) => {
    const value = answer.raw.res.getHeader(name);
    return value === undefined ? 0 : Array.isArray(value) ? value.length : 1;
  };

  it('over https: HSTS, one X-Frame-Options DENY and the Permissions-Policy on every answer', async () => {
    const own = await createTestApp({
      env: { SITE_URL: 'https://the-tower.example' },
      overrides: { site: await site() },
    });
    try {
      const answers = await answersOf(own.app);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 404, 200, 404]);
      for (const answer of answers) {
        expect(answer.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
        expect(answer.headers['x-frame-options']).toBe('DENY');
        expect(times(answer, 'x-frame-options')).toBe(1);
        expect(answer.headers['content-security-policy']).toContain("frame-ancestors 'none'");
        expect(answer.headers['permissions-policy']).toBe(
          'camera=(), microphone=(), geolocation=(), usb=(), payment=()',
        );
      }
      // The page keeps its own policy, with its script's hash.
      expect(answers[0]!.headers['content-security-policy']).toContain("'sha256-x'");
    } finally {
      await own.close();
    }
  });

  it("sends the guest's booking page (the app's shell) never cached and not indexed; the checkout stays cacheable", async () => {
    const own = await createTestApp({
      overrides: {
        site: { ...(await site()), fallback: await createPage('<!doctype html><title>App</title>') },
      },
    });
    try {
      const manage = await own.app.inject({ method: 'GET', url: '/booking/TWR-8D38-6281?key=abc' });
      expect(manage.statusCode).toBe(200);
      expect(manage.headers['cache-control']).toBe('no-store');
      expect(manage.headers['x-robots-tag']).toBe('noindex, nofollow');
      const checkout = await own.app.inject({ method: 'GET', url: '/checkout/some-id' });
      expect(checkout.headers['cache-control']).toBe('no-cache');
      expect(checkout.headers['x-robots-tag']).toBeUndefined();
    } finally {
      await own.close();
    }
  });

  it('over plain http: no HSTS, the rest the same', async () => {
    const own = await createTestApp({ overrides: { site: await site() } });
    try {
      for (const answer of await answersOf(own.app)) {
        expect(answer.headers['strict-transport-security']).toBeUndefined();
        expect(answer.headers['x-frame-options']).toBe('DENY');
        expect(times(answer, 'x-frame-options')).toBe(1);
        expect(answer.headers['permissions-policy']).toContain('payment=()');
      }
    } finally {
      await own.close();
    }
  });

  it("allows the Payment Request API to Stripe's frames only when Stripe payments are on", async () => {
    const own = await createTestApp({
      env: {
        SITE_URL: 'https://the-tower.example',
        STRIPE_SECRET_KEY: 'sk_test_headers',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_headers',
        STRIPE_WEBHOOK_SECRET: 'whsec_headers',
      },
      overrides: { site: await site() },
    });
    try {
      for (const answer of [
        await own.app.inject({ method: 'GET', url: '/' }),
        await own.app.inject({ method: 'GET', url: '/api/health' }),
      ]) {
        expect(answer.headers['permissions-policy']).toBe(
          'camera=(), microphone=(), geolocation=(), usb=(), payment=(self "https://js.stripe.com")',
        );
      }
    } finally {
      await own.close();
    }
  });
});

describe('unknown API paths', () => {
  it('answer a JSON 404 with a message a person understands', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/no-such?x=1' });
    expectRefusal(response, 404, {
      error: 'not_found',
      message: 'There is no API endpoint at POST /api/no-such.',
    });
  });
});

describe('GET /api/properties', () => {
  it('lists The Tower with the figures of the specification', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/properties' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      expect.objectContaining({
        id: 1,
        name: 'The Tower',
        pricePerNight: 225,
        weekendPrice: 275,
        cleaningFee: 100,
        bedrooms: 3,
        bathrooms: 3,
        maxGuests: 4,
        sizeM2: 250,
      }),
    ]);
  });
});

describe('bad input', () => {
  it('answers malformed JSON with a 400 and a readable message, not a 500', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/no-such',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken":',
    });
    expectRefusal(response, 400, { error: 'bad_request', message: 'The request body is not valid JSON.' });
  });
});
