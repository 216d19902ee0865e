import type { FastifyInstance, RouteOptions } from 'fastify';

export type RouteRecord = { method: string; url: string };

/** Every route of the app, and those registered inside the admin scope, as the server itself saw them. */
export type RouteTable = { all: RouteRecord[]; admin: RouteRecord[] };

declare module 'fastify' {
  interface FastifyInstance {
    /** Read by the authorization test: every admin route must answer 401 without a valid token. */
    routeTable: RouteTable;
  }
}

function records(route: RouteOptions): RouteRecord[] {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  return methods.map((method) => ({ method: String(method), url: route.url }));
}

/** Records routes as they are added (an onRoute hook sees routes of every child scope registered later). */
export function recordRoutes(app: FastifyInstance, list: RouteRecord[]): void {
  app.addHook('onRoute', (route) => {
    list.push(...records(route));
  });
}
