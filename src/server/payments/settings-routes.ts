import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SaveStripeSettingsSchema, StripeSettingsSchema } from '../../domain/api/payments.ts';
import { actor, audit } from '../audit/audit.ts';
import type { AppContext } from '../context.ts';
import { badRequest, conflict, HttpError } from '../errors.ts';
import { checkStripeAccount } from './stripe-provider.ts';

const keyMode = (key: string) => (key.includes('_live_') ? 'live' : 'test');

/**
 * The Payments tab's Stripe keys (admin scope, decision 024): checked with Stripe's account endpoint before they
 * are stored, the secrets sealed, never sent back (their last four characters only). The next hold uses them.
 */
export const stripeSettingsRoutes: FastifyPluginAsyncZod<AppContext> = async (
  app,
  { db, config, paymentSettings },
) => {
  app.get(
    '/admin/settings/stripe',
    { schema: { response: { 200: StripeSettingsSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return paymentSettings.view();
    },
  );

  app.put(
    '/admin/settings/stripe',
    { schema: { body: SaveStripeSettingsSchema, response: { 200: StripeSettingsSchema } } },
    async (request, reply) => {
      const fromEnvironment = (await paymentSettings.view()).fromEnvironment;
      if (fromEnvironment.includes('payments') || fromEnvironment.includes('secretKey')) {
        throw conflict(
          fromEnvironment.includes('payments')
            ? 'The server’s environment sets PAYMENTS=demo, which wins over keys entered here: remove it from the server’s settings to take card payments.'
            : 'The server’s environment sets the Stripe keys (STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY), which win over keys entered here.',
          'set_by_environment',
        );
      }
      const keys = await paymentSettings.candidate(request.body);
      if (!keys)
        throw badRequest(
          'Enter the secret key from Stripe’s dashboard (Developers, API keys).',
          'secret_key_required',
        );
      if (keyMode(keys.secretKey) !== keyMode(keys.publishableKey)) {
        throw badRequest(
          'The publishable key and the secret key are of different modes: use both test keys or both live keys.',
          'keys_mismatch',
        );
      }
      // Ask Stripe first, outside any transaction: nothing is stored unless Stripe accepts the key.
      const check = await checkStripeAccount({ ...keys, apiBase: config.stripeEnvironment.apiBase });
      if (!check.ok) {
        request.log.warn({ reason: check.reason }, 'Stripe refused the keys entered in the admin');
        throw new HttpError(check.reason === 'refused' ? 400 : 502, 'stripe_keys_refused', check.message);
      }
      try {
        await db.transaction(async (tx) => {
          await paymentSettings.save(tx, request.body);
          await audit(tx, {
            actor: actor(request),
            action: 'payments.stripe_keys_set',
            details: {
              account: check.accountId,
              mode: keyMode(keys.secretKey),
              secretKeyChanged: Boolean(request.body.secretKey),
              webhookSecretChanged: Boolean(request.body.webhookSecret),
            },
          });
        });
      } finally {
        // The keys kept in memory are read again after the commit (docs/decisions/019-caches-kept-by-their-writer.md).
        paymentSettings.forget();
      }
      reply.header('cache-control', 'no-store');
      return paymentSettings.view();
    },
  );
};
