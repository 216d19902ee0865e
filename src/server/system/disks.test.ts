import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDiskLow, readDisk } from './disks.ts';

const GB = 1024 ** 3;

describe('the disks the server writes to', () => {
  let directory: string;
  beforeAll(async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'tower-disk-'));
  });
  afterAll(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it("reads a directory's disk, or its nearest parent's when it does not exist yet (BACKUP_DIR before a backup)", async () => {
    const existing = await readDisk(directory);
    expect(existing.totalBytes).toBeGreaterThan(0);
    expect(existing.freeBytes).toBeGreaterThan(0);
    expect(existing.freeBytes).toBeLessThanOrEqual(existing.totalBytes);
    const missing = await readDisk(path.join(directory, 'backups', 'not-yet'));
    expect(missing.device).toBe(existing.device);
    expect(missing.totalBytes).toBe(existing.totalBytes);
  });

  it('is low under 10 % free or under 1 GB free', () => {
    expect(isDiskLow({ freeBytes: 11 * GB, totalBytes: 100 * GB })).toBe(false);
    expect(isDiskLow({ freeBytes: 9 * GB, totalBytes: 100 * GB })).toBe(true);
    expect(isDiskLow({ freeBytes: 2 * GB, totalBytes: 5 * GB })).toBe(false);
    expect(isDiskLow({ freeBytes: GB - 1, totalBytes: 5 * GB })).toBe(true);
  });
});
