/**
 * `npm run bench:memory`: how much memory the real server takes on the embedded database (Linux only).
 * Starts the server as `npm run serve` does (package.json's serve script, Node flags included) on a throwaway
 * DATA_DIR and a free loopback port, twice:
 *   1. the first start, which creates the database (PGlite's data directory, migrations, seed, admin account);
 *   2. a restart on the directory the first one left.
 * For each it reads the server process's /proc/<pid>/status: the peak resident memory up to the moment the
 * server answers /api/health (VmHWM, the kernel's high-water mark, so no spike between samples is missed), the
 * resident memory after BENCH_IDLE_S seconds of idling (VmRSS), and VmHWM over the whole run. It then stops the
 * server with SIGTERM and removes the directory. It builds nothing: with a web build the server also serves the
 * pages (as in production), without one it serves the API alone; the output says which.
 * `BENCH_DATABASE_URL=postgres://user@host:port/postgres` measures one start on PostgreSQL instead, on a
 * throwaway database created on that server and dropped afterwards. `BENCH_IDLE_S` (default 10) sets the idle
 * time before the idle figure.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createBenchDatabase } from './bench-database.ts';
import { freePort, stopProcess, waitFor } from './local-server.ts';
import { spawnServer } from './serve-command.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const IDLE_S = Number(process.env.BENCH_IDLE_S ?? 10);
const START_DEADLINE_MS = 180_000;
const MB = 1024 * 1024;

/** VmRSS and VmHWM of a process, in bytes (the kernel reports kB). */
async function memoryOf(pid: number): Promise<{ rss: number; hwm: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') * 1024, hwm: kb('VmHWM') * 1024 };
}

type Run = { label: string; startMs: number; startPeak: number; idleRss: number; runPeak: number };

async function measureStart(label: string, dataDir: string, databaseUrl = ''): Promise<Run> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const server = spawnServer(root, {
    port,
    dataDir,
    databaseUrl: databaseUrl,
    admin: { username: 'bench', password: 'bench-password-not-secret-1' },
  });
  try {
    await waitFor(`${base}/api/health`, { child: server, timeoutMs: START_DEADLINE_MS, intervalMs: 50 });
    const startMs = performance.now() - started;
    const { hwm: startPeak } = await memoryOf(server.pid!);
    await new Promise((resolve) => setTimeout(resolve, IDLE_S * 1000));
    const { rss: idleRss, hwm: runPeak } = await memoryOf(server.pid!);
    return { label, startMs, startPeak, idleRss, runPeak };
  } finally {
    await stopProcess(server);
  }
}

async function main(): Promise<void> {
  if (process.platform !== 'linux') {
    console.error('bench:memory reads /proc/<pid>/status: it runs on Linux only.');
    process.exit(1);
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'tower-bench-memory-'));
  const benchDatabase = await createBenchDatabase();
  const runs: Run[] = [];
  try {
    if (benchDatabase) {
      runs.push(await measureStart('start on PostgreSQL', dataDir, benchDatabase.url));
    } else {
      runs.push(await measureStart('first start (creates the database)', dataDir));
      runs.push(await measureStart('restart (existing directory)', dataDir));
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
    await benchDatabase?.drop();
  }
  const site = existsSync(path.join(root, 'build/client/index.html'))
    ? 'with the web build'
    : 'API only (no web build)';
  console.info(
    `\nbench:memory — ${benchDatabase ? 'PostgreSQL' : 'embedded database'}, ${site}, idle figure after ${IDLE_S} s\n`,
  );
  console.info(
    'run                                  start s   peak to ready MB   idle RSS MB   peak overall MB',
  );
  for (const run of runs) {
    console.info(
      [
        run.label.padEnd(36),
        (run.startMs / 1000).toFixed(1).padStart(8),
        (run.startPeak / MB).toFixed(0).padStart(18),
        (run.idleRss / MB).toFixed(0).padStart(13),
        (run.runPeak / MB).toFixed(0).padStart(17),
      ].join(' '),
    );
  }
}

await main();
