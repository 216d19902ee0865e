import { queryOptions, type UseQueryOptions } from '@tanstack/react-query';
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

/** The headers and credentials every request carries: the admin token as a bearer when one is stored (spec 6). */
function send(method: string, url: string, init: { headers?: Record<string, string>; body?: BodyInit }) {
  const headers: Record<string, string> = { ...init.headers };
  const token = typeof window === 'undefined' ? null : getAdminToken();
  if (token) headers.authorization = `Bearer ${token}`;
  return fetch(url, { method, headers, body: init.body ?? null, credentials: 'include' });
}

/** Every JSON request: the body as JSON, the answer parsed; a refusal throws an `ApiRequestError`. */
export async function apiRequest<T = unknown>(method: string, url: string, body?: unknown): Promise<T> {
  const response = await send(
    method,
    url,
    body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
  );
  await throwIfNotOk(response);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

/**
 * The read of one address as query options: GET `url`, its answer a `T`, kept under `queryKey`; `options` says
 * how fresh it is kept (read again on each visit, or every few seconds).
 */
export const readQuery = <T>(
  queryKey: readonly unknown[],
  url: string,
  options: Pick<UseQueryOptions<T, Error, T, readonly unknown[]>, 'staleTime' | 'refetchInterval'> = {},
) => queryOptions({ ...options, queryKey, queryFn: () => apiRequest<T>('GET', url) });

/** A file sent as multipart (the owner's photos), answered with JSON. */
export async function uploadFile<T>(method: 'POST' | 'PUT', url: string, file: File): Promise<T> {
  const body = new FormData();
  body.append('file', file, file.name);
  const response = await send(method, url, { body });
  await throwIfNotOk(response);
  return (await response.json()) as T;
}

/**
 * A file behind the admin token (the bookings CSV, a guest's data): fetched with the token and handed to the
 * browser as a download named `name`, else as the server's `content-disposition` says.
 */
export async function downloadFile(url: string, name?: string): Promise<void> {
  const response = await send('GET', url, {});
  await throwIfNotOk(response);
  const disposition = response.headers.get('content-disposition') ?? '';
  const serverName = /filename="([^"]+)"/.exec(disposition)?.[1];
  const fileName = name ?? serverName ?? new URL(url, window.location.href).pathname.split('/').pop()!;
  saveFile(await response.blob(), fileName);
}

/** Hands `blob` to the browser as a download named `fileName` (a file fetched, or one made on the page). */
export function saveFile(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/**
 * Server data is read through query options that each feature's `*-api.ts` builds with TanStack Query's
 * `queryOptions` (`readQuery` for a plain GET): the key is `[feature, resource]` or `[feature, resource, params]`
 * (`['admin', 'bookings']`, `['admin', 'audit', { limit: 20 }]`), never a URL, and the query function says which
 * URL it fetches. A change (`useChange` in mutation.ts) marks stale what it changed by the factories' keys
 * (`bookingsQuery().queryKey`).
 */
