import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { MEDIA_KINDS } from '../../domain/media.ts';
import { MAX_PHOTO_PIXELS } from '../../domain/photos.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { photos } from '../db/schema.ts';
import { createRepeater } from '../jobs/repeater.ts';
import { type PhotoStorage, randomName } from './storage.ts';
import { decodePhoto, writeSocialImage, writeVariants } from './variants.ts';

/** A claimed upload is left alone this long; if its process died mid-way, the next run takes it again. */
export const PHOTO_LEASE_MS = 10 * 60_000;
/** Tries per upload (a crash mid-way counts as one); then it is `failed` for the owner to replace or delete. */
export const MAX_PHOTO_ATTEMPTS = 3;
/** How often each process looks for queued uploads it was not told about (after a restart, another process's). */
export const PHOTO_POLL_MS = 30_000;

export type PhotoWorker = {
  /** Asks for a run soon, outside the caller (an upload's request answers at once). */
  kick(): void;
  /** Processes every queued upload; the number processed (made ready or failed). */
  runOnce(): Promise<number>;
  /** Settles once no run is in flight or asked for (tests, before reading the pages). */
  settled(): Promise<void>;
  start(): void;
  stop(): Promise<void>;
};

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
 * Makes the variants of uploaded photos in the background: the `photos` rows in state `queued` are the queue,
 * so an upload accepted before a restart is processed after it. A run claims one row at a time with a lease
 * (`UPDATE … RETURNING` over `FOR UPDATE SKIP LOCKED`, so processes sharing a PostgreSQL database never take the
 * same row), writes every variant in a work directory, moves it to `public/<random key>` in one rename and only
 * then publishes the key. A photo replaced or deleted meanwhile keeps nothing of the run.
 */
export function createPhotoWorker(options: {
  /** false: this process leaves uploads queued for another one (or for after a restart). */
  enabled?: boolean;
  db: Db;
  storage: PhotoStorage;
  clock: Clock;
  log: Logger;
  /** A photo's published variants changed (the public pages are rendered again). */
  onPublished: () => void;
}): PhotoWorker {
  const { db, storage, clock, log } = options;
  let running: Promise<number> | undefined;
  let again = false;
  let closed = options.enabled === false;

  async function claim(): Promise<(typeof photos.$inferSelect)[]> {
    const now = clock.now();
    const due = db
      .select({ id: photos.id })
      .from(photos)
      .where(and(eq(photos.status, 'queued'), or(isNull(photos.leaseUntil), lte(photos.leaseUntil, now))))
      .orderBy(asc(photos.createdAt), asc(photos.id))
      .limit(1)
      .for('update', { skipLocked: true });
    // Every row the statement returns is ours: PostgreSQL may run a `LIMIT 1` subquery of an UPDATE more than
    // once and so claim more than one row; each is processed, none is left leased and forgotten.
    return db
      .update(photos)
      .set({
        attempts: sql`${photos.attempts} + 1`,
        leaseUntil: new Date(now.getTime() + PHOTO_LEASE_MS),
      })
      .where(and(inArray(photos.id, due), eq(photos.status, 'queued')))
      .returning();
  }

  async function fail(row: typeof photos.$inferSelect, lastError: string): Promise<void> {
    await db
      .update(photos)
      .set({ status: 'failed', lastError, leaseUntil: null, updatedAt: clock.now() })
      .where(and(eq(photos.id, row.id), eq(photos.original, row.original)));
  }

  async function process(row: typeof photos.$inferSelect): Promise<void> {
    if (row.attempts > MAX_PHOTO_ATTEMPTS) {
      await fail(row, 'This photo could not be processed after several tries. Please upload it again.');
      return;
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
      return;
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
      return;
    }
    if (row.publicKey) await storage.removePublic(row.publicKey);
    log.info({ photoId: row.id }, 'photo processed');
    options.onPublished();
  }

  async function runAll(): Promise<number> {
    let done = 0;
    for (;;) {
      const claimed = await claim();
      if (claimed.length === 0) return done;
      for (const row of claimed.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())) {
        await process(row);
        done++;
      }
    }
  }

  function runOnce(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let total = 0;
      try {
        do {
          again = false;
          total += await runAll();
        } while (again);
        return total;
      } finally {
        running = undefined;
      }
    })();
    return running;
  }

  function kick(): void {
    if (closed) return;
    setImmediate(() => {
      if (closed) return;
      runOnce().catch((error) => log.error({ err: error }, 'the photo worker failed'));
    });
  }

  // Uploads this process was not told about: queued before a restart, or by another process.
  const repeater = createRepeater(PHOTO_POLL_MS, () =>
    runOnce().catch((error) => log.error({ err: error }, 'the photo worker failed')),
  );

  return {
    kick,
    runOnce,
    async settled() {
      // A kick runs on the next turn of the event loop: let it start, then wait for the run and its repeats.
      await new Promise((resolve) => setImmediate(resolve));
      while (running) await running.catch(() => undefined);
    },
    start() {
      if (closed) return;
      kick(); // uploads left queued by a restart
      repeater.start();
    },
    async stop() {
      closed = true;
      repeater.stop();
      while (running) await running.catch(() => undefined);
    },
  };
}
