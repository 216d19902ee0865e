import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  dataDirForFile,
  loginOverHttp,
  START_DEADLINE_MS,
  startServer as start,
  waitForHealth,
} from './test/server-process.ts';

const dataDir = dataDirForFile('tower-main-');

describe('starting the server', () => {
  it('exits non-zero with one line naming a bad variable', async () => {
    const started = start({ PORT: 'abc', DATA_DIR: dataDir() });
    expect(await started.exited).not.toBe(0);
    expect(started.output()).toMatch(/^Invalid configuration: PORT .*\n$/);
  }, 60_000);

  it(
    'keeps its data across restarts, refuses a second process on the same data directory, and stops cleanly on SIGTERM',
    async () => {
      const port = 3900 + Math.floor(Math.random() * 90);
      const env = { DATA_DIR: dataDir(), PORT: String(port), ADMIN_USERNAME: 'owner' };

      const first = start(env);
      await waitForHealth(port, first);
      // A first start without ADMIN_PASSWORD writes the password to a file and says where, never what.
      expect(first.output()).toContain('initial-admin-password');

      const second = start({ ...env, PORT: String(port + 1) });
      expect(await second.exited).toBe(1);
      expect(second.output()).toContain('is in use by another server process');

      const { readFile } = await import('node:fs/promises');
      const password = (await readFile(path.join(dataDir(), 'initial-admin-password'), 'utf8')).trim();
      expect(first.output()).not.toContain(password);
      const login = await loginOverHttp(port, { username: 'owner', password });
      expect(login.status).toBe(200);

      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);

      // The account (and so the data directory) survives the restart.
      const again = start(env);
      await waitForHealth(port, again);
      const loginAgain = await loginOverHttp(port, { username: 'owner', password });
      expect(loginAgain.status).toBe(200);
      again.child.kill('SIGTERM');
      expect(await again.exited).toBe(0);
    },
    4 * START_DEADLINE_MS,
  );
});
