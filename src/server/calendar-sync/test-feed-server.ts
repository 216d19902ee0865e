import { readFileSync } from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { addDays, daysBetween, type IsoDate } from '../../domain/dates.ts';
import { adminToken } from '../test/test-app.ts';

/**
 * A stand-in for the channels' calendar servers in tests: an HTTP server on 127.0.0.1 whose paths serve the
 * real-world fixture feeds, or misbehave on purpose (slow, endless, HTML, 404, redirects). Paths can be
 * changed while it runs, so a test can remove an event from a feed and sync again.
 */

export const FIXTURE_DIR = new URL('./fixtures/', import.meta.url);
export const readFixture = (name: string) => readFileSync(new URL(`${name}.ics`, FIXTURE_DIR), 'utf8');

/** The day the fixtures' dates were written for (TEST_NOW's day, the manual clock of the server tests). */
export const FIXTURE_TODAY = '2026-11-23';

/**
 * A fixture whose dates are moved so that they stand as far from `today` as they stood from FIXTURE_TODAY: for
 * tests on the real clock (the browser tests), whose counts must not change as the calendar moves on.
 */
export function readFixtureAsOf(name: string, today: IsoDate): string {
  const shift = daysBetween(FIXTURE_TODAY, today);
  return readFixture(name).replace(/\b(\d{4})(\d{2})(\d{2})(?=T\d{6}|\r?$|[;,\s])/gm, (_, y, m, d) =>
    addDays(`${y}-${m}-${d}`, shift).replaceAll('-', ''),
  );
}

export type FeedHandler = (request: IncomingMessage, response: ServerResponse) => void;

export const serveCalendar =
  (text: string | (() => string), headers: Record<string, string> = {}): FeedHandler =>
  (_request, response) => {
    response.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8', ...headers });
    response.end(typeof text === 'function' ? text() : text);
  };

export const serveStatus =
  (status: number, body = '', contentType = 'text/plain'): FeedHandler =>
  (_request, response) => {
    response.writeHead(status, { 'content-type': contentType });
    response.end(body);
  };

export const redirectTo =
  (location: string, status = 302): FeedHandler =>
  (_request, response) => {
    response.writeHead(status, { location });
    response.end();
  };

/** Sends calendar-looking lines for ever (until the client hangs up). */
export const serveEndless = (): FeedHandler => (_request, response) => {
  response.writeHead(200, { 'content-type': 'text/calendar' });
  const line = `${'X-FILLER:'.padEnd(70, 'x')}\r\n`.repeat(1000);
  response.write('BEGIN:VCALENDAR\r\n');
  const pump = () => {
    while (!response.destroyed && response.write(line)) {}
    if (!response.destroyed) response.once('drain', pump);
  };
  pump();
};

/** Answers only when `release()` is called (or never): a feed that does not respond in time. */
export function serveWhenReleased(text: string): { handler: FeedHandler; release: () => void } {
  const waiting: ServerResponse[] = [];
  let released = false;
  return {
    handler: (_request, response) => {
      if (released) serveCalendar(text)(_request, response);
      else waiting.push(response);
    },
    release: () => {
      released = true;
      for (const response of waiting.splice(0)) {
        if (!response.destroyed) {
          response.writeHead(200, { 'content-type': 'text/calendar' });
          response.end(text);
        }
      }
    },
  };
}

export type FeedServer = {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  port: number;
  url(path: string): string;
  set(path: string, handler: FeedHandler): void;
  /** How many requests each path received. */
  hits: Map<string, number>;
  close(): Promise<void>;
};

export async function startFeedServer(routes: Record<string, FeedHandler> = {}): Promise<FeedServer> {
  const handlers = new Map(Object.entries(routes));
  const hits = new Map<string, number>();
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0]!;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const handler = handlers.get(path);
    if (handler) handler(request, response);
    else serveStatus(404, 'Not Found')(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    port,
    url: (path) => `${origin}${path}`,
    set: (path, handler) => handlers.set(path, handler),
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A feed server with the channels' fixtures at `/airbnb.ics` and `/booking.ics`. */
export const startChannelFeeds = (): Promise<FeedServer> =>
  startFeedServer({
    '/airbnb.ics': serveCalendar(readFixture('airbnb')),
    '/booking.ics': serveCalendar(readFixture('booking')),
  });

/** The owner saves both channels' feeds of `feeds` (which syncs them once, as the admin's Sync All does). */
export async function saveChannelFeeds(app: FastifyInstance, feeds: FeedServer): Promise<void> {
  const saved = await app.inject({
    method: 'POST',
    url: '/api/admin/sync-all',
    headers: { authorization: `Bearer ${await adminToken(app)}` },
    payload: { airbnbUrl: feeds.url('/airbnb.ics'), bookingUrl: feeds.url('/booking.ics') },
  });
  if (saved.statusCode !== 200)
    throw new Error(`saving the feeds answered ${saved.statusCode}: ${saved.body}`);
}
