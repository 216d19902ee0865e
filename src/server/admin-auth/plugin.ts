import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../context.ts';
import { registerAdminApi, registerApi } from '../plugins/api.ts';
import { adminAccountRoutes } from './account-routes.ts';
import { createRequireAdmin } from './require-admin.ts';
import { type RouteTable, recordRoutes } from './route-table.ts';
import { adminAuthRoutes } from './routes.ts';
import { createTwoFactor } from './two-factor.ts';

/**
 * The owner's login and account, and what every other capability's admin routes rely on: the admin guard
 * (`app.requireAdmin`, which plugins/api.ts's registerAdminApi puts on every admin route) and the route table.
 * Registered before any other route, so the table lists them all.
 */
export const adminAuthPlugin = fp(
  async (app: FastifyInstance, context: AppContext) => {
    const routeTable: RouteTable = { all: [], admin: [] };
    app.decorate('routeTable', routeTable);
    recordRoutes(app, routeTable.all);
    app.decorate('requireAdmin', createRequireAdmin(context.db, context.clock));
    // The two-step secret is sealed with the server's key, as the SMTP password is (settings/secret-box.ts).
    const twoFactor = createTwoFactor({ db: context.db, clock: context.clock, secretBox: context.secretBox });
    // Login is public; verify and logout check the token.
    await registerApi(app, adminAuthRoutes, { ...context, twoFactor });
    // The owner's own account (password, sessions, two-step sign-in): docs/decisions/020-the-owners-account.md.
    await registerAdminApi(app, adminAccountRoutes, { ...context, twoFactor });
  },
  { name: 'admin-auth', fastify: '5.x' },
);
