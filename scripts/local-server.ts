/**
 * What the scripts that start the site on this machine share (benchmarks, screenshots): a free loopback port and
 * waiting until an address answers.
 */
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import pRetry, { AbortError } from 'p-retry';

/** A TCP port free on 127.0.0.1 right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

/**
 * Resolves once `url` answers 2xx, asking every `intervalMs`; fails after `timeoutMs`, or at once when `child`
 * (the server started for it) has exited.
 */
export async function waitFor(
  url: string,
  options: { timeoutMs?: number; child?: ChildProcess; intervalMs?: number } = {},
) {
  const timeoutMs = options.timeoutMs ?? 60_000;
  const exited = () => {
    const child = options.child;
    return child && (child.exitCode !== null || child.signalCode !== null);
  };
  try {
    await pRetry(
      async () => {
        if (exited())
          throw new AbortError(`the server exited (${options.child?.exitCode ?? options.child?.signalCode})`);
        const response = await fetch(url); // refused while the server is not listening yet
        if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      },
      {
        retries: Number.POSITIVE_INFINITY,
        factor: 1,
        minTimeout: options.intervalMs ?? 200,
        maxRetryTime: timeoutMs,
      },
    );
  } catch (error) {
    if (exited()) throw error;
    throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`, { cause: error });
  }
}

/** Stops a process this script started (SIGTERM) and waits until it has exited. */
export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}
