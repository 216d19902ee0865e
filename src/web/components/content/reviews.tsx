import { formatLongDate } from '../../../domain/format.ts';
import {
  type PublicReview,
  type PublicReviews,
  REVIEW_SOURCE_LABELS,
  withheldSentence,
} from '../../../domain/reviews.ts';

/**
 * The reviews as the public pages print them (docs/decisions/029-reviews.md): server HTML from the site content,
 * no script of their own. Every published review is shown, low ratings like high ones; the average and count are
 * of verified stays only, and say so.
 */

/** Five stars, `rating` of them filled; read out as 'Rated 4 out of 5'. */
export function Stars({ rating, className = '' }: { rating: number; className?: string }) {
  const filled = Math.round(rating);
  return (
    <span className={`inline-flex items-center ${className}`}>
      <span aria-hidden="true" className="text-amber-700 tracking-wider">
        {'★'.repeat(filled)}
        <span className="text-stone-400">{'★'.repeat(5 - filled)}</span>
      </span>
      <span className="sr-only">Rated {rating} out of 5</span>
    </span>
  );
}

/** 'Average 4.6 out of 5 from 12 verified stays', or that there is none yet. */
export function ReviewsSummary({ reviews }: { reviews: PublicReviews }) {
  const { count, average } = reviews.verified;
  if (count === 0 || average === null) {
    return <p className="text-stone-700">No verified stay has been reviewed here yet.</p>;
  }
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-stone-800">
      <Stars rating={average} className="text-xl" />
      <span>
        <strong>{average.toFixed(1)}</strong> out of 5 from {count} {count === 1 ? 'review' : 'reviews'} by
        guests whose stay we know took place (verified stays only; reviews from other sites are not counted).
      </span>
    </p>
  );
}

/** One review with its source, date, name and the owner's reply beside it. */
export function ReviewCard({ review, headingLevel = 3 }: { review: PublicReview; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const source =
    review.source === 'verified'
      ? REVIEW_SOURCE_LABELS.verified
      : `Written on ${REVIEW_SOURCE_LABELS[review.source]}`;
  return (
    <article
      aria-labelledby={`review-${review.id}`}
      className="rounded-xl border border-stone-200 bg-white p-6 shadow-sm"
    >
      <Stars rating={review.rating} />
      <Heading id={`review-${review.id}`} className="mt-2 font-semibold text-lg">
        {review.title}
      </Heading>
      <p className="mt-2 whitespace-pre-line text-stone-800">{review.text}</p>
      <p className="mt-3 text-sm text-stone-600">
        {review.name} · {source} · <time dateTime={review.date}>{formatLongDate(review.date)}</time>
      </p>
      {review.reply ? (
        <div className="mt-4 border-amber-700 border-l-4 bg-stone-50 p-3">
          <p className="font-semibold text-sm">The owners replied</p>
          <p className="mt-1 whitespace-pre-line text-stone-800">{review.reply.text}</p>
        </div>
      ) : null}
    </article>
  );
}

/** How many reviews were withheld and why (nothing when none was). */
export function WithheldNote({ reviews }: { reviews: PublicReviews }) {
  const sentence = withheldSentence(reviews.withheld);
  return sentence ? <p className="text-sm text-stone-700">{sentence}</p> : null;
}
