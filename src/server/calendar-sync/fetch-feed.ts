import { promises as dns, type LookupAddress } from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import ipaddr from 'ipaddr.js';

/**
 * Fetches a channel's iCal feed without letting the server become a door into the owner's network (SSRF):
 * http and https only; every hop's host is resolved once with the injected resolver, every address it resolves
 * to must be public unless private hosts are allowed, and the connection is pinned to the checked address (the
 * socket's lookup answers with it), so a second DNS answer (rebinding) cannot send us elsewhere. Bounded in time
 * (one deadline for the whole fetch, redirects included), size (counted after decompression, the download is
 * aborted past the limit) and redirects. Failures are FeedFetchErrors whose message a person understands.
 */

export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

export const systemResolver: Resolver = (hostname) => dns.lookup(hostname, { all: true, verbatim: true });

export const FEED_LIMITS = { timeoutMs: 10_000, maxBytes: 5 * 1024 * 1024, maxRedirects: 3 } as const;

export type FetchFeedOptions = {
  resolve?: Resolver;
  allowPrivateHosts?: boolean;
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
};

export type FeedFetchErrorCode =
  | 'invalid_url'
  | 'private_address'
  | 'host_not_found'
  | 'connection_failed'
  | 'timeout'
  | 'too_large'
  | 'too_many_redirects'
  | 'not_found'
  | 'http_status'
  | 'html';

export class FeedFetchError extends Error {
  readonly code: FeedFetchErrorCode;
  /**
   * The address the owner gave is itself refused (private or local) or invalid: the owner's input error (400),
   * not a failure of the channel's server (502). A redirect to such an address is the remote side's doing: false.
   */
  readonly addressRefused: boolean;

  constructor(code: FeedFetchErrorCode, message: string, addressRefused = false) {
    super(message);
    this.name = 'FeedFetchError';
    this.code = code;
    this.addressRefused = addressRefused;
  }
}

const USER_AGENT = 'TheTower-CalendarSync/1.0 (+direct bookings)';
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/**
 * Only globally routable unicast addresses: no private (10/8, 172.16/12, 192.168/16), loopback, link-local,
 * unique-local (fc00::/7), carrier-grade NAT, multicast, reserved or unspecified ones. An IPv4-mapped IPv6
 * address is judged as the IPv4 address it carries.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  return parsed.range() === 'unicast';
}

const duration = (ms: number) =>
  ms % 1000 === 0 ? `${ms / 1000} second${ms === 1000 ? '' : 's'}` : `${ms} ms`;
const sizeInMb = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

function describeNetworkError(error: NodeJS.ErrnoException, host: string): FeedFetchError {
  switch (error.code) {
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_NONAME':
      return new FeedFetchError(
        'host_not_found',
        `The calendar's server (${host}) could not be found. Check the iCal URL.`,
      );
    case 'ECONNREFUSED':
      return new FeedFetchError(
        'connection_failed',
        `The calendar's server (${host}) refused the connection. Check the iCal URL, or try again later.`,
      );
    default:
      // The system's error code (ECONNRESET, …) means nothing to the owner: the log has it, the sentence not.
      return new FeedFetchError(
        'connection_failed',
        `Could not download the calendar from ${host}: the connection failed. Try again later.`,
      );
  }
}

function describeStatus(status: number, host: string): FeedFetchError {
  if (status === 404 || status === 410) {
    return new FeedFetchError(
      'not_found',
      `The calendar feed was not found at ${host} (HTTP ${status}). Check that the whole iCal URL was copied, or copy a fresh one.`,
    );
  }
  if (status === 401 || status === 403) {
    return new FeedFetchError(
      'http_status',
      `${host} refused access to the calendar feed (HTTP ${status}). The link may have been reset: copy a fresh iCal URL.`,
    );
  }
  return new FeedFetchError(
    'http_status',
    `${host} answered with HTTP ${status} instead of a calendar. Try again later.`,
  );
}

function htmlError(): FeedFetchError {
  return new FeedFetchError(
    'html',
    'The iCal URL returned a web page, not a calendar. Copy the calendar export link (it usually ends in .ics), not the address of the page you see it on.',
  );
}

/**
 * A private or local address refused. The sentence names no address: which one a host resolved to is the
 * server's business (and, for a name on the owner's own network, not for the page to show).
 */
function privateAddress(ownersAddress: boolean): FeedFetchError {
  return new FeedFetchError(
    'private_address',
    ownersAddress
      ? 'The iCal URL points to a private or local network address. Only calendars on the public internet can be synced.'
      : 'The calendar server redirected to a private or local network address. Only calendars on the public internet can be synced.',
    ownersAddress,
  );
}

function ownersUrl(rawUrl: string): URL {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new FeedFetchError('invalid_url', 'The iCal URL is not a valid web address.', true);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new FeedFetchError('invalid_url', 'The iCal URL must start with https:// or http://.', true);
  }
  return url;
}

/**
 * What can be judged of the owner's address without the network (saving it, before any sync): a web address,
 * and not a private or local IP address. A host name is judged when the feed is fetched (its DNS answer may
 * change), by `fetchFeed`.
 */
export function checkOwnersAddress(rawUrl: string, options: { allowPrivateHosts?: boolean } = {}): void {
  const host = ownersUrl(rawUrl).hostname.replace(/^\[|\]$/g, '');
  if (!options.allowPrivateHosts && net.isIP(host) && !isPublicAddress(host)) throw privateAddress(true);
}

/** The addresses a host may be reached at, after the private-address check. */
async function checkedAddresses(
  url: URL,
  resolve: Resolver,
  allowPrivateHosts: boolean,
  ownersAddress: boolean,
): Promise<LookupAddress[]> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: LookupAddress[];
  const family = net.isIP(host);
  if (family) addresses = [{ address: host, family }];
  else {
    try {
      addresses = await resolve(host);
    } catch (error) {
      throw describeNetworkError(error as NodeJS.ErrnoException, host);
    }
  }
  if (addresses.length === 0)
    throw describeNetworkError({ code: 'ENOTFOUND' } as NodeJS.ErrnoException, host);
  if (!allowPrivateHosts) {
    if (addresses.some((a) => !isPublicAddress(a.address))) throw privateAddress(ownersAddress);
  }
  return addresses;
}

type Hop = { kind: 'redirect'; location: URL } | { kind: 'body'; text: string };

function requestOnce(url: URL, pinned: LookupAddress, signal: AbortSignal, maxBytes: number): Promise<Hop> {
  return new Promise<Hop>((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(url, {
      method: 'GET',
      signal,
      agent: false,
      headers: {
        accept: 'text/calendar, text/plain;q=0.9, */*;q=0.5',
        'accept-encoding': 'gzip, deflate, br',
        'user-agent': USER_AGENT,
      },
      // The socket connects to the address we checked, never to a fresh DNS answer.
      lookup: (_hostname, options, callback) => {
        if ((options as { all?: boolean }).all) {
          (callback as (e: Error | null, a: LookupAddress[]) => void)(null, [pinned]);
        } else {
          (callback as (e: Error | null, a: string, f: number) => void)(null, pinned.address, pinned.family);
        }
      },
    });
    request.on('error', (error) => reject(error));
    request.on('response', (response: IncomingMessage) => {
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (REDIRECT_STATUSES.has(status) && location) {
        response.resume();
        try {
          resolve({ kind: 'redirect', location: new URL(location, url) });
        } catch {
          reject(new FeedFetchError('invalid_url', `The calendar server redirected to an invalid address.`));
        }
        return;
      }
      if (status < 200 || status >= 300) {
        response.resume();
        reject(describeStatus(status, url.hostname));
        return;
      }
      if (/^\s*text\/html/i.test(response.headers['content-type'] ?? '')) {
        response.destroy();
        reject(htmlError());
        return;
      }
      const declared = Number(response.headers['content-length']);
      if (Number.isFinite(declared) && declared > maxBytes) {
        response.destroy();
        reject(tooLarge(maxBytes));
        return;
      }
      let body: Readable = response;
      const encoding = (response.headers['content-encoding'] ?? '').trim().toLowerCase();
      if (encoding === 'gzip' || encoding === 'x-gzip') body = response.pipe(zlib.createGunzip());
      else if (encoding === 'deflate') body = response.pipe(zlib.createInflate());
      else if (encoding === 'br') body = response.pipe(zlib.createBrotliDecompress());
      const chunks: Buffer[] = [];
      let size = 0;
      body.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) {
          response.destroy();
          body.destroy();
          reject(tooLarge(maxBytes));
          return;
        }
        chunks.push(chunk);
      });
      body.on('error', (error) => reject(error));
      response.on('error', (error) => reject(error));
      body.on('end', () => resolve({ kind: 'body', text: Buffer.concat(chunks).toString('utf8') }));
    });
    request.end();
  });
}

function tooLarge(maxBytes: number): FeedFetchError {
  return new FeedFetchError(
    'too_large',
    `The calendar feed is larger than ${sizeInMb(maxBytes)}, so it was not imported. Check the iCal URL.`,
  );
}

/** Downloads the text of an iCal feed; throws a FeedFetchError with a message for the owner. */
export async function fetchFeed(rawUrl: string, options: FetchFeedOptions = {}): Promise<string> {
  const resolve = options.resolve ?? systemResolver;
  const timeoutMs = options.timeoutMs ?? FEED_LIMITS.timeoutMs;
  const maxBytes = options.maxBytes ?? FEED_LIMITS.maxBytes;
  const maxRedirects = options.maxRedirects ?? FEED_LIMITS.maxRedirects;
  const controller = new AbortController();
  const timeout = new FeedFetchError(
    'timeout',
    `The calendar feed did not answer within ${duration(timeoutMs)}. Check the iCal URL, or try again later.`,
  );
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort(timeout);
      reject(timeout);
    }, timeoutMs);
  });

  const run = async (): Promise<string> => {
    let url = ownersUrl(rawUrl);
    for (let redirects = 0; ; redirects++) {
      const ownersAddress = redirects === 0;
      if (url.protocol !== 'http:' && url.protocol !== 'https:') {
        throw new FeedFetchError(
          'invalid_url',
          `The calendar server redirected to an address that is not http or https (${url.protocol}).`,
        );
      }
      const addresses = await checkedAddresses(
        url,
        resolve,
        options.allowPrivateHosts ?? false,
        ownersAddress,
      );
      let hop: Hop;
      try {
        hop = await requestOnce(url, addresses[0]!, controller.signal, maxBytes);
      } catch (error) {
        if (error instanceof FeedFetchError) throw error;
        if (controller.signal.aborted) throw timeout;
        throw describeNetworkError(error as NodeJS.ErrnoException, url.hostname);
      }
      if (hop.kind === 'body') {
        if (/^\s*</.test(hop.text)) throw htmlError();
        return hop.text;
      }
      if (redirects >= maxRedirects) {
        throw new FeedFetchError(
          'too_many_redirects',
          `The calendar feed redirected more than ${maxRedirects} times. Check the iCal URL.`,
        );
      }
      url = hop.location;
    }
  };

  try {
    return await Promise.race([run(), deadline]);
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
}
