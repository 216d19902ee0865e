import { createReadStream } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BackupNameParamsSchema } from '../../domain/api/backups.ts';
import type { AppContext } from '../context.ts';
import { notFound } from '../errors.ts';
import { registerAdminApi } from '../plugins/api.ts';
import { type Backups, createBackups } from './backups.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The site's backups (docs/decisions/022-backups.md): the registry's daily `backup` job runs `take()`, the
     * System view lists them, and `npm run backup` asks a running server for one through backup-socket.ts.
     */
    backups: Backups;
  }
}

/**
 * A backup's download (admin only: it holds every guest's details and the key of the stored secrets). Only a
 * name the server lists is read, so no path reaches the file system from the request.
 */
const backupDownloadRoutes: FastifyPluginAsyncZod<{ backups: Backups }> = async (app, { backups }) => {
  app.get('/admin/backups/:name', { schema: { params: BackupNameParamsSchema } }, async (request, reply) => {
    const { name } = request.params;
    const file = await backups.fileOf(name);
    if (!file) throw notFound(`There is no backup named ${name}: the System tab lists those there are.`);
    return reply
      .header('content-type', 'application/x-tar')
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('cache-control', 'no-store')
      .send(createReadStream(file));
  });
};

export const backupsPlugin = fp(
  async (app: FastifyInstance, options: AppContext) => {
    const backups = createBackups(options);
    app.decorate('backups', backups);
    await registerAdminApi(app, backupDownloadRoutes, { backups });
  },
  { name: 'backups', fastify: '5.x', dependencies: ['admin-auth'] },
);
