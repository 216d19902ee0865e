import { and, asc, eq, isNotNull, max, ne } from 'drizzle-orm';
import type { AdminPhoto, SitePhotos, UpdatePhoto } from '../../domain/photos.ts';
import { audit } from '../audit/audit.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { photos } from '../db/schema.ts';
import { badRequest, notFound } from '../errors.ts';
import { type PhotoStorage, randomName, UPLOADS_URL_PREFIX } from './storage.ts';
import type { AcceptedUpload } from './upload-check.ts';

type PhotoRow = typeof photos.$inferSelect;

const base = (key: string, kind: 'gallery' | 'feature') => `${UPLOADS_URL_PREFIX}${key}/${kind}`;
const isPublished = (row: PhotoRow) => row.publicKey !== null && row.alt.trim() !== '';

function toAdminPhoto(row: PhotoRow): AdminPhoto {
  return {
    id: row.id,
    alt: row.alt,
    status: row.status === 'queued' ? 'processing' : row.status,
    error: row.status === 'failed' ? row.lastError : null,
    preview: row.publicKey ? base(row.publicKey, 'gallery') : null,
    width: row.width,
    height: row.height,
    published: isPublished(row),
    social: row.social,
    featureId: row.featureId,
  };
}

const inOrder = [asc(photos.position), asc(photos.createdAt), asc(photos.id)] as const;

/** What the public pages show: processed photos with an alt text, in the slideshow's order. */
export async function loadSitePhotos(db: Db): Promise<SitePhotos> {
  const rows = (
    await db
      .select()
      .from(photos)
      .where(isNotNull(photos.publicKey))
      .orderBy(...inOrder)
  ).filter(isPublished);
  const gallery = rows.map((row) => ({ id: row.id, alt: row.alt, base: base(row.publicKey!, 'gallery') }));
  const features: SitePhotos['features'] = {};
  for (const row of rows) {
    if (row.featureId) {
      features[row.featureId] = { id: row.id, alt: row.alt, base: base(row.publicKey!, 'feature') };
    }
  }
  const social = rows.find((row) => row.social) ?? rows[0];
  return {
    gallery,
    features,
    ...(social ? { socialImage: `${UPLOADS_URL_PREFIX}${social.publicKey}/social.jpg` } : {}),
  };
}

/** For the go-live checklist: photos on the pages, and photos that still need an alt text. */
export async function photosReady(db: Db): Promise<{ ready: number; missingAlt: number }> {
  const rows = await db
    .select({ publicKey: photos.publicKey, alt: photos.alt, status: photos.status })
    .from(photos);
  return {
    ready: rows.filter((row) => row.publicKey !== null && row.alt.trim() !== '').length,
    missingAlt: rows.filter((row) => row.alt.trim() === '').length,
  };
}

export type PhotoService = ReturnType<typeof createPhotoService>;

/**
 * The Photos tab's changes. Each one is written with its audit-log entry in one transaction; files are
 * removed only after the commit (a failed transaction never loses a photo), and `changed()` tells the site
 * content to render the public pages again.
 */
export function createPhotoService(deps: {
  db: Db;
  clock: Clock;
  storage: PhotoStorage;
  /** The photo processing queue: `kick()` asks it to process the new upload soon. */
  worker: { kick(): void };
  changed: () => void;
}) {
  const { db, clock, storage, worker, changed } = deps;

  async function requirePhoto(id: string): Promise<PhotoRow> {
    const [row] = await db.select().from(photos).where(eq(photos.id, id));
    if (!row)
      throw notFound('There is no such photo: it may have been deleted. Reload the page.', 'photo_not_found');
    return row;
  }

  async function list() {
    const rows = await db
      .select()
      .from(photos)
      .orderBy(...inOrder);
    return {
      photos: rows.map(toAdminPhoto),
      ready: rows.filter(isPublished).length,
      missingAlt: rows.filter((row) => row.alt.trim() === '').length,
    };
  }

  /** A new original's columns, waiting for the photo queue to make its sizes. */
  const queuedOriginal = (upload: AcceptedUpload) => ({
    original: upload.original,
    format: upload.format,
    width: upload.width,
    height: upload.height,
    bytes: upload.bytes,
    status: 'queued' as const,
  });

  async function add(upload: AcceptedUpload, actor: string): Promise<AdminPhoto> {
    const alt = upload.alt?.trim().slice(0, 250) ?? '';
    const row = await db.transaction(async (tx) => {
      const [last] = await tx.select({ position: max(photos.position) }).from(photos);
      const [inserted] = await tx
        .insert(photos)
        .values({
          id: randomName(),
          position: (last?.position ?? -1) + 1,
          alt,
          ...queuedOriginal(upload),
        })
        .returning();
      await audit(tx, {
        actor,
        action: 'photo.uploaded',
        details: { photoId: inserted!.id, format: upload.format, width: upload.width, height: upload.height },
      });
      return inserted!;
    });
    worker.kick();
    return toAdminPhoto(row);
  }

  async function replace(id: string, upload: AcceptedUpload, actor: string): Promise<AdminPhoto> {
    const previous = await requirePhoto(id).catch(async (error) => {
      await storage.removeOriginal(upload.original);
      throw error;
    });
    const row = await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(photos)
        .set({
          ...queuedOriginal(upload),
          attempts: 0,
          leaseUntil: null,
          lastError: null,
          updatedAt: clock.now(),
        })
        .where(eq(photos.id, id))
        .returning();
      if (!updated) return undefined;
      await audit(tx, {
        actor,
        action: 'photo.replaced',
        details: { photoId: id, format: upload.format, width: upload.width, height: upload.height },
      });
      return updated;
    });
    if (!row) {
      await storage.removeOriginal(upload.original);
      throw notFound('There is no such photo: it may have been deleted. Reload the page.', 'photo_not_found');
    }
    await storage.removeOriginal(previous.original);
    worker.kick();
    return toAdminPhoto(row);
  }

  async function update(id: string, change: UpdatePhoto, actor: string): Promise<AdminPhoto> {
    const before = await requirePhoto(id);
    const row = await db.transaction(async (tx) => {
      if (change.social === true) {
        await tx
          .update(photos)
          .set({ social: false })
          .where(and(eq(photos.social, true), ne(photos.id, id)));
      }
      if (change.featureId) {
        await tx
          .update(photos)
          .set({ featureId: null })
          .where(and(eq(photos.featureId, change.featureId), ne(photos.id, id)));
      }
      const [updated] = await tx
        .update(photos)
        .set({
          ...(change.alt !== undefined ? { alt: change.alt } : {}),
          ...(change.social !== undefined ? { social: change.social } : {}),
          ...(change.featureId !== undefined ? { featureId: change.featureId } : {}),
          updatedAt: clock.now(),
        })
        .where(eq(photos.id, id))
        .returning();
      if (!updated) return undefined;
      const details: Record<string, unknown> = { photoId: id };
      if (change.alt !== undefined) details.alt = { from: before.alt, to: change.alt };
      if (change.social !== undefined) details.social = change.social;
      if (change.featureId !== undefined) details.featureId = change.featureId;
      await audit(tx, { actor, action: 'photo.updated', details });
      return updated;
    });
    if (!row)
      throw notFound('There is no such photo: it may have been deleted. Reload the page.', 'photo_not_found');
    changed();
    return toAdminPhoto(row);
  }

  async function reorder(ids: string[], actor: string) {
    await db.transaction(async (tx) => {
      const current = await tx
        .select({ id: photos.id })
        .from(photos)
        .orderBy(...inOrder);
      const known = new Set(current.map((row) => row.id));
      if (ids.length !== known.size || new Set(ids).size !== ids.length || ids.some((id) => !known.has(id))) {
        throw badRequest(
          'The new order must list every photo once. The photos changed meanwhile: reload the page and try again.',
          'photo_order_mismatch',
        );
      }
      for (const [position, id] of ids.entries()) {
        await tx.update(photos).set({ position }).where(eq(photos.id, id));
      }
      await audit(tx, {
        actor,
        action: 'photo.reordered',
        details: { from: current.map((row) => row.id), to: ids },
      });
    });
    changed();
    return list();
  }

  async function remove(id: string, actor: string): Promise<void> {
    const row = await db.transaction(async (tx) => {
      const [deleted] = await tx.delete(photos).where(eq(photos.id, id)).returning();
      if (!deleted) return undefined;
      await audit(tx, {
        actor,
        action: 'photo.deleted',
        details: { photoId: id, alt: deleted.alt },
      });
      return deleted;
    });
    if (!row)
      throw notFound('There is no such photo: it may have been deleted. Reload the page.', 'photo_not_found');
    await storage.removeOriginal(row.original);
    if (row.publicKey) await storage.removePublic(row.publicKey);
    changed();
  }

  return { list, add, replace, update, reorder, remove };
}
