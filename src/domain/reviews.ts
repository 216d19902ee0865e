/**
 * Reviews guests can trust (docs/decisions/029-reviews.md): only a guest of a stay that has ended reviews it, once;
 * every review is published 48 hours after it is written, whatever its rating; the owner may withhold one only
 * for a reason of a fixed list, and the pages say how many were withheld and why. Reviews the owner copies from
 * Airbnb or Booking.com are shown with their source and date and never counted in the verified average.
 * Pure rules and the shape the public pages print; the server's `src/server/reviews/` applies them.
 */
import { DAY_MS, daysBetween, type IsoDate } from './dates.ts';

/** A review is published this long after it is written, so the owner can read it (and reply) first. */
export const REVIEW_PUBLISH_DELAY_MS = 48 * 60 * 60 * 1000;
/** The guest may change their review for this many days after writing it. */
export const REVIEW_EDIT_DAYS = 14;
export const REVIEW_EDIT_MS = REVIEW_EDIT_DAYS * DAY_MS;
/** How many reviews the home page shows (the newest); the reviews page shows every one. */
export const HOME_PAGE_REVIEWS = 3;

/**
 * The only reasons a review may be withheld. The Digital Markets, Competition and Consumers Act 2024 (Schedule 20,
 * banned practices) forbids publishing reviews in a way that misleads, e.g. hiding the unfavourable ones: a low
 * rating is none of these.
 */
export const WITHHOLD_REASONS = ['offensive', 'personal_data', 'not_about_stay', 'spam'] as const;
export type WithholdReason = (typeof WITHHOLD_REASONS)[number];
/** Each reason as the owner picks it and as the pages count it ('2 offensive'). */
export const WITHHOLD_REASON_LABELS: Record<WithholdReason, string> = {
  offensive: 'offensive',
  personal_data: 'personal data',
  not_about_stay: 'not about the stay',
  spam: 'spam',
};

/** Where a review was written: here by a guest whose stay we know (verified), or on a channel, copied by hand. */
export const REVIEW_SOURCES = ['verified', 'airbnb', 'booking'] as const;
export type ReviewSource = (typeof REVIEW_SOURCES)[number];
export const IMPORTED_REVIEW_SOURCES = ['airbnb', 'booking'] as const;
export type ImportedReviewSource = (typeof IMPORTED_REVIEW_SOURCES)[number];
export const REVIEW_SOURCE_LABELS: Record<ReviewSource, string> = {
  verified: 'Verified stay',
  airbnb: 'Airbnb',
  booking: 'Booking.com',
};

/** The name shown by default: the first name and the initial of the last ('Ada Lovelace' → 'Ada L.'). */
export function defaultReviewerName(contactName: string): string {
  const words = contactName.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return 'A guest';
  const last = words.length > 1 ? words.at(-1) : undefined;
  return last ? `${words[0]} ${last[0]!.toUpperCase()}.` : words[0]!;
}

/** Why a stay cannot be reviewed (a sentence for the guest), or null when it can. */
export function whyNotReviewable(
  stay: { status: string; checkOut: IsoDate },
  today: IsoDate,
  alreadyReviewed: boolean,
): string | null {
  if (stay.status === 'canceled') return 'A cancelled booking cannot be reviewed.';
  if (stay.status !== 'confirmed') return 'Only a confirmed stay can be reviewed.';
  if (daysBetween(stay.checkOut, today) < 0)
    return 'You can review your stay once it has ended, from your check-out day.';
  if (alreadyReviewed)
    return 'You have already reviewed this stay. You can change your review for 14 days after writing it.';
  return null;
}

/** When a review written at `writtenAt` is published, and until when its guest may change it. */
export const publishAt = (writtenAt: Date) => new Date(writtenAt.getTime() + REVIEW_PUBLISH_DELAY_MS);
export const editableUntil = (writtenAt: Date) => new Date(writtenAt.getTime() + REVIEW_EDIT_MS);

/** One review as the public pages print it. */
export type PublicReview = {
  id: string;
  source: ReviewSource;
  rating: number;
  title: string;
  text: string;
  name: string;
  /** When it was written (for a review from elsewhere, the date it bears there). */
  date: IsoDate;
  reply: { text: string; date: IsoDate } | null;
};

/** What the public pages print of the reviews (a part of the site content, src/domain/site-content.ts). */
export type PublicReviews = {
  /** Verified reviews only: those from elsewhere are not counted. Average to one decimal, null with none. */
  verified: { count: number; average: number | null };
  /** Reviews withheld, by reason (only reasons with at least one), so the page can say how many and why. */
  withheld: { reason: WithholdReason; count: number }[];
  /** Every published review, newest first. */
  reviews: PublicReview[];
};

export const NO_REVIEWS: PublicReviews = { verified: { count: 0, average: null }, withheld: [], reviews: [] };

/** The public summary of the published reviews and the withholding counts, newest first. */
export function publicReviews(
  published: readonly PublicReview[],
  withheld: readonly WithholdReason[],
): PublicReviews {
  const verified = published.filter((review) => review.source === 'verified');
  const sum = verified.reduce((total, review) => total + review.rating, 0);
  return {
    verified: {
      count: verified.length,
      average: verified.length === 0 ? null : Math.round((sum / verified.length) * 10) / 10,
    },
    withheld: WITHHOLD_REASONS.map((reason) => ({
      reason,
      count: withheld.filter((given) => given === reason).length,
    })).filter(({ count }) => count > 0),
    reviews: [...published].sort((a, b) => (a.date === b.date ? 0 : a.date < b.date ? 1 : -1)),
  };
}

/** 'Two reviews were withheld: 1 offensive, 1 spam.', or null when none was. */
export function withheldSentence(withheld: PublicReviews['withheld']): string | null {
  const total = withheld.reduce((sum, { count }) => sum + count, 0);
  if (total === 0) return null;
  const reasons = withheld
    .map(({ reason, count }) => `${count} ${WITHHOLD_REASON_LABELS[reason]}`)
    .join(', ');
  return `${total === 1 ? '1 review was' : `${total} reviews were`} withheld (${reasons}). We withhold a review only when it is offensive, gives personal data, is not about the stay, or is spam.`;
}
