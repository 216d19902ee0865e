import type { AppContext } from '../context.ts';
import type { FetchFeedOptions, Resolver } from './fetch-feed.ts';

/** What the calendar sync is given by buildApp (and by tests): the app's context, fetcher overrides, a logger. */

export type Logger = {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
};
export const silentLogger: Logger = { info: () => {}, warn: () => {}, error: () => {} };

export type CalendarSyncDeps = Pick<
  AppContext,
  'config' | 'database' | 'db' | 'clock' | 'notifications' | 'bookings'
> & {
  /** Cancels the payment intents of guests' holds an import took the nights of (absent: they lapse unpaid). */
  payments?: Pick<AppContext['payments'], 'cancelPaymentIntent'>;
  /** DNS resolver of the feed fetcher (tests inject one to fake a private address). */
  resolve?: Resolver;
  /** Overrides of the fetch limits (tests shorten the timeout). */
  fetchLimits?: Pick<FetchFeedOptions, 'timeoutMs' | 'maxBytes' | 'maxRedirects'>;
  log?: Logger;
};
