import { z } from 'zod';
import { timestamp } from './fields.ts';

/**
 * The backups the admin's System view lists (GET /api/admin/system, key `backups`) and the download of one
 * (GET /api/admin/backups/:name): src/server/backups/, docs/decisions/022-backups.md.
 */

export const BackupSummarySchema = z.object({
  /** The file's name in BACKUP_DIR, e.g. `tower-backup-20261126-030000Z.tar`. */
  name: z.string(),
  /** When it was taken (ISO 8601). */
  takenAt: timestamp,
  /** Its size in bytes. */
  size: z.number().int().min(0),
  /** Restored into a scratch database with every table's rows as counted when it was taken. */
  verified: z.boolean(),
  /** Why it is not verified, in a sentence; null when it is. */
  problem: z.string().nullable(),
});
export type BackupSummary = z.infer<typeof BackupSummarySchema>;

/** A backup's name as the server lists it: nothing else is ever read from BACKUP_DIR. */
export const BackupNameParamsSchema = z.object({
  name: z
    .string()
    .regex(/^tower-backup-\d{8}-\d{6}Z(?:-\d+)?\.tar$/, 'must be the name of a backup the System tab lists'),
});
