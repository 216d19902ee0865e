import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DamageHoldAuthoriseSchema,
  DamageHoldClaimSchema,
  DamageHoldViewSchema,
} from '../../domain/api/damage-holds.ts';
import { ManageKeyQuerySchema, ManageParamsSchema } from '../../domain/api/guest-journey.ts';
import { textField } from '../../domain/input-fields.ts';
import { actor } from '../audit/audit.ts';
import { manageRateLimit as rateLimit } from '../guest-journey/routes.ts';
import type { DamageHolds } from './service.ts';

/** `POST /api/manage/:reference/damage-hold/authorise?key=…`: the guest's link to authorise the deposit. */
export const damageHoldGuestRoutes: FastifyPluginAsyncZod<{ damageHolds: DamageHolds }> = async (
  app,
  { damageHolds },
) => {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex, nofollow');
  });
  app.post(
    '/manage/:reference/damage-hold/authorise',
    {
      config: { rateLimit },
      schema: {
        params: ManageParamsSchema,
        querystring: ManageKeyQuerySchema,
        response: { 200: DamageHoldAuthoriseSchema },
      },
    },
    async (request) => damageHolds.authorise(request.params.reference, request.query.key),
  );
};

/** `POST /api/admin/bookings/:reference/damage-hold/claim`: the owner keeps part of the deposit, with a reason. */
export const damageHoldAdminRoutes: FastifyPluginAsyncZod<{ damageHolds: DamageHolds }> = async (
  app,
  { damageHolds },
) => {
  app.post(
    '/admin/bookings/:reference/damage-hold/claim',
    {
      schema: {
        params: z.object({ reference: textField().min(1).max(100) }),
        body: DamageHoldClaimSchema,
        response: { 200: DamageHoldViewSchema },
      },
    },
    async (request) => damageHolds.claim(request.params.reference, request.body, actor(request)),
  );
};
