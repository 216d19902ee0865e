import type {
  AdminReview,
  GuestReviewInput,
  GuestReviewView,
  ImportedReviewInput,
} from '../../domain/api/reviews.ts';
import { bookingReference } from '../../domain/booking-reference.ts';
import { todayOnPropertyClock } from '../../domain/dates.ts';
import {
  defaultReviewerName,
  editableUntil,
  publishAt,
  WITHHOLD_REASON_LABELS,
  type WithholdReason,
  whyNotReviewable,
} from '../../domain/reviews.ts';
import { audit } from '../audit/audit.ts';
import type { StayRow } from '../bookings/bookings-repository.ts';
import type { Clock } from '../clock.ts';
import { type Db, PG_UNIQUE_VIOLATION, pgErrorCode } from '../db/database.ts';
import { badRequest, conflict, notFound } from '../errors.ts';
import { GUEST_ACTOR, requireManagedStay } from '../guest-journey/manage-booking.ts';
import { createReviewsRepository, type ReviewRow, reviewWords } from './repository.ts';

/**
 * Reviews (docs/decisions/029-reviews.md): the guest writes one per ended stay from their booking page and may
 * change it for 14 days; the `review-publication` job publishes each 48 hours after it was written; the owner
 * replies, withholds one for a reason of the list (audited), and adds reviews copied from Airbnb or Booking.com.
 * Every change to what the pages show calls `published()`, which renders the public pages again (decision 012).
 */
export type ReviewsService = ReturnType<typeof createReviews>;

/** The review in the guest's view of it. */
function guestView(row: ReviewRow, now: Date): NonNullable<GuestReviewView['review']> {
  return {
    ...reviewWords(row),
    writtenAt: row.writtenAt.toISOString(),
    publishAt: (row.publishAt ?? row.writtenAt).toISOString(),
    editableUntil: editableUntil(row.writtenAt).toISOString(),
    published: row.publishedAt !== null && row.publishedAt <= now,
    withheld: row.withheldReason !== null,
    reply: row.reply,
  };
}

function adminView(row: ReviewRow, stayId: string | null): AdminReview {
  return {
    id: row.id,
    source: row.source,
    ...reviewWords(row),
    bookingReference: stayId ? bookingReference(stayId) : null,
    writtenAt: row.writtenAt.toISOString(),
    publishAt: row.publishAt?.toISOString() ?? null,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    withheldReason: row.withheldReason,
    reply: row.reply,
  };
}

export function createReviews(deps: {
  db: Db;
  clock: Clock;
  /** What the public pages show changed: render them again (the site content's `changed`). */
  published: () => void;
}) {
  const { db, clock } = deps;
  const repository = createReviewsRepository(db);
  /** A change to a review already on the pages renders them again; one still waiting for its 48 hours does not. */
  const shownChanged = (row: ReviewRow) => {
    if (row.publishedAt !== null) deps.published();
  };

  async function viewFor(stay: StayRow): Promise<GuestReviewView> {
    const now = clock.now();
    const row = await repository.byStay(stay.id);
    return {
      refusal: whyNotReviewable(stay, todayOnPropertyClock(now), row !== undefined),
      defaultName: defaultReviewerName(stay.contactName),
      review: row ? guestView(row, now) : null,
    };
  }

  async function requireReview(id: string): Promise<ReviewRow> {
    const row = await repository.byId(id);
    if (!row) throw notFound('There is no review with that id.', 'review_not_found');
    return row;
  }

  return {
    async guestView(reference: string, key: string | undefined): Promise<GuestReviewView> {
      return viewFor(await requireManagedStay(db, reference, key));
    },

    /** The guest's review of their ended stay: once per stay, published 48 hours later. */
    async write(
      reference: string,
      key: string | undefined,
      input: GuestReviewInput,
    ): Promise<GuestReviewView> {
      const stay = await requireManagedStay(db, reference, key);
      const now = clock.now();
      const refuse = (alreadyReviewed: boolean) => {
        const refusal = whyNotReviewable(stay, todayOnPropertyClock(now), alreadyReviewed);
        if (refusal) throw conflict(refusal, 'not_reviewable');
      };
      await db
        .transaction(async (tx) => {
          const reviews = createReviewsRepository(tx);
          refuse((await reviews.byStay(stay.id)) !== undefined);
          const row = await reviews.insert({
            source: 'verified',
            stayId: stay.id,
            rating: input.rating,
            title: input.title,
            body: input.text,
            displayName: input.name ?? defaultReviewerName(stay.contactName),
            writtenAt: now,
            publishAt: publishAt(now),
            publishedAt: null,
          });
          await audit(tx, {
            actor: GUEST_ACTOR,
            action: 'review.written',
            details: { reviewId: row.id, stayId: stay.id, rating: input.rating },
            at: now,
          });
        })
        .catch((error: unknown) => {
          // Two sends at once: the one-per-stay index refused the second, which reads as a second review.
          if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) refuse(true);
          throw error;
        });
      return viewFor(stay);
    },

    /** The guest changes their review, for 14 days after writing it. */
    async change(
      reference: string,
      key: string | undefined,
      input: GuestReviewInput,
    ): Promise<GuestReviewView> {
      const stay = await requireManagedStay(db, reference, key);
      const now = clock.now();
      const row = await repository.byStay(stay.id);
      if (!row) throw notFound('You have not reviewed this stay yet.', 'review_not_found');
      if (now > editableUntil(row.writtenAt)) {
        throw conflict(
          'Your review can no longer be changed: a review can be changed for 14 days after it is written.',
          'review_locked',
        );
      }
      const updated = await db.transaction(async (tx) => {
        const changed = await createReviewsRepository(tx).update(
          row.id,
          {
            rating: input.rating,
            title: input.title,
            body: input.text,
            displayName: input.name ?? row.displayName,
          },
          now,
        );
        await audit(tx, {
          actor: GUEST_ACTOR,
          action: 'review.changed',
          details: { reviewId: row.id, stayId: stay.id, rating: input.rating },
          at: now,
        });
        return changed;
      });
      shownChanged(updated);
      return viewFor(stay);
    },

    /** The owner's list: every review, withheld and waiting ones included. */
    async list(): Promise<AdminReview[]> {
      const rows = await repository.all();
      return rows.map((row) => adminView(row, row.stayId));
    },

    /** The owner's public reply (empty removes it), shown beside the review. */
    async reply(id: string, reply: string, actor: string): Promise<AdminReview> {
      const row = await requireReview(id);
      const now = clock.now();
      const updated = await db.transaction(async (tx) => {
        const changed = await createReviewsRepository(tx).update(
          id,
          { reply: reply || null, repliedAt: reply ? now : null },
          now,
        );
        await audit(tx, {
          actor,
          action: 'review.replied',
          details: { reviewId: id, removed: !reply },
          at: now,
        });
        return changed;
      });
      shownChanged(row);
      return adminView(updated, updated.stayId);
    },

    /** Withholds a review for one reason of the list; the pages count it. */
    async withhold(id: string, reason: WithholdReason, actor: string): Promise<AdminReview> {
      const row = await requireReview(id);
      if (row.withheldReason) {
        throw conflict(
          `This review is already withheld (${WITHHOLD_REASON_LABELS[row.withheldReason]}).`,
          'already_withheld',
        );
      }
      const now = clock.now();
      const updated = await db.transaction(async (tx) => {
        const changed = await createReviewsRepository(tx).update(
          id,
          { withheldReason: reason, withheldAt: now },
          now,
        );
        await audit(tx, {
          actor,
          action: 'review.withheld',
          details: { reviewId: id, reason, rating: row.rating, source: row.source },
          at: now,
        });
        return changed;
      });
      shownChanged(row);
      return adminView(updated, updated.stayId);
    },

    /** A review copied by hand from Airbnb or Booking.com: shown at once with its source and date. */
    async addImported(input: ImportedReviewInput, actor: string): Promise<AdminReview> {
      const now = clock.now();
      if (input.date > todayOnPropertyClock(now))
        throw badRequest('The date of the review cannot be in the future.');
      const row = await db.transaction(async (tx) => {
        const inserted = await createReviewsRepository(tx).insert({
          source: input.source,
          stayId: null,
          rating: input.rating,
          title: input.title,
          body: input.text,
          displayName: input.name,
          // Noon UTC is the same day on the property's clock all year.
          writtenAt: new Date(`${input.date}T12:00:00Z`),
          publishAt: null,
          publishedAt: now,
        });
        await audit(tx, {
          actor,
          action: 'review.imported',
          details: { reviewId: inserted.id, source: input.source, date: input.date, rating: input.rating },
          at: now,
        });
        return inserted;
      });
      deps.published();
      return adminView(row, null);
    },

    /** The `review-publication` job: publishes the reviews whose 48 hours are over; their ids. */
    async publishDue(): Promise<string[]> {
      const ids = await repository.publishDue(clock.now());
      if (ids.length > 0) deps.published();
      return ids;
    },
  };
}
