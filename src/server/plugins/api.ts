import compress from '@fastify/compress';
import type { FastifyInstance, FastifyPluginAsync, FastifyPluginOptions, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordRoutes } from '../admin-auth/route-table.ts';

/** A capability's routes: a plugin with zod schemas (most) or without. */
type Routes<Options extends FastifyPluginOptions> =
  | FastifyPluginAsyncZod<Options>
  | FastifyPluginAsync<Options>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The guard of every admin route (admin-auth/plugin.ts): a valid admin session or a 401. */
    requireAdmin(request: FastifyRequest): Promise<void>;
  }
}

/**
 * JSON is compressed as it is sent, under /api only: the pages and the built assets are compressed once, when
 * the server starts and at build time (web/plugin.ts).
 */
async function apiScope(scope: FastifyInstance): Promise<void> {
  await scope.register(compress, { threshold: 1024 });
}

/** Registers a capability's public routes under /api. */
export async function registerApi<Options extends FastifyPluginOptions>(
  app: FastifyInstance,
  routes: Routes<Options>,
  options: Options,
): Promise<void> {
  await app.register(
    async (api) => {
      await apiScope(api);
      await api.register(routes as FastifyPluginAsync<Options>, options);
    },
    { prefix: '/api' },
  );
}

/**
 * Registers a capability's admin routes under /api: every route registered here answers 401 without a valid
 * admin session, so a new admin route cannot forget the guard, and the route table lists it for the
 * authorization test.
 */
export async function registerAdminApi<Options extends FastifyPluginOptions>(
  app: FastifyInstance,
  routes: Routes<Options>,
  options: Options,
): Promise<void> {
  await app.register(
    async (admin) => {
      await apiScope(admin);
      admin.addHook('onRequest', admin.requireAdmin);
      recordRoutes(admin, admin.routeTable.admin); // first, so the authorization test sees every admin route
      await admin.register(routes as FastifyPluginAsync<Options>, options);
    },
    { prefix: '/api' },
  );
}

/** Any other address under /api: a JSON 404 that names it. */
export const apiNotFound: FastifyPluginAsync = async (api) => {
  api.all('/*', async (request, reply) =>
    reply.status(404).send({
      error: 'not_found',
      message: `There is no API endpoint at ${request.method} ${request.url.split('?')[0]}.`,
    }),
  );
};
