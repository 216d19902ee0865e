import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, createTestApp, type TestApp } from '../test/test-app.ts';
import { SESSION_IDLE_MS } from './require-admin.ts';
import type { RouteRecord } from './route-table.ts';

let t: TestApp;
let adminRoutes: RouteRecord[];
const tokens: Record<'expired' | 'revoked', string> = { expired: '', revoked: '' };

const login = () => adminToken(t.app);

beforeAll(async () => {
  t = await createTestApp();
  // The routes as the server itself registered them: everything inside the admin scope, and anything under
  // /api/admin/ wherever it was registered (only the login is public there).
  const { all, admin } = t.app.routeTable;
  const underAdminPath = all.filter((r) => r.url.startsWith('/api/admin/') && r.url !== '/api/admin/login');
  const seen = new Set<string>();
  adminRoutes = [...admin, ...underAdminPath].filter((r) => {
    const key = `${r.method} ${r.url}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });

  tokens.expired = await login();
  t.clock.advance(SESSION_IDLE_MS + 60_000); // the first token lapses after 12 idle hours
  tokens.revoked = await login();
  const logout = await t.app.inject({
    method: 'POST',
    url: '/api/admin/logout',
    headers: { authorization: `Bearer ${tokens.revoked}` },
  });
  expect(logout.statusCode).toBe(204);
});
afterAll(async () => {
  await t.close();
});

/** A concrete URL for a route pattern: every `:param` becomes a plausible id. */
const concrete = (url: string) => url.replaceAll(/:\w+/g, '7c9e6679-7425-40de-944b-e07fc1f90ae7');

describe('admin routes', () => {
  it('are read from the server and include the bookings, the owner bookings and the export', () => {
    const names = adminRoutes.map((r) => `${r.method} ${r.url}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'GET /api/bookings',
        'POST /api/bookings/:id/confirm',
        'POST /api/bookings/:id/cancel',
        'GET /api/bookings/:id/refund-preview',
        'POST /api/admin/bookings',
        'GET /api/admin/bookings.csv',
        'GET /api/admin/audit',
        'GET /api/admin/verify',
        'POST /api/admin/logout',
      ]),
    );
  });

  const cases: [string, () => Record<string, string>][] = [
    ['no token', () => ({})],
    ['a malformed header', () => ({ authorization: 'Basic b3duZXI6cGFzcw==' })],
    ['a made-up token', () => ({ authorization: 'Bearer made-up-token' })],
    ['an expired token', () => ({ authorization: `Bearer ${tokens.expired}` })],
    ['a revoked token', () => ({ authorization: `Bearer ${tokens.revoked}` })],
  ];
  for (const [name, headers] of cases) {
    it(`answer 401 JSON to ${name}, every one of them`, async () => {
      const failures: string[] = [];
      for (const route of adminRoutes) {
        const response = await t.app.inject({
          method: route.method as 'GET',
          url: concrete(route.url),
          headers: headers(),
          ...(route.method === 'POST' ? { payload: {} } : {}),
        });
        const body = route.method === 'HEAD' ? { error: 'unauthorized' } : response.json();
        if (response.statusCode !== 401 || body.error !== 'unauthorized') {
          failures.push(`${route.method} ${route.url} → ${response.statusCode}`);
        }
      }
      expect(failures).toEqual([]);
    });
  }

  it('answer a valid token (the guard lets the owner through)', async () => {
    const token = await login();
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/bookings',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(200);
  });
});
