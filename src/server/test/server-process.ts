import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

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
  const child = spawn(process.execPath, [MAIN], {
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
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
  const deadline = Date.now() + START_DEADLINE_MS;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null || server.child.signalCode !== null) {
      throw new Error(`server exited early:\n${server.output()}`);
    }
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not become healthy:\n${server.output()}`);
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

/** A TCP port on 127.0.0.1 that was free a moment ago (the system picks it). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}
