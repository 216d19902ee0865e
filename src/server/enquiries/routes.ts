import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AcceptQuoteResponseSchema,
  AdminEnquiriesSchema,
  AdminQuoteSchema,
  EnquiryFormTokenSchema,
  EnquiryReceivedSchema,
  EnquiryRequestSchema,
  PublicQuoteSchema,
  QuoteFormSchema,
  QuoteKeyQuerySchema,
} from '../../domain/api/enquiries.ts';
import { RecordIdParamsSchema as IdParams } from '../../domain/api/params.ts';
import { actor } from '../audit/audit.ts';

/**
 * The visitor's side (docs/decisions/028-enquiries-and-quotes.md): the enquiry form's token and the enquiry itself,
 * and the guest's quote page (read it, accept it). Every answer about a quote is for whoever holds its link.
 */
export const enquiryPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.enquiries;

  app.get(
    '/enquiries/form',
    { schema: { response: { 200: EnquiryFormTokenSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { formToken: await service.formToken() };
    },
  );

  app.post(
    '/enquiries',
    { schema: { body: EnquiryRequestSchema, response: { 201: EnquiryReceivedSchema } } },
    async (request, reply) => reply.status(201).send(await service.submit(request.body, request.ip)),
  );

  app.get(
    '/quotes/:id',
    { schema: { params: IdParams, querystring: QuoteKeyQuerySchema, response: { 200: PublicQuoteSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      reply.header('x-robots-tag', 'noindex');
      return service.publicQuote(request.params.id, request.query.key);
    },
  );

  app.post(
    '/quotes/:id/accept',
    {
      schema: {
        params: IdParams,
        querystring: QuoteKeyQuerySchema,
        response: { 200: AcceptQuoteResponseSchema },
      },
    },
    async (request) => service.accept(request.params.id, request.query.key),
  );
};

/** The owner's side: the Enquiries list with its threads and quotes; decline; send and withdraw a quote. */
export const enquiryAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.enquiries;

  app.get('/admin/enquiries', { schema: { response: { 200: AdminEnquiriesSchema } } }, async () =>
    service.list(),
  );

  app.post(
    '/admin/enquiries/:id/decline',
    { schema: { params: IdParams, response: { 200: z.object({ ok: z.literal(true) }) } } },
    async (request) => {
      await service.decline(request.params.id, actor(request));
      return { ok: true as const };
    },
  );

  app.post(
    '/admin/quotes',
    { schema: { body: QuoteFormSchema, response: { 201: AdminQuoteSchema } } },
    async (request, reply) => reply.status(201).send(await service.createQuote(request.body, actor(request))),
  );

  app.post(
    '/admin/quotes/:id/withdraw',
    { schema: { params: IdParams, response: { 200: AdminQuoteSchema } } },
    async (request) => service.withdraw(request.params.id, actor(request)),
  );
};
