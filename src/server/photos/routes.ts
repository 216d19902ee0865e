import { type FileHandle, open } from 'node:fs/promises';
import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminPhotoSchema,
  AdminPhotosSchema,
  PhotoIdParamsSchema,
  PhotoOrderSchema,
  UpdatePhotoSchema,
} from '../../domain/photos.ts';
import { actor } from '../audit/audit.ts';
import { badRequest, notFound } from '../errors.ts';
import type { PhotoService } from './service.ts';
import type { PhotoStorage } from './storage.ts';
import { UPLOADS_URL_PREFIX } from './storage.ts';
import { receivePhoto } from './upload-check.ts';

/**
 * The Photos tab's endpoints (admin scope: every one answers 401 without the admin token). Uploads are
 * multipart with one file; they answer 202 at once, before the variants are made in the background.
 */
export const photoAdminRoutes: FastifyPluginAsyncZod<{
  photos: PhotoService;
  storage: PhotoStorage;
}> = async (app, { photos, storage }) => {
  // Multipart only here; its size limit is the upload check's (receivePhoto), not the JSON body limit.
  await app.register(multipart, { throwFileSizeLimit: true });

  app.get('/admin/photos', { schema: { response: { 200: AdminPhotosSchema } } }, () => photos.list());

  app.post('/admin/photos', { schema: { response: { 202: AdminPhotoSchema } } }, async (request, reply) => {
    const upload = await receivePhoto(request, storage);
    return reply.status(202).send(await photos.add(upload, actor(request)));
  });

  app.put(
    '/admin/photos/:id/file',
    { schema: { params: PhotoIdParamsSchema, response: { 202: AdminPhotoSchema } } },
    async (request, reply) => {
      const upload = await receivePhoto(request, storage);
      return reply.status(202).send(await photos.replace(request.params.id, upload, actor(request)));
    },
  );

  app.patch(
    '/admin/photos/:id',
    { schema: { params: PhotoIdParamsSchema, body: UpdatePhotoSchema, response: { 200: AdminPhotoSchema } } },
    async (request) => {
      if (Object.keys(request.body).length === 0) {
        throw badRequest('Nothing to change: send alt, social or featureId.');
      }
      return photos.update(request.params.id, request.body, actor(request));
    },
  );

  app.put(
    '/admin/photos/order',
    { schema: { body: PhotoOrderSchema, response: { 200: AdminPhotosSchema } } },
    (request) => photos.reorder(request.body.ids, actor(request)),
  );

  app.delete(
    '/admin/photos/:id',
    { schema: { params: PhotoIdParamsSchema, response: { 200: z.object({ deleted: z.literal(true) }) } } },
    async (request) => {
      await photos.remove(request.params.id, actor(request));
      return { deleted: true as const };
    },
  );
};

const VARIANT_TYPES: Record<string, string> = { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg' };
const KEY = /^[0-9a-f]{32}$/;
const VARIANT_FILE = /^((gallery|feature)-\d{2,4}\.(avif|webp)|social\.jpg)$/;

/**
 * Serves finished variants from `public/` at /media/uploads/<key>/<file>: a key exists there only once its
 * variants are complete, and changes with every upload, so each answer may be cached for good. Only the
 * variants' own names are answered; originals and the work in progress live elsewhere and have no address.
 */
export const photoFileRoutes: FastifyPluginAsyncZod<{ storage: PhotoStorage }> = async (app, { storage }) => {
  app.get(
    `${UPLOADS_URL_PREFIX}:key/:file`,
    async (request: FastifyRequest<{ Params: { key: string; file: string } }>, reply) => {
      const { key, file } = request.params;
      const missing = () => notFound(`Nothing is found at ${request.url.split('?')[0]}.`);
      if (!KEY.test(key) || !VARIANT_FILE.test(file)) throw missing();
      let handle: FileHandle;
      try {
        handle = await open(path.join(storage.publicDir(key), file), 'r');
      } catch {
        throw missing();
      }
      const { size } = await handle.stat();
      return reply
        .type(VARIANT_TYPES[file.split('.').pop()!]!)
        .header('content-length', size)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(handle.createReadStream());
    },
  );
};
