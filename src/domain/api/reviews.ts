import { z } from 'zod';
import { isIsoDate } from '../dates.ts';
import { dateField, textField, wholeNumber } from '../input-fields.ts';
import { IMPORTED_REVIEW_SOURCES, REVIEW_SOURCES, WITHHOLD_REASONS } from '../reviews.ts';

/**
 * The reviews' API (src/server/reviews/, docs/decisions/029-reviews.md): the guest's review from their booking
 * page, and the owner's replies, withholdings and reviews copied from elsewhere.
 * One schema for the route, the browser's fetch call and its form (docs/architecture.md).
 */

const rating = wholeNumber('rating', { min: 1, max: 5 });
const title = textField().trim().min(1, 'Give your review a title.').max(120, 'The title is too long');
const text = textField({ multiline: true })
  .trim()
  .min(1, 'Write a few words about your stay.')
  .max(4000, 'The review is too long');
const name = textField().trim().min(1, 'Give the name to show.').max(60, 'The name is too long');

/** What the guest writes (and changes): the name to show is their first name and initial unless they give one. */
export const GuestReviewSchema = z.object({ rating, title, text, name: name.optional() });
export type GuestReviewInput = z.infer<typeof GuestReviewSchema>;

/** The guest's own review as their booking page shows it. */
export const GuestReviewViewSchema = z.object({
  /** Why the stay cannot be reviewed now (a sentence), or null. */
  refusal: z.string().nullable(),
  /** The name shown unless the guest gives another. */
  defaultName: z.string(),
  review: z
    .object({
      rating: z.number(),
      title: z.string(),
      text: z.string(),
      name: z.string(),
      writtenAt: z.iso.datetime(),
      publishAt: z.iso.datetime(),
      editableUntil: z.iso.datetime(),
      published: z.boolean(),
      withheld: z.boolean(),
      reply: z.string().nullable(),
    })
    .nullable(),
});
export type GuestReviewView = z.infer<typeof GuestReviewViewSchema>;

export const WithholdSchema = z.object({
  reason: z.enum(WITHHOLD_REASONS, {
    error: `Choose the reason from the list: ${WITHHOLD_REASONS.join(', ')}.`,
  }),
});

export const ReplySchema = z.object({
  /** Empty removes the reply. */
  reply: textField({ multiline: true }).trim().max(4000, 'The reply is too long'),
});

/** A review the owner copies by hand from Airbnb or Booking.com, with the date it bears there. */
export const ImportedReviewSchema = z.object({
  source: z.enum(IMPORTED_REVIEW_SOURCES, {
    error: 'Choose where the review was written: airbnb or booking.',
  }),
  rating,
  title,
  text,
  name,
  date: dateField('date', { written: true }).refine(isIsoDate, 'date is not a day of the calendar'),
});
export type ImportedReviewInput = z.infer<typeof ImportedReviewSchema>;

/** One review as the owner's list shows it. */
export const AdminReviewSchema = z.object({
  id: z.string(),
  source: z.enum(REVIEW_SOURCES),
  rating: z.number(),
  title: z.string(),
  text: z.string(),
  name: z.string(),
  /** The booking's reference, for a verified review. */
  bookingReference: z.string().nullable(),
  writtenAt: z.iso.datetime(),
  publishAt: z.iso.datetime().nullable(),
  publishedAt: z.iso.datetime().nullable(),
  withheldReason: z.enum(WITHHOLD_REASONS).nullable(),
  reply: z.string().nullable(),
});
export type AdminReview = z.infer<typeof AdminReviewSchema>;
export const AdminReviewListSchema = AdminReviewSchema.array();
