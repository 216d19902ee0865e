import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkOwnersAddress,
  FeedFetchError,
  fetchFeed,
  isPublicAddress,
  type Resolver,
} from './fetch-feed.ts';
import * as feed from './test-feed-server.ts';

const AIRBNB = feed.readFixture('airbnb');

let server: feed.FeedServer;
const slow = feed.serveWhenReleased(AIRBNB);
beforeAll(async () => {
  server = await feed.startFeedServer({
    '/airbnb.ics': feed.serveCalendar(AIRBNB),
    '/gzip.ics': (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/calendar', 'content-encoding': 'gzip' });
      response.end(gzipSync(AIRBNB));
    },
    '/html': feed.serveStatus(
      200,
      '<!doctype html><html><body>Sign in</body></html>',
      'text/html; charset=utf-8',
    ),
    '/html-as-text': feed.serveStatus(200, '  <html><body>Sign in</body></html>', 'text/plain'),
    '/gone': feed.serveStatus(404, 'Not Found'),
    '/error': feed.serveStatus(503, 'Service Unavailable'),
    '/endless': feed.serveEndless(),
    '/slow': slow.handler,
    '/big': (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/calendar', 'content-length': String(6 * 1024 * 1024) });
      response.end();
    },
    '/r1': feed.redirectTo('/r2', 301),
    '/r2': feed.redirectTo('/r3', 307),
    '/r3': feed.redirectTo('/airbnb.ics', 308),
    '/r0': feed.redirectTo('/r1'),
    '/to-file': feed.redirectTo('file:///etc/passwd'),
  });
});
afterAll(async () => {
  slow.release();
  await server.close();
});

const allowLocal = { allowPrivateHosts: true };

async function failure(promise: Promise<unknown>): Promise<FeedFetchError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(FeedFetchError);
  return error as FeedFetchError;
}

describe('isPublicAddress', () => {
  it.each([
    '10.0.0.5',
    '172.16.4.1',
    '192.168.1.10',
    '127.0.0.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '203.0.113.10',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fe80::1',
    'fd12:3456::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    'not an address',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['8.8.8.8', '151.101.1.140', '2606:4700:4700::1111', '::ffff:8.8.4.4'])('allows %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe('fetchFeed', () => {
  it('downloads a feed', async () => {
    expect(await fetchFeed(server.url('/airbnb.ics'), allowLocal)).toBe(AIRBNB);
  });

  it('decompresses a gzip-encoded feed', async () => {
    expect(await fetchFeed(server.url('/gzip.ics'), allowLocal)).toBe(AIRBNB);
  });

  it('follows up to 3 redirects, and refuses a 4th', async () => {
    expect(await fetchFeed(server.url('/r1'), allowLocal)).toBe(AIRBNB);
    const error = await failure(fetchFeed(server.url('/r0'), allowLocal));
    expect(error.code).toBe('too_many_redirects');
    expect(error.message).toBe('The calendar feed redirected more than 3 times. Check the iCal URL.');
  });

  it('refuses a redirect to something other than http or https', async () => {
    const error = await failure(fetchFeed(server.url('/to-file'), allowLocal));
    expect(error.message).toBe(
      'The calendar server redirected to an address that is not http or https (file:).',
    );
    // The channel's server did it: not the owner's input.
    expect(error.addressRefused).toBe(false);
  });

  it('refuses a URL that is not http or https', async () => {
    const error = await failure(fetchFeed('ftp://example.com/calendar.ics', allowLocal));
    expect(error.message).toBe('The iCal URL must start with https:// or http://.');
    expect(error.addressRefused).toBe(true);
  });

  it('refuses loopback and private addresses unless private hosts are allowed', async () => {
    const error = await failure(fetchFeed(server.url('/airbnb.ics')));
    expect(error.code).toBe('private_address');
    // A sentence for the owner: no address of the server's own lookups in it.
    expect(error.message).toBe(
      'The iCal URL points to a private or local network address. Only calendars on the public internet can be synced.',
    );
  });

  it('judges the owner’s address without the network before it is saved: web address, no private IP', () => {
    expect(() => checkOwnersAddress('https://www.airbnb.com/calendar/ical/1.ics')).not.toThrow();
    expect(() => checkOwnersAddress('http://calendar.example.com/feed.ics')).not.toThrow();
    expect(() => checkOwnersAddress(server.url('/airbnb.ics'), allowLocal)).not.toThrow();
    for (const [url, message] of [
      [server.url('/airbnb.ics'), 'The iCal URL points to a private or local network address.'],
      ['https://[::1]/feed.ics', 'The iCal URL points to a private or local network address.'],
      ['https://10.0.0.7/feed.ics', 'The iCal URL points to a private or local network address.'],
      ['ftp://example.com/calendar.ics', 'The iCal URL must start with https:// or http://.'],
    ] as const) {
      let thrown: unknown;
      try {
        checkOwnersAddress(url);
      } catch (error) {
        thrown = error;
      }
      expect(thrown, url).toBeInstanceOf(FeedFetchError);
      expect((thrown as FeedFetchError).message.startsWith(message), url).toBe(true);
      expect((thrown as FeedFetchError).addressRefused, url).toBe(true);
    }
  });

  it('refuses a host name that resolves to a private address (injected resolver)', async () => {
    const resolve: Resolver = async () => [
      { address: '151.101.1.140', family: 4 },
      { address: '10.0.0.7', family: 4 },
    ];
    const error = await failure(fetchFeed('https://calendar.example.com/feed.ics', { resolve }));
    expect(error.code).toBe('private_address');
    expect(error.message).toBe(
      'The iCal URL points to a private or local network address. Only calendars on the public internet can be synced.',
    );
    expect(error.message).not.toContain('10.0.0.7');
    expect(error.addressRefused).toBe(true);
  });

  it('resolves each host once and connects to the address it checked', async () => {
    const asked: string[] = [];
    // The system resolver cannot find this name: the request can only reach the server through our answer.
    const resolve: Resolver = async (hostname) => {
      asked.push(hostname);
      return [{ address: '127.0.0.1', family: 4 }];
    };
    const text = await fetchFeed(`http://feeds.tower-test.invalid:${server.port}/r3`, {
      ...allowLocal,
      resolve,
    });
    expect(text).toBe(AIRBNB);
    expect(asked).toEqual(['feeds.tower-test.invalid', 'feeds.tower-test.invalid']);
  });

  it('reports a host that cannot be found', async () => {
    const resolve: Resolver = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    };
    const error = await failure(fetchFeed('https://no-such-host.example/feed.ics', { resolve }));
    expect(error.message).toBe(
      "The calendar's server (no-such-host.example) could not be found. Check the iCal URL.",
    );
  });

  it.each([
    {
      name: 'reports a 404 as a feed that was not found',
      path: '/gone',
      refusal: {
        code: 'not_found',
        message:
          'The calendar feed was not found at 127.0.0.1 (HTTP 404). Check that the whole iCal URL was copied, or copy a fresh one.',
      },
    },
    {
      name: 'reports a server error status',
      path: '/error',
      refusal: { message: '127.0.0.1 answered with HTTP 503 instead of a calendar. Try again later.' },
    },
    ...['/html', '/html-as-text'].map((path) => ({
      name: `recognises an HTML page, by its content type or its first character (${path})`,
      path,
      refusal: {
        code: 'html',
        message: expect.stringMatching(/^The iCal URL returned a web page, not a calendar\./),
      },
    })),
    {
      name: 'stops an endless body at the size limit',
      path: '/endless',
      refusal: {
        code: 'too_large',
        message: 'The calendar feed is larger than 5 MB, so it was not imported. Check the iCal URL.',
      },
    },
    {
      name: 'refuses a declared length over the limit without reading it',
      path: '/big',
      refusal: { code: 'too_large' },
    },
  ])('$name', async ({ path, refusal }) => {
    expect(await failure(fetchFeed(server.url(path), allowLocal))).toMatchObject(refusal);
  });

  it('gives up on a feed that does not answer in time', async () => {
    const error = await failure(fetchFeed(server.url('/slow'), { ...allowLocal, timeoutMs: 300 }));
    expect(error.code).toBe('timeout');
    expect(error.message).toBe(
      'The calendar feed did not answer within 300 ms. Check the iCal URL, or try again later.',
    );
  });
});
