import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEALTH_DATABASE_FRESH_MS } from './health/routes.ts';
import { createTestApp, type TestApp } from './test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/health', () => {
  it('answers 200 with status ok once the database answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
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
        'strict-transport-security': 'max-age=31536000; includeSubDomains',
        'x-frame-options': 'SAMEORIGIN',
        'referrer-policy': 'no-referrer',
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-resource-policy': 'same-origin',
        'x-content-type-options': 'nosniff',
        'content-security-policy': expect.stringContaining("frame-ancestors 'none'"),
      });
    }
  });
});

describe('unknown API paths', () => {
  it('answer a JSON 404 with a message a person understands', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/no-such?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
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
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'bad_request', message: 'The request body is not valid JSON.' });
  });
});
