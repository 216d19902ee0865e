import { useQuery } from '@tanstack/react-query';
import type { AdminReview, ImportedReviewInput } from '../../../../domain/api/reviews.ts';
import type { WithholdReason } from '../../../../domain/reviews.ts';
import { apiRequest, readQuery } from '../../../lib/api.ts';
import { useChange } from '../../../lib/mutation.ts';
import { auditQuery } from '../shared/queries.ts';

/* The Reviews tab's list, keyed ['admin', 'reviews'] (the scheme in lib/api.ts). */

export const reviewsQuery = () => readQuery<AdminReview[]>(['admin', 'reviews'], '/api/admin/reviews');

export const useReviews = () => useQuery(reviewsQuery());

const STALE_AFTER_CHANGE = [reviewsQuery().queryKey, auditQuery().queryKey];

export const useReplyToReview = () =>
  useChange({
    mutationFn: ({ id, reply }: { id: string; reply: string }) =>
      apiRequest<AdminReview>('PUT', `/api/admin/reviews/${encodeURIComponent(id)}/reply`, { reply }),
    stale: STALE_AFTER_CHANGE,
  });

export const useWithholdReview = () =>
  useChange({
    mutationFn: ({ id, reason }: { id: string; reason: WithholdReason }) =>
      apiRequest<AdminReview>('POST', `/api/admin/reviews/${encodeURIComponent(id)}/withhold`, { reason }),
    stale: STALE_AFTER_CHANGE,
  });

export const useAddImportedReview = () =>
  useChange({
    mutationFn: (review: ImportedReviewInput) =>
      apiRequest<AdminReview>('POST', '/api/admin/reviews/imported', review),
    stale: STALE_AFTER_CHANGE,
  });
