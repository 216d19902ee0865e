import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DownloadsResponseSchema } from '../../domain/api/downloads.ts';
import { notFound } from '../errors.ts';
import { ARCHIVE_FILES, DOWNLOADS_DIR, listArchives } from './archives.ts';

type Options = { directory?: string };

/** GET /api/downloads: the archives with their real sizes, or null when not built. */
export const downloadsApiRoutes: FastifyPluginAsyncZod<Options> = async (app, options) => {
  const directory = options.directory ?? DOWNLOADS_DIR;
  app.get(
    '/downloads',
    { schema: { response: { 200: DownloadsResponseSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return { archives: await listArchives(directory) };
    },
  );
};

/** GET /downloads/<file>: one of the three known archives as an attachment; nothing else in the folder is served. */
export const downloadFileRoutes: FastifyPluginAsync<Options> = async (app, options) => {
  const directory = options.directory ?? DOWNLOADS_DIR;
  const known = new Set(Object.values(ARCHIVE_FILES));
  app.get<{ Params: { file: string } }>('/downloads/:file', async (request, reply) => {
    const { file } = request.params;
    const full = path.join(directory, file);
    const info = known.has(file) ? await stat(full).catch(() => undefined) : undefined;
    if (!info?.isFile()) throw notFound(`${file} has not been built. Run npm run package.`, 'not_built');
    return reply
      .header('content-type', 'application/gzip')
      .header('content-length', info.size)
      .header('content-disposition', `attachment; filename="${file}"`)
      .header('cache-control', 'no-cache')
      .header('x-robots-tag', 'noindex')
      .send(createReadStream(full));
  });
};
