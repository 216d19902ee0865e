import { stat, statfs } from 'node:fs/promises';
import path from 'node:path';

/**
 * The free space of the disks the server writes to: DATA_DIR's (the embedded database, the keys, the photos by
 * default) and BACKUP_DIR's. The System view shows them and the alerts watch them (docs/decisions/023-alerts.md).
 */

/** What one disk holds and has left, in bytes; `device` tells two directories on one disk apart from two disks. */
export type DiskReading = { device: string; freeBytes: number; totalBytes: number };
/** Reads the disk holding a directory (tests inject one that fakes a full disk). */
export type DiskReader = (directory: string) => Promise<DiskReading>;

/** A disk is low under 10 % free or under 1 GB free, whichever comes first on that disk. */
export const LOW_DISK_SHARE = 0.1;
export const LOW_DISK_BYTES = 1024 ** 3;

export function isDiskLow({ freeBytes, totalBytes }: Pick<DiskReading, 'freeBytes' | 'totalBytes'>): boolean {
  return freeBytes < LOW_DISK_BYTES || freeBytes < totalBytes * LOW_DISK_SHARE;
}

/**
 * The disk of `directory`, or of its nearest existing parent: BACKUP_DIR may not exist before the first backup,
 * and it will be made on the disk that holds its parent. Free space is what an unprivileged process may use
 * (`bavail`), as the server runs as one.
 */
export const readDisk: DiskReader = async (directory) => {
  let current = path.resolve(directory);
  for (;;) {
    try {
      const [space, info] = await Promise.all([statfs(current), stat(current)]);
      return {
        device: String(info.dev),
        freeBytes: space.bavail * space.bsize,
        totalBytes: space.blocks * space.bsize,
      };
    } catch (error) {
      const parent = path.dirname(current);
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || parent === current) throw error;
      current = parent;
    }
  }
};

/** The directories whose disks are watched, as the owner names them. */
export type WatchedDirectory = { role: 'data' | 'backups'; label: string; path: string };

export function watchedDirectories(config: { dataDir: string; backupDir: string }): WatchedDirectory[] {
  return [
    { role: 'data', label: 'Data (DATA_DIR)', path: config.dataDir },
    { role: 'backups', label: 'Backups (BACKUP_DIR)', path: config.backupDir },
  ];
}

export type DirectoryDisk = WatchedDirectory & DiskReading & { low: boolean };

/** Each watched directory with its disk's reading; a disk that cannot be read is logged and left out. */
export async function readDirectoryDisks(
  directories: WatchedDirectory[],
  read: DiskReader,
  log: { warn(obj: object, msg?: string): void },
): Promise<DirectoryDisk[]> {
  const disks: DirectoryDisk[] = [];
  for (const directory of directories) {
    try {
      const reading = await read(directory.path);
      disks.push({ ...directory, ...reading, low: isDiskLow(reading) });
    } catch (error) {
      log.warn({ err: error, directory: directory.path }, 'the free space of a disk could not be read');
    }
  }
  return disks;
}
