import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import { waitFor } from '../../../scripts/local-server.ts';

/**
 * Real server processes for tests of what only a process shows: start-up, the data-directory lock, several
 * processes on one database. Started the way `npm run serve` starts it (no web build needed for the API).
 */

const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));

/** A fresh data directory runs initdb: seconds on an idle machine, much longer on a busy one. */
export const START_DEADLINE_MS = 120_000;

export type ServerProcess = {
  child: ChildProcess;
  /** Everything it wrote to stdout and stderr so far. */
  output(): string;
  /** Its exit code (null when a signal ended it). */
  exited: Promise<number | null>;
};

/** Every server started; `stopServers` kills those still running (a failed test must not leave one behind). */
const started: ServerProcess[] = [];

export function startServer(env: Record<string, string>): ServerProcess {
  return startProcess(process.execPath, [MAIN], {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      // A server whose clock reaches BACKUP_HOUR takes a backup: never into the checkout's ./backups.
      BACKUP_DIR: path.join(tmpdir(), 'tower-test-backups'),
      ...env,
    },
  });
}

/** Any process a test starts and watches (a server started another way, a proxy in front of it). */
export function startProcess(
  command: string,
  args: string[],
  options: { env: NodeJS.ProcessEnv; cwd?: string },
): ServerProcess {
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const server = { child, output: () => output, exited };
  started.push(server);
  return server;
}

/** Waits until GET /api/health answers 200; throws with the server's output if it exits or never answers. */
export async function waitForHealth(port: number, server: ServerProcess): Promise<void> {
  try {
    await waitFor(`http://127.0.0.1:${port}/api/health`, {
      child: server.child,
      timeoutMs: START_DEADLINE_MS,
      intervalMs: 100,
    });
  } catch (error) {
    throw new Error(`${(error as Error).message}:\n${server.output()}`, { cause: error });
  }
}

/** Kills (SIGKILL) every server started here that still runs. */
export async function stopServers(): Promise<void> {
  await Promise.all(
    started.splice(0).map((server) => {
      server.child.kill('SIGKILL'); // a no-op for one that has exited
      return server.exited;
    }),
  );
}

/**
 * A data directory of its own for a test file's server processes: made before its tests; after them, every
 * server started is stopped and the directory removed. The function returned gives its path.
 */
export function dataDirForFile(prefix: string): () => string {
  let dataDir = '';
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), prefix));
  });
  afterAll(async () => {
    await stopServers();
    await rm(dataDir, { recursive: true, force: true });
  });
  return () => dataDir;
}

/** The owner's login, over HTTP, to a server process listening on `port`. */
export function loginOverHttp(port: number, credentials: { username: string; password: string }) {
  return fetch(`http://127.0.0.1:${port}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
}
