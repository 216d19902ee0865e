import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
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

/** The lock itself (a directory, proper-lockfile's atomic mkdir), refreshed while the server runs. */
const LOCK_NAME = 'server.lock';
/** Who holds it: `{ pid, hostname, startedAt }`, written once the lock is taken. */
const OWNER_NAME = 'server.lock.owner.json';
/** Taken for the few milliseconds of an acquisition, so two starting processes never judge one lock at once. */
const GUARD_NAME = 'server.lock.guard';
/**
 * A lock whose holder cannot be checked (another host, or a process id in use again) is stale when its refresh
 * is this old. PGlite's work can block the event loop for seconds, hence the margin.
 */
const STALE_MS = 15_000;
const REFRESH_MS = 5_000;

type Owner = { pid: number; hostname: string; startedAt: string };

/** Directories this process holds: a second lock of one of them in this process is refused, not taken over. */
const heldHere = new Set<string>();

/**
 * PGlite has no lock between processes, and two processes on one data directory lose writes. One server owns an
 * embedded data directory: this takes an exclusive lock on it and returns the function that releases it.
 *
 * A lock left by a crash (kill -9, OOM) is taken over at once when its holder's process id no longer runs on
 * this host. Otherwise the holder is alive and a second process is refused, unless its lock has not been
 * refreshed for STALE_MS: the fallback for a holder on another host, or a holder's process id that another
 * process got meanwhile (the pid-reuse risk we accept: such a restart waits STALE_MS, as before this check).
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const directory = path.resolve(dataDir);
  if (heldHere.has(directory)) throw new DataDirLockedError(directory);
  await mkdir(directory, { recursive: true });
  const releaseGuard = await lockfile
    .lock(path.join(directory, GUARD_NAME), {
      realpath: false, // the guard's target need not exist
      lockfilePath: path.join(directory, GUARD_NAME),
      stale: 10_000, // a process that died during its acquisition leaves the guard: wait it out
      retries: { retries: 30, minTimeout: 20, maxTimeout: 1000 },
    })
    .catch((error) => {
      if ((error as { code?: string }).code === 'ELOCKED') throw new DataDirLockedError(directory);
      throw error;
    });
  try {
    if (heldHere.has(directory)) throw new DataDirLockedError(directory); // a concurrent call here won
    await removeLockOfDeadHolder(directory);
    let release: () => Promise<void>;
    try {
      release = await lockfile.lock(directory, {
        lockfilePath: path.join(directory, LOCK_NAME),
        stale: STALE_MS,
        update: REFRESH_MS,
        retries: 0,
      });
    } catch (error) {
      if ((error as { code?: string }).code === 'ELOCKED') throw new DataDirLockedError(directory);
      throw error;
    }
    try {
      await writeOwner(directory);
    } catch (error) {
      await release();
      throw error;
    }
    heldHere.add(directory);
    return async () => {
      heldHere.delete(directory);
      await release();
    };
  } finally {
    await releaseGuard();
  }
}

/** Removes the lock when its holder was a process on this host that no longer runs. */
async function removeLockOfDeadHolder(directory: string): Promise<void> {
  const lockPath = path.join(directory, LOCK_NAME);
  if (!(await exists(lockPath))) return; // an owner file without a lock is a released lock's
  const owner = await readOwner(directory);
  if (!owner || owner.hostname !== hostname()) return;
  // Our own process id cannot be the holder (we hold nothing here): a previous process had it, e.g. pid 1 in a
  // restarted container.
  if (owner.pid === process.pid || !isRunning(owner.pid)) {
    await rm(lockPath, { recursive: true, force: true });
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0); // signal 0 checks that the process exists, and sends nothing
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

async function readOwner(directory: string): Promise<Owner | null> {
  try {
    const owner = JSON.parse(await readFile(path.join(directory, OWNER_NAME), 'utf8')) as Partial<Owner>;
    return Number.isInteger(owner.pid) && typeof owner.hostname === 'string' ? (owner as Owner) : null;
  } catch {
    return null; // none, or unreadable: the refresh time decides
  }
}

/** Written to a temporary file and renamed, so a reader never sees half of it. */
async function writeOwner(directory: string): Promise<void> {
  const owner: Owner = { pid: process.pid, hostname: hostname(), startedAt: new Date().toISOString() };
  const temporary = path.join(directory, `${OWNER_NAME}.${process.pid}.tmp`);
  await writeFile(temporary, `${JSON.stringify(owner)}\n`);
  await rename(temporary, path.join(directory, OWNER_NAME));
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}
