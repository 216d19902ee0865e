import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, isNull, lte, or } from 'drizzle-orm';
import { MEDIA_KINDS } from '../../domain/media.ts';
import { MAX_PHOTO_PIXELS } from '../../domain/photos.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { photos } from '../db/schema.ts';
import { claimRows } from '../jobs/queue.ts';
import { type PhotoStorage, randomName } from './storage.ts';
import { decodePhoto, writeSocialImage, writeVariants } from './variants.ts';

/** A claimed upload is left alone this long; if its process died mid-way, the next run takes it again. */
export const PHOTO_LEASE_MS = 10 * 60_000;
/** Tries per upload (a crash mid-way counts as one); then it is `failed` for the owner to replace or delete. */
export const MAX_PHOTO_ATTEMPTS = 3;
/** What a run did: uploads made ready, and uploads that could not be processed (the owner sees why). */
export type PhotoRunResult = { ready: number; failed: number };

type Logger = {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
};

/** The owner's sentence for a photo sharp could not turn into variants. */
function describeFailure(error: unknown): string {
  const detail = error instanceof Error ? error.message : String(error);
  return `This photo could not be processed (${detail.slice(0, 300)}). Please upload it again as a JPEG, or delete it.`;
}

/**
 * Makes the variants of uploaded photos in the background, as a queue (src/server/jobs/queue.ts runs it, the
 * registry lists it): the `photos` rows in state `queued` are the queue, so an upload accepted before a restart
 * is processed after it. `processQueued()` claims one row at a time with a lease, writes every variant in a work
 * directory, moves it to `public/<random key>` in one rename and only then publishes the key. A photo replaced or
 * deleted meanwhile keeps nothing of the run.
 */
export function createPhotoProcessor(options: {
  db: Db;
  storage: PhotoStorage;
  clock: Clock;
  log: Logger;
  /** A photo's published variants changed (the public pages are rendered again). */
  onPublished: () => void;
}): { processQueued(): Promise<PhotoRunResult> } {
  const { db, storage, clock, log } = options;

  /** The oldest queued upload nobody holds, counted as an attempt and leased while it is processed. */
  function claim(): Promise<(typeof photos.$inferSelect)[]> {
    const now = clock.now();
    return claimRows(db, photos, {
      due: or(isNull(photos.leaseUntil), lte(photos.leaseUntil, now)),
      orderBy: [photos.createdAt, photos.id],
      limit: 1,
      lease: { leaseUntil: new Date(now.getTime() + PHOTO_LEASE_MS) },
    });
  }

  async function fail(row: typeof photos.$inferSelect, lastError: string): Promise<void> {
    await db
      .update(photos)
      .set({ status: 'failed', lastError, leaseUntil: null, updatedAt: clock.now() })
      .where(and(eq(photos.id, row.id), eq(photos.original, row.original)));
  }

  async function process(row: typeof photos.$inferSelect): Promise<keyof PhotoRunResult | 'dropped'> {
    if (row.attempts > MAX_PHOTO_ATTEMPTS) {
      await fail(row, 'This photo could not be processed after several tries. Please upload it again.');
      return 'failed';
    }
    const work = path.join(storage.dirs.work, randomName());
    try {
      // Decoded once, no smaller than the largest slot in both directions; sharp refuses to decode more
      // pixels than the upload check allows (the check read the header only).
      const { width, height } = MEDIA_KINDS.gallery;
      const decoded = await decodePhoto(
        storage.originalPath(row.original),
        { width, height, fit: 'outside' },
        MAX_PHOTO_PIXELS,
      );
      await writeVariants(decoded, 'gallery', work, 'gallery');
      await writeVariants(decoded, 'feature', work, 'feature');
      await writeSocialImage(decoded, path.join(work, 'social.jpg'));
    } catch (error) {
      await rm(work, { recursive: true, force: true });
      log.warn({ photoId: row.id, err: error }, 'a photo could not be processed');
      await fail(row, describeFailure(error));
      return 'failed';
    }
    const key = randomName();
    await rename(work, storage.publicDir(key));
    const [published] = await db
      .update(photos)
      .set({ status: 'ready', publicKey: key, leaseUntil: null, lastError: null, updatedAt: clock.now() })
      .where(and(eq(photos.id, row.id), eq(photos.original, row.original), eq(photos.status, 'queued')))
      .returning({ id: photos.id });
    if (!published) {
      // Replaced or deleted while we worked: these variants belong to nothing.
      await storage.removePublic(key);
      return 'dropped';
    }
    if (row.publicKey) await storage.removePublic(row.publicKey);
    log.info({ photoId: row.id }, 'photo processed');
    options.onPublished();
    return 'ready';
  }

  /** Processes every queued upload. */
  async function processQueued(): Promise<PhotoRunResult> {
    const done: PhotoRunResult = { ready: 0, failed: 0 };
    for (;;) {
      const claimed = await claim();
      if (claimed.length === 0) return done;
      for (const row of claimed.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())) {
        const outcome = await process(row);
        if (outcome !== 'dropped') done[outcome]++;
      }
    }
  }

  return { processQueued };
}
