import type { TestApp } from '../test/test-app.ts';

/**
 * The owner's calls for the reports' tests: `method url` with the admin token, expecting a 2xx, answering the
 * JSON (the shape `payForStay` takes, so the tests book through the server's own routes).
 */
export function ownerCalls(t: () => TestApp, token: () => string) {
  return async (method: 'GET' | 'POST' | 'PUT', url: string, body?: object): Promise<unknown> => {
    const response = await t().app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token()}` },
      ...(body === undefined ? {} : { payload: body }),
    });
    if (response.statusCode >= 400) throw new Error(`${method} ${url}: ${response.body}`);
    return response.json();
  };
}
