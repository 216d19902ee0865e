import { z } from 'zod';
import { BackupSummarySchema } from './backups.ts';
import { timestamp } from './fields.ts';
import { OpenAlertSchema, SystemDatabaseSchema, SystemDiskSchema } from './system-health.ts';

/**
 * The admin's System view (GET /api/admin/system): src/server/system/. The running version and every job of the
 * server's registry (src/server/jobs/registry.ts) with its last run, its outcome in a sentence and its next run.
 * One object with a key per part, so the database, the disk, the backups and the alerts join it as keys of their
 * own.
 */

export const JOB_OUTCOMES = ['ok', 'failed', 'running'] as const;
export type JobOutcome = (typeof JOB_OUTCOMES)[number];

export const JobLastRunSchema = z.object({
  startedAt: timestamp,
  /** null while it runs (or when its process stopped during it). */
  finishedAt: timestamp.nullable(),
  outcome: z.enum(JOB_OUTCOMES),
  /** What the run did, in a sentence ("Sent 3 e-mails."); null while it runs. */
  message: z.string().nullable(),
});
export type JobLastRun = z.infer<typeof JobLastRunSchema>;

export const SystemJobSchema = z.object({
  /** The job's name in the registry (its row in `job_runs`). */
  name: z.string(),
  /** The owner's name for it ("Calendar sync"). */
  title: z.string(),
  /** What it does, in a sentence. */
  description: z.string(),
  /** When it runs: "Every 15 minutes", "Daily at 03:00 (Aberdeen time)", or why it is off. */
  interval: z.string(),
  lastRun: JobLastRunSchema.nullable(),
  /** When it is next due; null when it is off. */
  nextRunAt: timestamp.nullable(),
  /** Runs that failed in a row since the last one that went well. */
  consecutiveFailures: z.number().int().min(0),
});
export type SystemJob = z.infer<typeof SystemJobSchema>;

export const SystemResponseSchema = z.object({
  /** The running release (package.json's version). */
  version: z.string(),
  jobs: z.array(SystemJobSchema),
  /** The backups in BACKUP_DIR, newest first (src/server/backups/). */
  backups: z.array(BackupSummarySchema),
  /** The database's kind and size, the disks' free space and the open alerts: system-health.ts. */
  database: SystemDatabaseSchema,
  disks: z.array(SystemDiskSchema),
  alerts: z.array(OpenAlertSchema),
});
export type SystemResponse = z.infer<typeof SystemResponseSchema>;
