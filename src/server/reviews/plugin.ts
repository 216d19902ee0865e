import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../context.ts';
import { registerAdminApi, registerApi } from '../plugins/api.ts';
import { guestReviewRoutes, reviewsAdminRoutes } from './routes.ts';
import { createReviews, type ReviewsService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Reviews: the `review-publication` job publishes the due ones (plugins/jobs.ts). */
    reviews: ReviewsService;
  }
}

/** Reviews guests can trust (docs/decisions/029-reviews.md): the guest's review, the owner's side, publication. */
export const reviewsPlugin = fp(
  async (app: FastifyInstance, context: AppContext) => {
    const reviews = createReviews({
      ...context,
      // What the public pages show changed: they are rendered again (decision 012).
      published: () => context.siteContent.changed(),
    });
    app.decorate('reviews', reviews);
    await registerApi(app, guestReviewRoutes, { reviews });
    await registerAdminApi(app, reviewsAdminRoutes, { reviews });
  },
  { name: 'reviews', fastify: '5.x' },
);
