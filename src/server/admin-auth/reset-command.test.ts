import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockDataDir } from '../db/data-dir-lock.ts';
import { openDatabase } from '../db/database.ts';
import { adminUsers } from '../db/schema.ts';
import { START_DEADLINE_MS } from '../test/server-process.ts';
import { createEmptyPostgresDatabase } from '../test/test-app.ts';
import { verifyPassword } from './passwords.ts';
import { RESET_PASSWORD_FILE } from './reset.ts';

/** `npm run admin:reset` as the owner runs it: its own process, with the server's settings. */
const COMMAND = fileURLToPath(new URL('./reset-command.ts', import.meta.url));

function runReset(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [COMMAND], {
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', ADMIN_USERNAME: 'owner', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'tower-reset-command-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('npm run admin:reset', () => {
  it('refuses with a sentence while a server holds the embedded data directory', async () => {
    const held = path.join(dataDir, 'held');
    const release = await lockDataDir(held); // this test process plays the running server
    try {
      const { code, output } = await runReset({ DATA_DIR: held });
      expect(code).toBe(1);
      expect(output).toContain('The server is running on');
      expect(output).toContain('Stop the server');
    } finally {
      await release();
    }
  }, 60_000);

  it(
    'sets a new password in a file only the server user can read, on the database the server uses',
    async () => {
      const directory = path.join(dataDir, 'reset');
      const serverUrl = process.env.TEST_DATABASE_URL;
      const postgres = serverUrl ? await createEmptyPostgresDatabase(serverUrl) : undefined;
      try {
        const { code, output } = await runReset({
          DATA_DIR: directory,
          ...(postgres ? { DATABASE_URL: postgres.url } : {}),
        });
        expect(code, output).toBe(0);
        const file = path.join(directory, RESET_PASSWORD_FILE);
        expect(output).toContain(file);
        expect((await stat(file)).mode & 0o777).toBe(0o600);
        const password = (await readFile(file, 'utf8')).trim();
        expect(output).not.toContain(password);

        const database = postgres
          ? await openDatabase({ databaseUrl: postgres.url })
          : await openDatabase({ dataDir: directory });
        try {
          const [owner] = await database.db.select().from(adminUsers).where(eq(adminUsers.username, 'owner'));
          expect(await verifyPassword(password, owner!.passwordHash)).toBe(true);
          expect(owner!.twoFactorSecret).toBeNull();
        } finally {
          await database.close();
        }
      } finally {
        await postgres?.drop();
      }
    },
    START_DEADLINE_MS,
  );
});
