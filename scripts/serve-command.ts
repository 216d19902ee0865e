import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

/**
 * The arguments `npm run serve` gives Node (its flags, then src/server/main.ts), read from package.json, so a
 * benchmark that starts the server itself measures the process production runs.
 */
export function serveArgs(root: string): string[] {
  const manifest = JSON.parse(readFileSync(`${root}/package.json`, 'utf8')) as { scripts: { serve: string } };
  const [command, ...args] = manifest.scripts.serve.trim().split(/\s+/);
  if (command !== 'node')
    throw new Error(`package.json's serve script does not start with node: ${manifest.scripts.serve}`);
  return args;
}

/**
 * The production server as `npm run serve` starts it, for a benchmark: on 127.0.0.1:`port`, demo payments, its
 * own data directory (or `databaseUrl`), no automatic calendar sync, warnings only; `env` adds or overrides.
 */
export function spawnServer(
  root: string,
  options: {
    port: number;
    dataDir: string;
    databaseUrl?: string;
    admin: { username: string; password: string };
    env?: Record<string, string>;
  },
): ChildProcess {
  return spawn(process.execPath, serveArgs(root), {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(options.port),
      HOST: '127.0.0.1',
      SITE_URL: `http://localhost:${options.port}`,
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl ?? '',
      PAYMENTS: 'demo',
      ADMIN_USERNAME: options.admin.username,
      ADMIN_PASSWORD: options.admin.password,
      LOG_LEVEL: 'warn',
      SYNC_INTERVAL_MINUTES: '0',
      ...options.env,
    },
  });
}
