import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** The real server process, started the way `npm run serve` starts it (no web build needed for the API). */
const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));

type Started = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

/** Every server a test starts; any still running when the file ends (a failed test) is stopped. */
const startedServers: ChildProcess[] = [];

function start(env: Record<string, string>): Started {
  const child = spawn(process.execPath, [MAIN], {
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  startedServers.push(child);
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** A fresh data directory runs initdb: seconds on an idle machine, much longer on a busy one. */
const START_DEADLINE_MS = 120_000;

async function waitForHealth(port: number, started: Started): Promise<void> {
  const deadline = Date.now() + START_DEADLINE_MS;
  while (Date.now() < deadline) {
    if (started.child.exitCode !== null) throw new Error(`server exited early:\n${started.output()}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not become healthy:\n${started.output()}`);
}

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'tower-main-'));
});
afterAll(async () => {
  for (const child of startedServers)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await rm(dataDir, { recursive: true, force: true });
});

describe('starting the server', () => {
  it('exits non-zero with one line naming a bad variable', async () => {
    const started = start({ PORT: 'abc', DATA_DIR: dataDir });
    expect(await started.exited).not.toBe(0);
    expect(started.output()).toMatch(/^Invalid configuration: PORT .*\n$/);
  }, 60_000);

  it(
    'keeps its data across restarts, refuses a second process on the same data directory, and stops cleanly on SIGTERM',
    async () => {
      const port = 3900 + Math.floor(Math.random() * 90);
      const env = { DATA_DIR: dataDir, PORT: String(port), ADMIN_USERNAME: 'owner' };

      const first = start(env);
      await waitForHealth(port, first);
      // A first start without ADMIN_PASSWORD writes the password to a file and says where, never what.
      expect(first.output()).toContain('initial-admin-password');

      const second = start({ ...env, PORT: String(port + 1) });
      expect(await second.exited).toBe(1);
      expect(second.output()).toContain('is in use by another server process');

      const { readFile } = await import('node:fs/promises');
      const password = (await readFile(path.join(dataDir, 'initial-admin-password'), 'utf8')).trim();
      expect(first.output()).not.toContain(password);
      const login = await fetch(`http://127.0.0.1:${port}/api/admin/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'owner', password }),
      });
      expect(login.status).toBe(200);

      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);

      // The account (and so the data directory) survives the restart.
      const again = start(env);
      await waitForHealth(port, again);
      const loginAgain = await fetch(`http://127.0.0.1:${port}/api/admin/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'owner', password }),
      });
      expect(loginAgain.status).toBe(200);
      again.child.kill('SIGTERM');
      expect(await again.exited).toBe(0);
    },
    4 * START_DEADLINE_MS,
  );
});
