import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../context.ts';
import { registerAdminApi } from '../plugins/api.ts';
import { createPhotoWorker, type PhotoWorker } from './photo-worker.ts';
import { photoAdminRoutes, photoFileRoutes } from './routes.ts';
import { createPhotoService, photosReady } from './service.ts';
import { createPhotoStorage } from './storage.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The owner's photos: `photosReady()` for the go-live checklist; tests wait for the background processing
     * of uploads with `app.photos.worker.settled()`.
     */
    photos: { photosReady(): Promise<{ ready: number; missingAlt: number }>; worker: PhotoWorker };
  }
}

/**
 * The owner's photos: uploads are processed in the background (started by plugins/jobs.ts), by this process or
 * another sharing the database (the queue is the photos table); each published change renders the public pages
 * again.
 */
export const photosPlugin = fp(
  async (app: FastifyInstance, options: AppContext & { processUploads: boolean }) => {
    const { db, clock, config, siteContent } = options;
    const storage = createPhotoStorage(config.mediaDir);
    const changed = () => siteContent.changed();
    const worker = createPhotoWorker({
      enabled: options.processUploads,
      db,
      storage,
      clock,
      log: app.log,
      onPublished: changed,
    });
    app.decorate('photos', { photosReady: () => photosReady(db), worker });
    const photos = createPhotoService({ db, clock, storage, worker, changed });
    await registerAdminApi(app, photoAdminRoutes, { photos, storage });
    await app.register(photoFileRoutes, { storage });
  },
  { name: 'photos', fastify: '5.x', dependencies: ['admin-auth'] },
);
