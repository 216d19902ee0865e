import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { PublicReviews } from '../../../domain/reviews.ts';
import { textOf } from '../../test/text-of.ts';
import { ReviewCard, ReviewsSummary, WithheldNote } from './reviews.tsx';

const REVIEWS: PublicReviews = {
  verified: { count: 2, average: 3.5 },
  withheld: [{ reason: 'offensive', count: 1 }],
  reviews: [
    {
      id: 'r1',
      source: 'verified',
      rating: 2,
      title: 'The stairs',
      text: 'Five floors.',
      name: 'Bo B.',
      date: '2026-11-20',
      reply: { text: 'We carry bags up.', date: '2026-11-21' },
    },
    {
      id: 'r2',
      source: 'airbnb',
      rating: 5,
      title: 'Lovely',
      text: 'Views.',
      name: 'Carla',
      date: '2025-08-14',
      reply: null,
    },
  ],
};

describe('the public reviews', () => {
  it('says the average and count are of verified stays only', () => {
    const text = textOf(renderToStaticMarkup(<ReviewsSummary reviews={REVIEWS} />));
    expect(text).toContain('Rated 3.5 out of 5');
    expect(text).toContain('3.5 out of 5 from 2 reviews by guests whose stay we know took place');
    expect(text).toContain('verified stays only; reviews from other sites are not counted');
  });

  it('labels a review with its source and date, and shows the owner’s reply beside it', () => {
    const verified = textOf(renderToStaticMarkup(<ReviewCard review={REVIEWS.reviews[0]!} />));
    expect(verified).toContain('Rated 2 out of 5 The stairs Five floors.');
    expect(verified).toContain('Bo B. · Verified stay · Friday 20 November 2026');
    expect(verified).toContain('The owners replied We carry bags up.');
    const airbnb = textOf(renderToStaticMarkup(<ReviewCard review={REVIEWS.reviews[1]!} />));
    expect(airbnb).toContain('Carla · Written on Airbnb · Thursday 14 August 2025');
  });

  it('counts the withheld reviews with their reason', () => {
    expect(textOf(renderToStaticMarkup(<WithheldNote reviews={REVIEWS} />))).toMatch(
      /^1 review was withheld \(1 offensive\)\./,
    );
    expect(renderToStaticMarkup(<WithheldNote reviews={{ ...REVIEWS, withheld: [] }} />)).toBe('');
  });
});
