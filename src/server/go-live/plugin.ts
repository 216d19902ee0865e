import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../context.ts';
import { registerAdminApi } from '../plugins/api.ts';
import { createGoLiveChecklist, type PhotosReady } from './checklist.ts';
import { goLiveRoutes } from './routes.ts';

/**
 * The go-live checklist at the top of the admin dashboard; with `logBlockers` (a production server), its open
 * items are logged as a warning when the server is ready.
 */
export const goLivePlugin = fp(
  async (
    app: FastifyInstance,
    options: AppContext & { photosReady?: PhotosReady | undefined; logBlockers: boolean },
  ) => {
    const goLive = createGoLiveChecklist({
      db: options.db,
      config: options.config,
      clock: options.clock,
      smtp: app.smtp,
      paymentSettings: options.paymentSettings,
      photosReady: options.photosReady ?? app.photos.photosReady,
    });
    await registerAdminApi(app, goLiveRoutes, { ...options, goLive });
    if (!options.logBlockers) return;
    app.addHook('onReady', async () => {
      const open = (await goLive.read()).items.filter((item) => !item.done);
      if (open.length === 0) return;
      app.log.warn(
        { goLiveBlockers: open.map((item) => item.id) },
        `Not ready for guests yet (${open.length} open on the admin's go-live checklist): ${open.map((item) => `${item.label}: ${item.detail}`).join(' | ')}`,
      );
    });
  },
  { name: 'go-live', fastify: '5.x', dependencies: ['email', 'photos'] },
);
