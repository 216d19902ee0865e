import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNotNull, isNull, lte } from 'drizzle-orm';
import { type IsoDate, todayOnPropertyClock } from '../../domain/dates.ts';
import {
  type PublicReview,
  type PublicReviews,
  publicReviews,
  type ReviewSource,
  type WithholdReason,
} from '../../domain/reviews.ts';
import type { DbOrTx } from '../db/database.ts';
import { reviews } from '../db/schema.ts';

/**
 * The one writer of `reviews` (docs/decisions/029-reviews.md). Every method takes the database or the caller's
 * transaction, so the audit line and the change commit together.
 */

export type ReviewRow = typeof reviews.$inferSelect;

/** Reviews and replies are dated by the day on the property's clock. */
const dayOf = (at: Date): IsoDate => todayOnPropertyClock(at);

export function createReviewsRepository(db: DbOrTx) {
  return {
    async byStay(stayId: string): Promise<ReviewRow | undefined> {
      const [row] = await db.select().from(reviews).where(eq(reviews.stayId, stayId));
      return row;
    },

    async byId(id: string): Promise<ReviewRow | undefined> {
      const [row] = await db.select().from(reviews).where(eq(reviews.id, id));
      return row;
    },

    /** Every review, newest written first (the owner's list). */
    all(): Promise<ReviewRow[]> {
      return db.select().from(reviews).orderBy(desc(reviews.writtenAt), desc(reviews.createdAt));
    },

    async insert(values: {
      source: ReviewSource;
      stayId: string | null;
      rating: number;
      title: string;
      body: string;
      displayName: string;
      writtenAt: Date;
      publishAt: Date | null;
      publishedAt: Date | null;
    }): Promise<ReviewRow> {
      const [row] = await db
        .insert(reviews)
        .values({ id: randomUUID(), ...values, createdAt: values.writtenAt, updatedAt: values.writtenAt })
        .returning();
      return row!;
    },

    async update(
      id: string,
      change: Partial<
        Pick<
          ReviewRow,
          | 'rating'
          | 'title'
          | 'body'
          | 'displayName'
          | 'withheldReason'
          | 'withheldAt'
          | 'reply'
          | 'repliedAt'
        >
      >,
      at: Date,
    ): Promise<ReviewRow> {
      const [row] = await db
        .update(reviews)
        .set({ ...change, updatedAt: at })
        .where(eq(reviews.id, id))
        .returning();
      return row!;
    },

    /** Publishes every review whose time has come; their ids. */
    async publishDue(now: Date): Promise<string[]> {
      const rows = await db
        .update(reviews)
        .set({ publishedAt: now, updatedAt: now })
        .where(and(isNull(reviews.publishedAt), lte(reviews.publishAt, now)))
        .returning({ id: reviews.id });
      return rows.map((row) => row.id);
    },
  };
}

/** What the reviewer wrote, as every view of a review names it (the column `body` is its `text`). */
export const reviewWords = (row: ReviewRow) => ({
  rating: row.rating,
  title: row.title,
  text: row.body,
  name: row.displayName,
});

/** The reviews of these stays, oldest first (the guest's data export). */
export function reviewsOfStays(db: DbOrTx, stayIds: readonly string[]): Promise<ReviewRow[]> {
  if (stayIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(reviews)
    .where(inArray(reviews.stayId, [...stayIds]))
    .orderBy(asc(reviews.writtenAt));
}

/**
 * Deletes the reviews of these stays when their guest's data is erased (on request, or by the retention rule):
 * the review is the guest's own words under their name, so it goes with them; whether one was published. The
 * number deleted, and how many were on the pages.
 */
export async function deleteReviewsOfStays(
  db: DbOrTx,
  stayIds: readonly string[],
): Promise<{ deleted: number; published: number }> {
  if (stayIds.length === 0) return { deleted: 0, published: 0 };
  const rows = await db
    .delete(reviews)
    .where(inArray(reviews.stayId, [...stayIds]))
    .returning({ publishedAt: reviews.publishedAt });
  return { deleted: rows.length, published: rows.filter((row) => row.publishedAt !== null).length };
}

/** What the public pages print: the published reviews not withheld, and how many were withheld and why. */
export async function loadPublicReviews(db: DbOrTx): Promise<PublicReviews> {
  const rows = await db
    .select()
    .from(reviews)
    .where(isNotNull(reviews.publishedAt))
    .orderBy(desc(reviews.writtenAt), desc(reviews.createdAt));
  const shown: PublicReview[] = rows
    .filter((row) => row.withheldReason === null)
    .map((row) => ({
      id: row.id,
      source: row.source,
      ...reviewWords(row),
      date: dayOf(row.writtenAt),
      reply: row.reply && row.repliedAt ? { text: row.reply, date: dayOf(row.repliedAt) } : null,
    }));
  const withheld = rows.flatMap((row) => (row.withheldReason ? [row.withheldReason as WithholdReason] : []));
  return publicReviews(shown, withheld);
}
