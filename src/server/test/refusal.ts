import type { LightMyRequestResponse } from 'fastify';
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
