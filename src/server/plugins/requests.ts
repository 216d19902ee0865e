import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** True for GET and HEAD (one method or a route's list of them): requests that change nothing. */
export function readOnly(method: string | string[]): boolean {
  return (Array.isArray(method) ? method : [method]).every((one) => one === 'GET' || one === 'HEAD');
}

/**
 * What every route may ask of a request: a rate limit (only the routes whose `config.rateLimit` asks for one)
 * and a compressed body (a GET or HEAD has none, so its route skips @fastify/compress's decompression hook).
 * Registered before any route: an onRoute hook sees only the routes added after it.
 */
export const requests = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRoute', (route) => {
      if (readOnly(route.method)) route.decompress ??= false;
    });
    await app.register(rateLimit, { global: false });
  },
  { name: 'requests', fastify: '5.x' },
);
