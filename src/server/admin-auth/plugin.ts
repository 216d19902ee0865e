import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../context.ts';
import { registerApi } from '../plugins/api.ts';
import { createRequireAdmin } from './require-admin.ts';
import { type RouteTable, recordRoutes } from './route-table.ts';
import { adminAuthRoutes } from './routes.ts';

/**
 * The owner's login, and what every other capability's admin routes rely on: the admin guard
 * (`app.requireAdmin`, which plugins/api.ts's registerAdminApi puts on every admin route) and the route table.
 * Registered before any other route, so the table lists them all.
 */
export const adminAuthPlugin = fp(
  async (app: FastifyInstance, context: AppContext) => {
    const routeTable: RouteTable = { all: [], admin: [] };
    app.decorate('routeTable', routeTable);
    recordRoutes(app, routeTable.all);
    app.decorate('requireAdmin', createRequireAdmin(context.db, context.clock));
    await registerApi(app, adminAuthRoutes, context); // login is public; verify and logout check the token
  },
  { name: 'admin-auth', fastify: '5.x' },
);
