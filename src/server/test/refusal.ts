import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/**
 * Asserts the house's answer to a request it refuses: the status, and a JSON body of exactly `{ error, message }`
 * (the machine code and the sentence a person reads).
 */
export function expectRefusal(
  response: LightMyRequestResponse,
  status: number,
  body: { error: string; message: string },
): void {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json()).toEqual(body);
}

/** A request as the owner's browser would send it, but without the owner's session. */
export type AnonymousRequest = Pick<InjectOptions, 'method' | 'url' | 'payload'>;

/**
 * Asserts that each request, sent without the owner's session, is refused as the admin guard refuses it: 401,
 * `{ error: 'unauthorized', message: 'Please log in to continue.' }`.
 */
export async function expectOwnerOnly(app: FastifyInstance, ...requests: AnonymousRequest[]): Promise<void> {
  for (const request of requests) {
    expectRefusal(await app.inject(request), 401, {
      error: 'unauthorized',
      message: 'Please log in to continue.',
    });
  }
}
