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
 * A capability's routes in their own scope under /api. JSON is compressed as it is sent, under /api only: the
 * pages and the built assets are compressed once, when the server starts and at build time (web/plugin.ts).
 * `guard` sets the scope up before any route is added.
 */
async function registerUnderApi<Options extends FastifyPluginOptions>(
  app: FastifyInstance,
  routes: Routes<Options>,
  options: Options,
  guard?: (scope: FastifyInstance) => void,
): Promise<void> {
  await app.register(
    async (scope) => {
      await scope.register(compress, { threshold: 1024 });
      guard?.(scope);
      await scope.register(routes as FastifyPluginAsync<Options>, options);
    },
    { prefix: '/api' },
  );
}

/** Registers a capability's public routes under /api. */
export const registerApi = <Options extends FastifyPluginOptions>(
  app: FastifyInstance,
  routes: Routes<Options>,
  options: Options,
): Promise<void> => registerUnderApi(app, routes, options);

/**
 * Registers a capability's admin routes under /api: every route registered here answers 401 without a valid
 * admin session, so a new admin route cannot forget the guard, and the route table lists it for the
 * authorization test.
 */
export const registerAdminApi = <Options extends FastifyPluginOptions>(
  app: FastifyInstance,
  routes: Routes<Options>,
  options: Options,
): Promise<void> =>
  registerUnderApi(app, routes, options, (admin) => {
    admin.addHook('onRequest', admin.requireAdmin);
    recordRoutes(admin, admin.routeTable.admin); // first, so the authorization test sees every admin route
  });

/** Any other address under /api: a JSON 404 that names it. */
export const apiNotFound: FastifyPluginAsync = async (api) => {
  api.all('/*', async (request, reply) =>
    reply.status(404).send({
      error: 'not_found',
      message: `There is no API endpoint at ${request.method} ${request.url.split('?')[0]}.`,
    }),
  );
};
