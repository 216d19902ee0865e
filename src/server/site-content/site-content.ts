/**
 * The site content the public pages are rendered with (src/domain/site-content.ts; docs/decisions/012-site-content.md).
 * Each part comes from the capability that owns it (the rate plan, the property's facts, the texts, the photos)
 * through one loader; a part without a loader is the fresh install's default. An owner's change calls `changed()`:
 * the content is read again and every listener (the server's page renderer) is given it, one run at a time, a
 * change during a run starting one more run after it. With several server processes on one PostgreSQL, each
 * process also reads the content every `pollMs` and publishes it when it differs from what it last published.
 */
import { isDeepStrictEqual } from 'node:util';
import type { FastifyBaseLogger } from 'fastify';
import { DEFAULT_SITE_CONTENT, type SiteContent } from '../../domain/site-content.ts';
import type { Db } from '../db/database.ts';

export type SiteContentSources = {
  [Part in keyof SiteContent]?: (db: Db) => Promise<SiteContent[Part]>;
};

export type SiteContentListener = (content: SiteContent) => Promise<void>;

export type SiteContentService = {
  /** The current content (read once, then again after each change). */
  current(): Promise<SiteContent>;
  /** An owner changed a part: read it again and publish it (in the background). */
  changed(): void;
  /** Resolves once every change so far has been published (tests await it before reading a page). */
  settled(): Promise<void>;
  /** Called with the content after each change; the server's pages are rendered again by one. */
  onChange(listener: SiteContentListener): void;
  /** Publishes the current content once if it differs from `published` (start-up: the build's defaults). */
  publishIfChanged(published?: SiteContent): Promise<void>;
  stop(): void;
};

const PARTS = Object.keys(DEFAULT_SITE_CONTENT) as (keyof SiteContent)[];

export function createSiteContent(options: {
  db: Db;
  sources?: SiteContentSources;
  log: FastifyBaseLogger;
  /** Read the content again this often and publish it when it changed elsewhere (several processes). */
  pollMs?: number;
}): SiteContentService {
  const { db, sources = {}, log } = options;
  const listeners: SiteContentListener[] = [];
  let cached: Promise<SiteContent> | undefined;
  let published: SiteContent | undefined;
  let running: Promise<void> | undefined;
  let again = false;

  const load = async (): Promise<SiteContent> => {
    const values = await Promise.all(
      PARTS.map((part) => sources[part]?.(db) ?? Promise.resolve(DEFAULT_SITE_CONTENT[part])),
    );
    return Object.fromEntries(PARTS.map((part, index) => [part, values[index]])) as SiteContent;
  };

  const current = () => {
    cached ??= load();
    const loading = cached;
    // A failed read is not kept: the next caller reads again.
    loading.catch(() => {
      if (cached === loading) cached = undefined;
    });
    return loading;
  };

  const publish = async () => {
    do {
      again = false;
      const content = await current();
      for (const listener of listeners) await listener(content);
      published = content;
    } while (again);
  };

  const schedule = () => {
    if (running) {
      again = true;
      return;
    }
    running = publish()
      .catch((error: unknown) =>
        log.error({ err: error }, 'the pages could not be rendered with the new content'),
      )
      .finally(() => {
        running = undefined;
      });
  };

  const changed = () => {
    cached = undefined;
    schedule();
  };

  const poll =
    options.pollMs === undefined
      ? undefined
      : setInterval(async () => {
          try {
            const fresh = await load();
            if (!running && !isDeepStrictEqual(fresh, published)) {
              cached = Promise.resolve(fresh);
              schedule();
            }
          } catch (error) {
            log.warn({ err: error }, 'the site content could not be read');
          }
        }, options.pollMs);
  poll?.unref();

  return {
    current,
    changed,
    settled: async () => {
      while (running) await running;
    },
    onChange: (listener) => {
      listeners.push(listener);
    },
    publishIfChanged: async (previous = DEFAULT_SITE_CONTENT) => {
      const content = await current();
      published = previous;
      if (!isDeepStrictEqual(content, previous)) {
        schedule();
        while (running) await running;
      }
    },
    stop: () => clearInterval(poll),
  };
}
