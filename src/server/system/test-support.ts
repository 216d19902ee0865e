import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { SystemResponse } from '../../domain/api/system.ts';
import { adminToken } from '../test/test-app.ts';

/** The System view as the owner reads it (GET /api/admin/system with a fresh admin session); fails on any other answer. */
export async function readSystem(app: FastifyInstance): Promise<SystemResponse> {
  const response = await app.inject({
    method: 'GET',
    url: '/api/admin/system',
    headers: { authorization: `Bearer ${await adminToken(app)}` },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
