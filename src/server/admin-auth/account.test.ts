import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { testAppForFile } from '../test/per-file.ts';
import { expectRefusal } from '../test/refusal.ts';
import { createTestApp, openSecondConnection, TEST_ADMIN } from '../test/test-app.ts';
import { resetAdminAccount } from './reset.ts';

const t = testAppForFile();

const NEW_PASSWORD = 'granite spire over the harbour';

type LoginBody = { username: string; password: string; code?: string };
const login = (body: LoginBody, headers: Record<string, string> = {}, ip = '10.1.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/admin/login', payload: body, headers, remoteAddress: ip });
const tokenOf = async (body: LoginBody = TEST_ADMIN, headers: Record<string, string> = {}) => {
  const response = await login(body, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().token as string;
};
const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const call = (method: 'GET' | 'POST', url: string, token: string, payload?: Record<string, string>) =>
  t.app.inject({ method, url, headers: auth(token), ...(payload === undefined ? {} : { payload }) });
const verify = async (token: string) => (await call('GET', '/api/admin/verify', token)).statusCode;

/** The app's code for `secret` at the test clock's time, `steps` periods of 30 s away. */
const totp = (secret: string, steps = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: t.clock.now().getTime() + steps * 30_000 });

describe('POST /api/admin/password', () => {
  it('refuses a wrong current password, a short one and a common one with a sentence', async () => {
    const token = await tokenOf();
    const wrong = await call('POST', '/api/admin/password', token, {
      currentPassword: 'not my password',
      newPassword: NEW_PASSWORD,
    });
    expectRefusal(wrong, 400, { error: 'wrong_password', message: 'Your current password is not right.' });

    const short = await call('POST', '/api/admin/password', token, {
      currentPassword: TEST_ADMIN.password,
      newPassword: 'short1',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toMatch(/at least 12 characters/);

    for (const common of ['password1234', 'qwertyuiop123', '1q2w3e4r5t6y', 'aaaaaaaaaaaaaa']) {
      const weak = await call('POST', '/api/admin/password', token, {
        currentPassword: TEST_ADMIN.password,
        newPassword: common,
      });
      expect(weak.statusCode, common).toBe(400);
      expect(weak.json().error).toBe('weak_password');
      expect(weak.json().message).toMatch(/^This password is/);
    }
    expect(await verify(token)).toBe(200); // nothing changed
  });

  it('changes the password, signs out every other session, keeps the caller and survives a restart', async () => {
    const other = await tokenOf(TEST_ADMIN, {
      'user-agent': 'Mozilla/5.0 (iPhone) Version/18.0 Safari/605.1',
    });
    const mine = await tokenOf();
    const changed = await call('POST', '/api/admin/password', mine, {
      currentPassword: TEST_ADMIN.password,
      newPassword: NEW_PASSWORD,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().signedOutSessions).toBeGreaterThanOrEqual(1);
    expect(await verify(other)).toBe(401);
    expect(await verify(mine)).toBe(200);
    expect((await login(TEST_ADMIN)).statusCode).toBe(401);
    expect((await login({ ...TEST_ADMIN, password: NEW_PASSWORD })).statusCode).toBe(200);

    // A restart with the same ADMIN_PASSWORD leaves the changed password alone, and signs nobody out.
    const restarted = await createTestApp({ database: await openSecondConnection(t.database) });
    try {
      const again = await restarted.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { ...TEST_ADMIN, password: NEW_PASSWORD },
      });
      expect(again.statusCode).toBe(200);
      const old = await restarted.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: TEST_ADMIN,
      });
      expect(old.statusCode).toBe(401);
      expect(await verify(mine)).toBe(200);
    } finally {
      await restarted.app.close();
      await restarted.database.close();
    }

    // A new ADMIN_PASSWORD is applied, and signs every session out.
    const applied = await createTestApp({
      database: await openSecondConnection(t.database),
      env: { ADMIN_PASSWORD: 'a brand new password from the environment' },
    });
    try {
      expect(await verify(mine)).toBe(401);
      const fromEnv = await applied.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { ...TEST_ADMIN, password: 'a brand new password from the environment' },
      });
      expect(fromEnv.statusCode).toBe(200);
    } finally {
      await applied.app.close();
      await applied.database.close();
    }
    // Back to the suite's password for the tests that follow (the environment changed once more).
    const back = await createTestApp({ database: await openSecondConnection(t.database) });
    await back.app.close();
    await back.database.close();
    expect((await login(TEST_ADMIN)).statusCode).toBe(200);
  });
});

describe('admin sessions', () => {
  it("lists active sessions with their address and browser, marks the caller's, and ends the others", async () => {
    const phone = await tokenOf(TEST_ADMIN, {
      'user-agent':
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
    });
    const desk = await tokenOf(TEST_ADMIN, {
      'user-agent':
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    });
    const list = await call('GET', '/api/admin/sessions', desk);
    expect(list.statusCode).toBe(200);
    const sessions = list.json() as {
      browser: string;
      address: string;
      current: boolean;
      createdAt: string;
    }[];
    expect(sessions.filter((s) => s.current)).toEqual([
      expect.objectContaining({ browser: 'Chrome on Windows', address: '10.1.0.1' }),
    ]);
    expect(sessions).toContainEqual(expect.objectContaining({ browser: 'Safari on iPhone', current: false }));
    expect(JSON.stringify(sessions)).not.toContain(desk);

    const revoked = await call('POST', '/api/admin/sessions/revoke-others', desk);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().revoked).toBeGreaterThanOrEqual(1);
    expect(await verify(phone)).toBe(401);
    const after = (await call('GET', '/api/admin/sessions', desk)).json() as { current: boolean }[];
    expect(after).toEqual([expect.objectContaining({ current: true })]);
  });
});

describe('two-step sign-in', () => {
  it('sets up with a QR code, turns on with a code, then asks every login for a code used once', async () => {
    const token = await tokenOf();
    expect((await call('GET', '/api/admin/two-factor', token)).json()).toMatchObject({ enabled: false });
    const setup = await call('POST', '/api/admin/two-factor/setup', token);
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUrl, qrCode } = setup.json() as {
      secret: string;
      otpauthUrl: string;
      qrCode: string;
    };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/The%20Tower:owner\?/);
    expect(otpauthUrl).toContain(`secret=${secret}`);
    expect(otpauthUrl).toContain('period=30');
    expect(otpauthUrl).toContain('digits=6');
    expect(Buffer.from(qrCode.split(',')[1]!, 'base64').toString()).toContain('<svg');

    const wrong = await call('POST', '/api/admin/two-factor/enable', token, { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe('invalid_code');
    const enableCode = totp(secret);
    const enabled = await call('POST', '/api/admin/two-factor/enable', token, { code: enableCode });
    expect(enabled.statusCode, enabled.body).toBe(200);
    const { recoveryCodes } = enabled.json() as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect((await call('GET', '/api/admin/two-factor', token)).json()).toMatchObject({
      enabled: true,
      recoveryCodesLeft: 10,
    });
    // The secret is stored sealed, never as it was shown.
    const stored = await t.database.db.query.adminUsers.findFirst();
    expect(JSON.stringify(stored)).not.toContain(secret);
    expect(JSON.stringify(stored)).not.toContain(recoveryCodes[0]);

    const noCode = await login(TEST_ADMIN);
    expectRefusal(noCode, 401, { error: 'two_factor_required', message: expect.stringMatching(/code/) });
    // The wrong password still gets the usual answer: the code is asked only once the password is right.
    expect((await login({ ...TEST_ADMIN, password: 'wrong', code: totp(secret) })).json().error).toBe(
      'invalid_credentials',
    );
    // The code that turned it on cannot sign in (no replay within its window).
    expect((await login({ ...TEST_ADMIN, code: enableCode })).json().error).toBe('invalid_code');

    t.clock.advance(30_000);
    const code = totp(secret);
    const signedIn = await login({ ...TEST_ADMIN, code });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const replay = await login({ ...TEST_ADMIN, code });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error).toBe('invalid_code');
    // A phone's clock a step behind is accepted.
    t.clock.advance(60_000);
    expect((await login({ ...TEST_ADMIN, code: totp(secret, -1) })).statusCode).toBe(200);

    // A recovery code works once, typed in any case and with or without its dashes.
    const recovery = recoveryCodes[0]!;
    expect(
      (await login({ ...TEST_ADMIN, code: recovery.toUpperCase().replaceAll('-', ' ') })).statusCode,
    ).toBe(200);
    expect((await login({ ...TEST_ADMIN, code: recovery })).json().error).toBe('invalid_code');
    expect((await call('GET', '/api/admin/two-factor', token)).json().recoveryCodesLeft).toBe(9);

    // Setting up again while on is refused: it must be turned off first.
    expect((await call('POST', '/api/admin/two-factor/setup', token)).statusCode).toBe(409);

    // Off takes the password and a code.
    const noPassword = await call('POST', '/api/admin/two-factor/disable', token, {
      password: 'wrong',
      code: recoveryCodes[1]!,
    });
    expect(noPassword.json().error).toBe('wrong_password');
    const badCode = await call('POST', '/api/admin/two-factor/disable', token, {
      password: TEST_ADMIN.password,
      code: recovery,
    });
    expect(badCode.json().error).toBe('invalid_code');
    const off = await call('POST', '/api/admin/two-factor/disable', token, {
      password: TEST_ADMIN.password,
      code: recoveryCodes[1]!,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ enabled: false, recoveryCodesLeft: 0 });
    expect((await login(TEST_ADMIN)).statusCode).toBe(200);
  });
});

describe('npm run admin:reset (resetAdminAccount)', () => {
  it('writes a new password for the server user only, turns two-step off and signs every session out', async () => {
    const token = await tokenOf();
    const { secret } = (await call('POST', '/api/admin/two-factor/setup', token)).json() as {
      secret: string;
    };
    t.clock.advance(30_000);
    expect(
      (await call('POST', '/api/admin/two-factor/enable', token, { code: totp(secret) })).statusCode,
    ).toBe(200);
    const dataDir = await mkdtemp(path.join(tmpdir(), 'tower-reset-'));
    try {
      const { file, signedOut } = await resetAdminAccount(t.database.db, {
        username: TEST_ADMIN.username,
        dataDir,
      });
      expect(signedOut).toBeGreaterThanOrEqual(1);
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      const password = (await readFile(file, 'utf8')).trim();
      expect(password.length).toBeGreaterThanOrEqual(24);
      expect(await verify(token)).toBe(401);
      expect((await login(TEST_ADMIN)).statusCode).toBe(401);
      // Two-step is off: the password alone signs in.
      const fresh = await tokenOf({ username: TEST_ADMIN.username, password });
      expect((await call('GET', '/api/admin/two-factor', fresh)).json()).toMatchObject({ enabled: false });

      // A restart with the unchanged ADMIN_PASSWORD keeps the reset password.
      const restarted = await createTestApp({ database: await openSecondConnection(t.database) });
      await restarted.app.close();
      await restarted.database.close();
      expect((await login({ username: TEST_ADMIN.username, password })).statusCode).toBe(200);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
