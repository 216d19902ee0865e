import { describe, expect, it } from 'vitest';
import {
  defaultReviewerName,
  type PublicReview,
  publicReviews,
  whyNotReviewable,
  withheldSentence,
} from './reviews.ts';

const review = (id: string, source: PublicReview['source'], rating: number, date: string): PublicReview => ({
  id,
  source,
  rating,
  title: id,
  text: 'Words.',
  name: 'Ada L.',
  date,
  reply: null,
});

describe('defaultReviewerName', () => {
  it.each([
    ['Ada Lovelace', 'Ada L.'],
    ['  Mary  ann  smith ', 'Mary S.'],
    ['Cher', 'Cher'],
    ['   ', 'A guest'],
  ])('shows the first name and the initial of the last: %j as %j', (name, shown) => {
    expect(defaultReviewerName(name)).toBe(shown);
  });
});

describe('whyNotReviewable', () => {
  const ended = { status: 'confirmed', checkOut: '2026-11-21' };
  it('takes an ended, confirmed stay from its check-out day, once', () => {
    expect(whyNotReviewable(ended, '2026-11-21', false)).toBeNull();
    expect(whyNotReviewable(ended, '2026-11-20', false)).toMatch(/once it has ended/);
    expect(whyNotReviewable(ended, '2026-11-22', true)).toMatch(/already reviewed/);
    expect(whyNotReviewable({ ...ended, status: 'canceled' }, '2026-11-22', false)).toMatch(/cancelled/);
    expect(whyNotReviewable({ ...ended, status: 'pending' }, '2026-11-22', false)).toMatch(/confirmed/);
  });
});

describe('publicReviews', () => {
  it('averages and counts verified reviews only, newest first, and counts the withheld by reason', () => {
    const summary = publicReviews(
      [
        review('old', 'verified', 5, '2026-01-02'),
        review('airbnb', 'airbnb', 1, '2026-06-01'),
        review('new', 'verified', 2, '2026-11-20'),
      ],
      ['spam', 'offensive', 'spam'],
    );
    expect(summary.verified).toEqual({ count: 2, average: 3.5 });
    expect(summary.reviews.map((r) => r.id)).toEqual(['new', 'airbnb', 'old']);
    expect(summary.withheld).toEqual([
      { reason: 'offensive', count: 1 },
      { reason: 'spam', count: 2 },
    ]);
    expect(withheldSentence(summary.withheld)).toBe(
      '3 reviews were withheld (1 offensive, 2 spam). We withhold a review only when it is offensive, gives personal data, is not about the stay, or is spam.',
    );
  });

  it('has no average and no withheld sentence with none', () => {
    const summary = publicReviews([review('a', 'booking', 4, '2026-01-01')], []);
    expect(summary.verified).toEqual({ count: 0, average: null });
    expect(withheldSentence(summary.withheld)).toBeNull();
  });
});
