import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import lockfile from 'proper-lockfile';

export class DataDirLockedError extends Error {
  constructor(dataDir: string) {
    super(
      `The data directory ${dataDir} is in use by another server process. Stop that process first, or give this one another DATA_DIR.`,
    );
    this.name = 'DataDirLockedError';
  }
}

/**
 * PGlite has no lock between processes, and two processes on one data directory lose writes. One server owns an
 * embedded data directory: this takes an exclusive lock on it (refreshed while we run, taken over when stale,
 * i.e. its owner crashed) and returns the function that releases it.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const directory = path.resolve(dataDir);
  await mkdir(directory, { recursive: true });
  try {
    return await lockfile.lock(directory, {
      lockfilePath: path.join(directory, 'server.lock'),
      stale: 15_000,
      update: 5_000,
      retries: 0,
    });
  } catch (error) {
    if ((error as { code?: string }).code === 'ELOCKED') throw new DataDirLockedError(directory);
    throw error;
  }
}
