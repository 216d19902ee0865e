import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import packageJson from '../../../package.json' with { type: 'json' };
import { SystemResponseSchema } from '../../domain/api/system.ts';
import type { Backups } from '../backups/backups.ts';
import type { Jobs } from '../jobs/registry.ts';

/** The running release, as package.json numbers it (semver). */
export const APP_VERSION: string = packageJson.version;

/**
 * The admin's System view (registered in the admin scope: 401 without an admin token): the running version and
 * every job of the registry with its last run, its outcome in a sentence and its next run, as every process
 * sees them in `job_runs`.
 */
export const systemAdminRoutes: FastifyPluginAsyncZod<{
  jobs: Pick<Jobs, 'list'>;
  backups: Pick<Backups, 'list'>;
}> = async (app, { jobs, backups }) => {
  app.get('/admin/system', { schema: { response: { 200: SystemResponseSchema } } }, async () => ({
    version: APP_VERSION,
    jobs: await jobs.list(),
    backups: await backups.list(),
  }));
};
