import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../context.ts';
import { registerAdminApi } from '../plugins/api.ts';
import { createPhotoProcessor, type PhotoRunResult } from './photo-worker.ts';
import { photoAdminRoutes, photoFileRoutes } from './routes.ts';
import { createPhotoService, photosReady } from './service.ts';
import { createPhotoStorage } from './storage.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The owner's photos: `photosReady()` for the go-live checklist; `processQueued()` makes the variants of the
     * queued uploads (the registry's `photo-processing` queue runs it, plugins/jobs.ts).
     */
    photos: {
      photosReady(): Promise<{ ready: number; missingAlt: number }>;
      processQueued(): Promise<PhotoRunResult>;
    };
  }
}

/**
 * The owner's photos: uploads are processed in the background (the `photo-processing` queue of
 * plugins/jobs.ts), by this process or another sharing the database (the queue is the photos table); each
 * published change renders the public pages again.
 */
export const photosPlugin = fp(
  async (app: FastifyInstance, options: AppContext) => {
    const { db, clock, config, siteContent } = options;
    const storage = createPhotoStorage(config.mediaDir);
    const changed = () => siteContent.changed();
    const processor = createPhotoProcessor({ db, storage, clock, log: app.log, onPublished: changed });
    app.decorate('photos', { photosReady: () => photosReady(db), processQueued: processor.processQueued });
    // An upload asks the queue for a run (the jobs plugin, registered after this one, decorates `app.jobs`).
    const worker = { kick: () => app.jobs.kick('photo-processing') };
    const photos = createPhotoService({ db, clock, storage, worker, changed });
    await registerAdminApi(app, photoAdminRoutes, { photos, storage });
    await app.register(photoFileRoutes, { storage });
  },
  { name: 'photos', fastify: '5.x', dependencies: ['admin-auth'] },
);
