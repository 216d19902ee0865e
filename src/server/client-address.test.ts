import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN, type TestApp } from './test/test-app.ts';

/**
 * The client's address every per-address rule reads (login throttle, holds, the sessions list): the socket's,
 * unless the socket is a proxy TRUST_PROXY names, whose X-Forwarded-For is then believed. Seen here through the
 * owner's sessions list, which shows the address a session signed in from.
 */

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** Signs in from `socket` with a forwarded-for header, and answers the address the sessions list shows. */
async function signedInAddress(app: TestApp, socket: string, forwardedFor: string): Promise<string | null> {
  const login = await app.app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: TEST_ADMIN,
    headers: { 'x-forwarded-for': forwardedFor },
    remoteAddress: socket,
  });
  expect(login.statusCode, login.body).toBe(200);
  const sessions = await app.app.inject({
    method: 'GET',
    url: '/api/admin/sessions',
    headers: { authorization: `Bearer ${login.json().token}` },
  });
  return (sessions.json() as { address: string | null; current: boolean }[]).find((s) => s.current)!.address;
}

describe("the client's address", () => {
  it("is the socket's without TRUST_PROXY, whatever the request claims", async () => {
    t = await createTestApp();
    expect(await signedInAddress(t, '127.0.0.1', '203.0.113.9')).toBe('127.0.0.1');
  });

  it('with TRUST_PROXY=true, comes from the proxy on this machine and from no one else', async () => {
    t = await createTestApp({ env: { TRUST_PROXY: 'true' } });
    expect(await signedInAddress(t, '127.0.0.1', '203.0.113.9')).toBe('203.0.113.9');
    expect(await signedInAddress(t, '::1', '203.0.113.10')).toBe('203.0.113.10');
    // Someone reaching the server around the proxy cannot pass for another address.
    expect(await signedInAddress(t, '198.51.100.7', '203.0.113.9')).toBe('198.51.100.7');
  });

  it('with TRUST_PROXY listing a proxy elsewhere, is believed from that proxy only', async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '10.0.0.5' } });
    expect(await signedInAddress(t, '10.0.0.5', '203.0.113.9')).toBe('203.0.113.9');
    expect(await signedInAddress(t, '127.0.0.1', '203.0.113.9')).toBe('127.0.0.1');
  });
});
