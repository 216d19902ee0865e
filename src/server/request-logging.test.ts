import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN, type TestApp } from './test/test-app.ts';

type Line = {
  level: number;
  msg: string;
  reqId?: string;
  req?: Record<string, unknown>;
  res?: { statusCode: number };
};
const INFO = 30;
const DEBUG = 20;

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** The app with its production logger at `level`, writing into an array. */
async function appLoggingAt(level: string): Promise<{ t: TestApp; lines: Line[] }> {
  const lines: Line[] = [];
  t = await createTestApp({
    env: { LOG_LEVEL: level },
    overrides: { logger: true, logStream: { write: (line: string) => lines.push(JSON.parse(line)) } },
  });
  return { t, lines };
}

describe('request logging', () => {
  it('logs answers that went well at debug only, and other answers at info with their request id', async () => {
    const { t, lines } = await appLoggingAt('info');
    await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'ok-1' } });
    expect(lines.filter((line) => line.reqId === 'ok-1')).toEqual([]);

    await t.app.inject({
      method: 'GET',
      url: '/api/quote?propertyId=1',
      headers: { 'x-request-id': 'bad-1' },
    });
    await t.app.inject({ method: 'GET', url: '/api/no-such', headers: { 'x-request-id': 'none-1' } });
    expect(lines.filter((line) => line.reqId === 'bad-1')).toEqual([
      expect.objectContaining({ level: INFO, msg: 'request completed', res: { statusCode: 400 } }),
    ]);
    expect(lines.filter((line) => line.reqId === 'none-1')).toEqual([
      expect.objectContaining({ level: INFO, msg: 'request completed', res: { statusCode: 404 } }),
    ]);
  });

  it('keeps the request id on what a route logs, and redacts secrets', async () => {
    const { t, lines } = await appLoggingAt('info');
    await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      headers: { 'x-request-id': 'login-1' },
      payload: { username: TEST_ADMIN.username, password: 'wrong password entirely' },
    });
    const mine = lines.filter((line) => line.reqId === 'login-1');
    expect(mine.map((line) => line.msg)).toEqual(['admin login failed', 'request completed']);
    expect(JSON.stringify(mine)).not.toContain('wrong password entirely');
  });

  it('logs every request at debug, with the path but not the query string or the authorization header', async () => {
    const { t, lines } = await appLoggingAt('debug');
    await t.app.inject({
      method: 'GET',
      url: '/api/health?key=secret-in-query',
      headers: { 'x-request-id': 'dbg-1', authorization: 'Bearer secret-token' },
    });
    const mine = lines.filter((line) => line.reqId === 'dbg-1');
    expect(mine).toEqual([
      expect.objectContaining({
        level: DEBUG,
        msg: 'incoming request',
        req: expect.objectContaining({ url: '/api/health' }),
      }),
      expect.objectContaining({ level: DEBUG, msg: 'request completed', res: { statusCode: 200 } }),
    ]);
    expect(JSON.stringify(mine)).not.toMatch(/secret-in-query|secret-token/);
  });
});
