import { Link, type MetaArgs, useLoaderData } from 'react-router';
import { ReviewCard, ReviewsSummary, WithheldNote } from '../../components/content/reviews.tsx';
import { buttonClass } from '../../components/ui/button.tsx';
import { pageMeta } from '../../lib/meta.ts';
import { siteContentContext } from '../../lib/site-content-context.ts';
import type { Route } from './+types/reviews';

export const meta = ({ matches }: MetaArgs) =>
  pageMeta({
    matches,
    title: 'Guest Reviews | The Tower, Aberdeen',
    description:
      'Every review of The Tower, Aberdeen, newest first: verified reviews by guests who stayed, with the owners’ replies, and reviews from Airbnb and Booking.com.',
    path: '/reviews',
  });

/**
 * Every published review (the root's content carries the newest few only): from the site content the page is
 * rendered with, at build time the defaults, on the server the current reviews (decision 012).
 */
export function loader({ context }: Route.LoaderArgs) {
  return context.get(siteContentContext).reviews;
}

/** The reviews page: the verified average and count, every review newest first, and what was withheld. */
export default function Reviews() {
  const reviews = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-4xl px-4 py-16">
      <h1 className="font-serif text-4xl sm:text-5xl">Guest Reviews</h1>
      <div className="mt-6 space-y-3">
        <ReviewsSummary reviews={reviews} />
        <p className="text-stone-700">
          Every review is published 48 hours after it is written, whatever its rating. Only guests whose stay
          has ended can write one, once per stay.
        </p>
        <WithheldNote reviews={reviews} />
      </div>
      {reviews.reviews.length === 0 ? (
        <p className="mt-10 text-stone-700">There are no reviews yet.</p>
      ) : (
        <ul className="mt-10 space-y-6">
          {reviews.reviews.map((review) => (
            <li key={review.id}>
              <ReviewCard review={review} headingLevel={2} />
            </li>
          ))}
        </ul>
      )}
      <Link to="/#booking" className={buttonClass({ variant: 'accent', size: 'lg', className: 'mt-10' })}>
        Book Now
      </Link>
    </div>
  );
}
