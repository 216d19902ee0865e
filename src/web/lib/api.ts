export const ADMIN_TOKEN_KEY = 'adminToken';

/** A failed API call. Its message is the spec's "<status>: <message>" (section 7), built from the JSON `message`. */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly body: Record<string, unknown> | undefined;

  constructor(status: number, message: string, body: Record<string, unknown> | undefined) {
    super(`${status}: ${message}`);
    this.name = 'ApiRequestError';
    this.status = status;
    this.body = body;
  }
  /** The server's machine code (`error` field), when it sent one. */
  get code(): string | undefined {
    return typeof this.body?.error === 'string' ? this.body.error : undefined;
  }
}

export function getAdminToken(): string | null {
  try {
    return window.localStorage.getItem(ADMIN_TOKEN_KEY);
  } catch {
    return null;
  }
}

async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const text = await response.text();
  let body: Record<string, unknown> | undefined;
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    body = undefined;
  }
  const message = typeof body?.message === 'string' ? body.message : text || response.statusText;
  throw new ApiRequestError(response.status, message, body);
}

/** Every request: JSON body, credentials included, the admin token as a bearer when one is stored (spec 6). */
export async function apiRequest<T = unknown>(method: string, url: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  const token = typeof window === 'undefined' ? null : getAdminToken();
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(url, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'include',
  });
  await throwIfNotOk(response);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

/**
 * Server data is read through query options that each feature's `*-api.ts` builds with TanStack Query's
 * `queryOptions`: the key is `[feature, resource]` or `[feature, resource, params]` (`['admin', 'bookings']`,
 * `['admin', 'audit', { limit: 20 }]`), never a URL, and the query function says which URL it fetches. A screen
 * invalidates what an action changed by the factory's key (`bookingsQuery().queryKey`).
 */
