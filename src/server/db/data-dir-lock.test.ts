import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../../scripts/local-server.ts';
import { dataDirForFile, START_DEADLINE_MS, startServer, waitForHealth } from '../test/server-process.ts';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.ts';

const LOCK_MODULE = new URL('./data-dir-lock.ts', import.meta.url).href;

const dataDir = dataDirForFile('tower-lock-');

describe('the data directory lock', () => {
  it('refuses a second lock of a directory this process holds, and is free again once released', async () => {
    const directory = path.join(dataDir(), 'in-process');
    const release = await lockDataDir(directory);
    await expect(lockDataDir(directory)).rejects.toThrow(DataDirLockedError);
    await release();
    const again = await lockDataDir(directory);
    await again();
  });

  it('takes over at once the lock of a process killed with kill -9, for one of two callers at a time', async () => {
    const directory = path.join(dataDir(), 'killed-holder');
    const holder = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import { lockDataDir } from ${JSON.stringify(LOCK_MODULE)};
         await lockDataDir(process.argv[1]);
         console.log('locked');
         setInterval(() => {}, 60_000);`,
        directory,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const exited = new Promise((resolve) => holder.once('exit', resolve));
    await new Promise<void>((resolve) => holder.stdout.once('data', () => resolve()));
    await expect(lockDataDir(directory)).rejects.toThrow(DataDirLockedError); // the holder is alive

    holder.kill('SIGKILL');
    await exited;
    const outcomes = await Promise.allSettled([lockDataDir(directory), lockDataDir(directory)]);
    const taken = outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
    const refused = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason] : []));
    expect(taken).toHaveLength(1);
    expect(refused).toEqual([expect.any(DataDirLockedError)]);
    await taken[0]!();
  });

  it(
    'refuses a second server while the first runs, and lets one restart take over at once after kill -9',
    async () => {
      const directory = path.join(dataDir(), 'server');
      const env = { DATA_DIR: directory, ADMIN_PASSWORD: 'correct horse battery staple' };
      const port = await freePort();
      let server = startServer({ ...env, PORT: String(port) });
      await waitForHealth(port, server);

      const second = startServer({ ...env, PORT: String(await freePort()) });
      expect(await second.exited).toBe(1);
      expect(second.output()).toContain('is in use by another server process');

      // A crash, then a restart at once (as a process manager does), three times: each comes up, none is refused
      // (waitForHealth fails on an early exit).
      for (let round = 0; round < 3; round++) {
        server.child.kill('SIGKILL');
        await server.exited;
        server = startServer({ ...env, PORT: String(port) });
        await waitForHealth(port, server);
      }

      // Two restarts at once after a crash: one takes the lock over, the other is refused.
      server.child.kill('SIGKILL');
      await server.exited;
      const ports = [port, await freePort()];
      const pair = ports.map((each) => startServer({ ...env, PORT: String(each) }));
      const outcomes = await Promise.allSettled(pair.map((each, i) => waitForHealth(ports[i]!, each)));
      expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
      const loser = pair[outcomes.findIndex((outcome) => outcome.status === 'rejected')]!;
      expect(await loser.exited).toBe(1);
      expect(loser.output()).toContain('is in use by another server process');
      server = pair[outcomes.findIndex((outcome) => outcome.status === 'fulfilled')]!;

      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    },
    2 * START_DEADLINE_MS,
  );
});
