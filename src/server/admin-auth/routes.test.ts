import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { testAppForFile } from '../test/per-file.ts';
import { adminToken, createTestApp } from '../test/test-app.ts';
import { SESSION_IDLE_MS } from './require-admin.ts';

const t = testAppForFile();

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

describe("POST /api/admin/login under attack on the owner's username", () => {
  it('never refuses the right password from an address with three failures or fewer, and locks one with more', async () => {
    for (let i = 0; i < 10; i++) expect((await login('owner', 'guess', `10.0.4.${i}`)).statusCode).toBe(401);
    // A fresh address's wrong password is answered 429 while the account is under attack, with its tries left.
    const firstTry = await login('owner', 'guess', '10.0.5.1');
    expect(firstTry.statusCode).toBe(429);
    expect(Number(firstTry.headers['retry-after'])).toBeGreaterThan(0);
    expect(firstTry.json().message).toMatch(/3 more tries/);
    // One typo does not lock the owner out (OWNER_GRACE_FAILURES): the right password still logs in.
    expect((await login('owner', 'correct horse battery staple', '10.0.5.1')).statusCode).toBe(200);
    // An address past its grace is refused before its password is checked, the right one included.
    for (let i = 0; i < 4; i++) expect((await login('owner', 'guess', '10.0.5.3')).statusCode).toBe(429);
    expect((await login('owner', 'correct horse battery staple', '10.0.5.3')).statusCode).toBe(429);
    // The owner, somewhere else, still logs in.
    expect((await login('owner', 'correct horse battery staple', '10.0.5.2')).statusCode).toBe(200);
    // The attack's failures age out, and so does the lock of the address that tried.
    t.clock.advance(16 * 60 * 1000);
    expect((await login('owner', 'correct horse battery staple', '10.0.5.3')).statusCode).toBe(200);
  });

  it('locks the address that failed, not the owner at another address (real loopback sources)', async () => {
    const own = await createTestApp();
    try {
      await own.app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = own.app.server.address() as AddressInfo;
      const from = (localAddress: string, password: string) =>
        postJson(port, localAddress, '/api/admin/login', { username: 'owner', password });

      for (let i = 0; i < 10; i++) expect((await from('127.0.0.2', 'guess')).status).toBe(401);
      const locked = await from('127.0.0.2', 'correct horse battery staple');
      expect(locked.status).toBe(429);
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
      expect(locked.body.error).toBe('too_many_requests');

      const owner = await from('127.0.0.3', 'correct horse battery staple');
      expect(owner.status).toBe(200);
      expect(typeof owner.body.token).toBe('string');
    } finally {
      await own.close();
    }
  });

  it('lets the owner in with password and code after three typos while the attacker is refused (real loopback sources)', async () => {
    const own = await createTestApp();
    try {
      // Two-step sign-in on, through the API.
      const token = await adminToken(own.app);
      const headers = { authorization: `Bearer ${token}` };
      const setup = await own.app.inject({ method: 'POST', url: '/api/admin/two-factor/setup', headers });
      const secret = Secret.fromBase32(setup.json().secret);
      const codeAt = (offsetMs = 0) =>
        TOTP.generate({ secret, timestamp: own.clock.now().getTime() + offsetMs });
      const enable = await own.app.inject({
        method: 'POST',
        url: '/api/admin/two-factor/enable',
        headers,
        payload: { code: codeAt() },
      });
      expect(enable.statusCode).toBe(200);
      own.clock.advance(30_000);

      await own.app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = own.app.server.address() as AddressInfo;
      const from = (localAddress: string, password: string, code?: string) =>
        postJson(port, localAddress, '/api/admin/login', { username: 'owner', password, code });

      // The attacker's address guesses until it is refused, putting the account under attack.
      for (let i = 0; i < 10; i++) expect((await from('127.0.0.4', 'guess', '123456')).status).toBe(401);
      expect((await from('127.0.0.4', 'correct horse battery staple', codeAt())).status).toBe(429);
      // The owner mistypes the password twice and the code once, then types both right.
      for (let i = 0; i < 2; i++)
        expect((await from('127.0.0.5', 'correct horse battery stable', codeAt())).status).toBe(429);
      expect((await from('127.0.0.5', 'correct horse battery staple', '000000')).status).toBe(429);
      const owner = await from('127.0.0.5', 'correct horse battery staple', codeAt());
      expect(owner.status).toBe(200);
      expect(typeof owner.body.token).toBe('string');
      // The attacker is still refused.
      own.clock.advance(30_000);
      expect((await from('127.0.0.4', 'correct horse battery staple', codeAt())).status).toBe(429);
    } finally {
      await own.close();
    }
  }, 60_000); // a dozen scrypt checks over real sockets: seconds on a busy machine

  it('still throttles one address that fails for many usernames, but not another address', async () => {
    for (let i = 0; i < 10; i++)
      expect((await login(`someone${i}`, 'guess', '10.0.6.1')).statusCode).toBe(401);
    expect((await login('someone10', 'guess', '10.0.6.1')).statusCode).toBe(429);
    expect((await login('someone0', 'guess', '10.0.6.2')).statusCode).toBe(401);
  });
});

/** A JSON POST sent from `localAddress` (any 127.x.y.z is loopback), so the server sees that client address. */
function postJson(
  port: number,
  localAddress: string,
  path: string,
  body: unknown,
): Promise<{
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Record<string, unknown>;
}> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        localAddress,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: JSON.parse(text) }),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

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
