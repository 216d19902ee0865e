import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { SESSION_IDLE_MS } from './require-admin.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const login = (username: string, password: string, ip = '10.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: { username, password },
    remoteAddress: ip,
  });

describe('POST /api/admin/login', () => {
  it('returns a 256-bit token for the right password, which /api/admin/verify accepts', async () => {
    const response = await login('owner', 'correct horse battery staple');
    expect(response.statusCode).toBe(200);
    const { token } = response.json();
    expect(Buffer.from(token, 'base64url').length).toBe(32);
    const verify = await t.app.inject({
      method: 'GET',
      url: '/api/admin/verify',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(verify.statusCode).toBe(200);
    expect(verify.json()).toEqual({ valid: true, username: 'owner' });
  });

  it('gives an unknown user and a wrong password the same answer', async () => {
    const wrong = await login('owner', 'wrong password', '10.0.0.2');
    const unknown = await login('nobody', 'wrong password', '10.0.0.2');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toEqual({ error: 'invalid_credentials', message: 'Invalid username or password' });
  });

  it('answers 400 with a message when a field is missing', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: 'owner' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/password/);
  });

  it('throttles ten failures from one address with 429 and Retry-After, even for the right password', async () => {
    for (let i = 0; i < 10; i++) expect((await login(`guest${i}`, 'guess', '10.0.0.9')).statusCode).toBe(401);
    const blocked = await login('owner', 'correct horse battery staple', '10.0.0.9');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.json().error).toBe('too_many_requests');
    t.clock.advance(16 * 60 * 1000);
    expect((await login('owner', 'correct horse battery staple', '10.0.0.9')).statusCode).toBe(200);
  });

  it('throttles ten failures for one username from many addresses', async () => {
    for (let i = 0; i < 10; i++) expect((await login('target', 'guess', `10.0.2.${i}`)).statusCode).toBe(401);
    expect((await login('target', 'guess', '10.0.3.1')).statusCode).toBe(429);
  });
});

describe('admin sessions', () => {
  it('refuses a token after logout, after 12 idle hours, and a made-up one', async () => {
    const first = (await login('owner', 'correct horse battery staple', '10.0.1.1')).json().token;
    const auth = (token: string) => ({ authorization: `Bearer ${token}` });
    const logout = await t.app.inject({ method: 'POST', url: '/api/admin/logout', headers: auth(first) });
    expect(logout.body).toBe('');
    expect(logout.statusCode).toBe(204);
    const afterLogout = await t.app.inject({ method: 'GET', url: '/api/admin/verify', headers: auth(first) });
    expect(afterLogout.statusCode).toBe(401);

    const second = (await login('owner', 'correct horse battery staple', '10.0.1.1')).json().token;
    t.clock.advance(SESSION_IDLE_MS + 1000);
    const idle = await t.app.inject({ method: 'GET', url: '/api/admin/verify', headers: auth(second) });
    expect(idle.statusCode).toBe(401);
    expect(idle.json().error).toBe('unauthorized');

    const madeUp = await t.app.inject({ method: 'GET', url: '/api/admin/verify', headers: auth('made-up') });
    expect(madeUp.statusCode).toBe(401);
  });
});
