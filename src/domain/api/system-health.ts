import { z } from 'zod';
import { timestamp } from './fields.ts';

/**
 * The System view's health parts (GET /api/admin/system, src/server/system/): the database, the disks the server
 * writes to and the open alerts (src/server/alerts/, docs/decisions/023-alerts.md).
 */

export const DATABASE_KINDS = ['embedded', 'postgresql'] as const;

export const SystemDatabaseSchema = z.object({
  /** `embedded`: PGlite in DATA_DIR; `postgresql`: the server of DATABASE_URL. */
  kind: z.enum(DATABASE_KINDS),
  /** The database's size as PostgreSQL counts it (pg_database_size); null when it could not be read. */
  sizeBytes: z.number().int().min(0).nullable(),
});
export type SystemDatabase = z.infer<typeof SystemDatabaseSchema>;

export const SystemDiskSchema = z.object({
  /** `data` (DATA_DIR) or `backups` (BACKUP_DIR). */
  role: z.enum(['data', 'backups']),
  /** The owner's name for it: "Data (DATA_DIR)". */
  label: z.string(),
  /** The directory as configured. */
  path: z.string(),
  freeBytes: z.number().min(0),
  totalBytes: z.number().min(0),
  /** Under 10 % or under 1 GB free: an alert is (or will be, at the next check) open about it. */
  low: z.boolean(),
});
export type SystemDisk = z.infer<typeof SystemDiskSchema>;

export const OpenAlertSchema = z.object({
  /** The condition: `job:<name>`, `outbox`, `backup`, `disk:<roles>`, `feed:<channel>`. */
  key: z.string(),
  /** What is wrong, in a sentence. */
  summary: z.string(),
  /** More about it: the last error, the figures, where to look. */
  detail: z.string(),
  /** When it started (the check that first found it). */
  since: timestamp,
});
export type OpenAlert = z.infer<typeof OpenAlertSchema>;
