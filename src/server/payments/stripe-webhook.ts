import type { FastifyPluginAsync } from 'fastify';
import type Stripe from 'stripe';
import type { AppContext } from '../context.ts';
import { badRequest, notFound } from '../errors.ts';
import { createPaymentService } from './payment-service.ts';
import { loadStripe } from './stripe-provider.ts';

const INTENT_EVENTS = new Set([
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
]);

/**
 * POST /api/stripe/webhook: Stripe's signature is checked on the raw body (https://docs.stripe.com/webhooks),
 * so this plugin reads JSON as bytes; its parser is scoped to this plugin and leaves every other route alone.
 * The event's copy of the intent is never trusted: the service retrieves the intent, so replayed and
 * out-of-order events act on the current state and are harmless. A business refusal still answers 200 (Stripe
 * need not retry it); only a failure of ours or of the provider answers 5xx, so Stripe delivers it again.
 */
export const stripeWebhookRoutes: FastifyPluginAsync<AppContext> = async (app, context) => {
  app.removeContentTypeParser(['application/json']);
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );
  const service = createPaymentService(context, app.log);

  app.post('/stripe/webhook', async (request) => {
    // The secret of the moment: one saved in the admin counts at once (decision 024).
    const current = await context.paymentSettings.refresh();
    const secret = current.mode === 'stripe' ? current.webhookSecret : undefined;
    if (!secret)
      throw notFound('Stripe webhooks are not configured on this site.', 'webhooks_not_configured');
    const signature = request.headers['stripe-signature'];
    if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) {
      throw badRequest('The request has no Stripe signature.', 'invalid_signature');
    }
    const { webhooks } = await loadStripe();
    let event: Stripe.Event;
    try {
      event = webhooks.constructEvent(request.body, signature, secret);
    } catch {
      throw badRequest('The Stripe signature of this request could not be verified.', 'invalid_signature');
    }
    if (!INTENT_EVENTS.has(event.type)) return { received: true, result: 'ignored' };
    const intent = event.data.object as { id?: unknown };
    if (typeof intent.id !== 'string') return { received: true, result: 'ignored' };
    const result = await service.handleIntentEvent(intent.id);
    request.log.info({ eventId: event.id, type: event.type, result }, 'stripe webhook handled');
    return { received: true, result };
  });
};
