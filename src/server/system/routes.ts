import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SystemResponseSchema } from '../../domain/api/system.ts';
import type { SystemDatabase } from '../../domain/api/system-health.ts';
import type { Alerts } from '../alerts/alerts.ts';
import type { Backups } from '../backups/backups.ts';
import type { Database } from '../db/database.ts';
import type { Jobs } from '../jobs/registry.ts';
import { APP_VERSION } from '../version.ts';
import { type DiskReader, readDirectoryDisks, type WatchedDirectory } from './disks.ts';

/**
 * The admin's System view (registered in the admin scope: 401 without an admin token): the running version, the
 * database's kind and size, the free space of the disks the server writes to, every job of the registry with its
 * last run, its outcome in a sentence and its next run (as every process sees them in `job_runs`), and the open
 * alerts (docs/decisions/023-alerts.md), and the backups with whether each was checked (docs/decisions/022-backups.md).
 */
export const systemAdminRoutes: FastifyPluginAsyncZod<{
  jobs: Pick<Jobs, 'list'>;
  alerts: Pick<Alerts, 'open'>;
  database: Database;
  directories: WatchedDirectory[];
  readDisk: DiskReader;
  backups: Pick<Backups, 'list'>;
}> = async (app, { jobs, alerts, database, directories, readDisk, backups }) => {
  async function databaseSize(): Promise<number | null> {
    try {
      // Both drivers answer `{ rows }`; a bigint arrives as a string (node-postgres) or a number (PGlite).
      const result = (await database.db.execute(
        sql`select pg_database_size(current_database()) as bytes`,
      )) as unknown as { rows: { bytes: string | number }[] };
      return Number(result.rows[0]?.bytes);
    } catch (error) {
      app.log.warn({ err: error }, 'the database size could not be read');
      return null;
    }
  }

  app.get('/admin/system', { schema: { response: { 200: SystemResponseSchema } } }, async () => {
    const [jobList, sizeBytes, disks, open, backupList] = await Promise.all([
      jobs.list(),
      databaseSize(),
      readDirectoryDisks(directories, readDisk, app.log),
      alerts.open(),
      backups.list(),
    ]);
    const kind: SystemDatabase['kind'] = database.kind === 'pglite' ? 'embedded' : 'postgresql';
    return {
      version: APP_VERSION,
      jobs: jobList,
      database: { kind, sizeBytes },
      disks: disks.map(({ role, label, path, freeBytes, totalBytes, low }) => ({
        role,
        label,
        path,
        freeBytes,
        totalBytes,
        low,
      })),
      alerts: open,
      backups: backupList,
    };
  });
};
