import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ManageKeyQuerySchema, ManageParamsSchema } from '../../domain/api/guest-journey.ts';
import { RecordIdParamsSchema as IdParams } from '../../domain/api/params.ts';
import {
  AdminReviewListSchema,
  AdminReviewSchema,
  GuestReviewSchema,
  GuestReviewViewSchema,
  ImportedReviewSchema,
  ReplySchema,
  WithholdSchema,
} from '../../domain/api/reviews.ts';
import { actor } from '../audit/audit.ts';
import { manageRateLimit, privateAnswer } from '../guest-journey/routes.ts';
import type { ReviewsService } from './service.ts';

/**
 * `/api/manage/:reference/review?key=…`: the guest's review of their stay, from their booking page (keyed by its
 * link, private and rate-limited like the rest of that page).
 */
export const guestReviewRoutes: FastifyPluginAsyncZod<{ reviews: ReviewsService }> = async (
  app,
  { reviews },
) => {
  app.addHook('onRequest', async (_request, reply) => privateAnswer(reply));
  const config = { rateLimit: manageRateLimit };
  const keyed = { params: ManageParamsSchema, querystring: ManageKeyQuerySchema };

  app.get(
    '/manage/:reference/review',
    { config, schema: { ...keyed, response: { 200: GuestReviewViewSchema } } },
    async (request) => reviews.guestView(request.params.reference, request.query.key),
  );

  app.post(
    '/manage/:reference/review',
    { config, schema: { ...keyed, body: GuestReviewSchema, response: { 201: GuestReviewViewSchema } } },
    async (request, reply) => {
      const view = await reviews.write(request.params.reference, request.query.key, request.body);
      return reply.status(201).send(view);
    },
  );

  app.put(
    '/manage/:reference/review',
    { config, schema: { ...keyed, body: GuestReviewSchema, response: { 200: GuestReviewViewSchema } } },
    async (request) => reviews.change(request.params.reference, request.query.key, request.body),
  );
};

/** The owner's side (inside the admin scope): every review, replies, withholding, reviews from elsewhere. */
export const reviewsAdminRoutes: FastifyPluginAsyncZod<{ reviews: ReviewsService }> = async (
  app,
  { reviews },
) => {
  app.get('/admin/reviews', { schema: { response: { 200: AdminReviewListSchema } } }, async () =>
    reviews.list(),
  );

  app.put(
    '/admin/reviews/:id/reply',
    { schema: { params: IdParams, body: ReplySchema, response: { 200: AdminReviewSchema } } },
    async (request) => reviews.reply(request.params.id, request.body.reply, actor(request)),
  );

  app.post(
    '/admin/reviews/:id/withhold',
    { schema: { params: IdParams, body: WithholdSchema, response: { 200: AdminReviewSchema } } },
    async (request) => reviews.withhold(request.params.id, request.body.reason, actor(request)),
  );

  app.post(
    '/admin/reviews/imported',
    { schema: { body: ImportedReviewSchema, response: { 201: AdminReviewSchema } } },
    async (request, reply) => reply.status(201).send(await reviews.addImported(request.body, actor(request))),
  );
};
