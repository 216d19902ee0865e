import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { RecordIdParamsSchema as BookingIdParams } from '../../domain/api/params.ts';
import {
  BookingPageIntentRequestSchema,
  CheckoutIntentRequestSchema,
  ClientConfigSchema,
  CreateBookingRequestSchema,
  CreatePaymentIntentRequestSchema,
  CreatePaymentIntentResponseSchema,
  DemoAuthenticateRequestSchema,
  DemoConfirmRequestSchema,
  DemoIntentStatusSchema,
  PaymentSuccessRequestSchema,
  PublicBookingSchema,
} from '../../domain/api/payments.ts';
import { PROPERTY_ID } from '../../domain/property.ts';
import { readArrivalSettings } from '../arrival/settings.ts';
import { unknownProperty } from '../bookings/requirements.ts';
import { refuseFollowUps } from '../checkout-follow-ups/follow-ups.ts';
import type { AppContext } from '../context.ts';
import { badRequest, HttpError, paymentRequired, tooManyRequests } from '../errors.ts';
import { DemoPaymentError, type DemoPaymentProvider } from './demo-provider.ts';
import { createPaymentService, type HoldResult, toPublicBooking } from './payment-service.ts';
import { paymentsOff } from './payment-settings.ts';
import type { ProviderPaymentIntent } from './provider.ts';

/** A body schema checked by hand (the route takes two shapes), with the same readable 400 as the others. */
function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const message = parsed.error.issues
    .map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
  throw badRequest(message);
}

function holdResponse({ stay, intent }: HoldResult) {
  return {
    client_secret: intent.clientSecret,
    clientSecret: intent.clientSecret,
    paymentIntentId: intent.id,
    bookingId: stay.id,
    amount: intent.amount,
    currency: 'gbp' as const,
    holdToken: stay.holdToken,
    holdExpiresAt: stay.holdExpiresAt ? stay.holdExpiresAt.toISOString() : null,
    // Only while the stay awaits its first payment: whoever places that hold is the guest paying for it.
    manageKey: stay.status === 'pending' ? stay.manageKey : null,
  };
}

function demoStatus(intent: ProviderPaymentIntent) {
  return {
    id: intent.id,
    status: intent.status,
    error: intent.status === 'requires_payment_method' ? intent.lastError : null,
    nextAction: intent.status === 'requires_action' ? ('authenticate' as const) : null,
  };
}

/**
 * The guest's side of paying (spec section 7): the run-time payment mode, holding the nights with a payment
 * intent, confirming a paid booking (booking page and checkout page), and the public booking look-up.
 */
export type PaymentRoutesOptions = AppContext & {
  /**
   * Runs before nights are held: pulls channel feeds whose last sync is older than 15 minutes (bounded to a few
   * seconds), so a night sold on Airbnb an hour ago is not sold again here.
   */
  beforeHold?: () => Promise<unknown>;
};

export const paymentRoutes: FastifyPluginAsyncZod<PaymentRoutesOptions> = async (app, context) => {
  const service = createPaymentService(context, app.log);
  const { config, payments } = context;

  app.get('/config', { schema: { response: { 200: ClientConfigSchema } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    // Read again on every call: keys saved in the admin reach the next guest without a restart (decision 024).
    const [current, arrival] = await Promise.all([
      context.paymentSettings.refresh(),
      readArrivalSettings(context.db),
    ]);
    // The booking card says before payment what will be held (docs/decisions/031-damage-deposit-hold.md).
    const damageHold =
      arrival.damageHoldPence > 0
        ? { amountPence: arrival.damageHoldPence, releaseDays: arrival.releaseDays }
        : null;
    return current.mode === 'stripe'
      ? { payments: 'stripe' as const, stripePublishableKey: current.publishableKey, damageHold }
      : { payments: current.mode, damageHold };
  });

  app.post(
    '/create-payment-intent',
    {
      // Every call may hold nights for HOLD_MINUTES: bound how many one address can start, so a script cannot
      // keep the whole calendar held (the counter is per process, in memory, like the login throttle).
      config: {
        rateLimit: {
          max: config.holdLimitPerHour,
          timeWindow: '1 hour',
          errorResponseBuilder: (_request, limit) => {
            const minutes = Math.max(1, Math.ceil(limit.ttl / 60_000));
            return tooManyRequests(
              `Too many booking attempts from your connection. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}, or e-mail us and we will book for you.`,
              Math.ceil(limit.ttl / 1000),
            );
          },
        },
      },
      schema: {
        body: CreatePaymentIntentRequestSchema,
        response: { 200: CreatePaymentIntentResponseSchema },
      },
    },
    async (request) => {
      const body = request.body;
      // No night is held for a payment that could not be taken.
      if ((await context.paymentSettings.refresh()).mode === 'off') throw paymentsOff();
      await context.beforeHold?.();
      if (body.booking !== undefined) {
        const guest = parseBody(BookingPageIntentRequestSchema, body);
        if (guest.noFollowUp === true) {
          await refuseFollowUps(
            context.db,
            context.secretBox,
            guest.booking.contactEmail,
            context.clock.now(),
          );
        }
        return holdResponse(await service.holdForGuest(guest, request.ip));
      }
      const checkout = parseBody(CheckoutIntentRequestSchema, body);
      return holdResponse(
        await service.holdForBooking(checkout.bookingId, checkout.amount, checkout.saveCardConsent),
      );
    },
  );

  app.post(
    '/bookings',
    {
      schema: {
        body: CreateBookingRequestSchema,
        response: { 200: PublicBookingSchema, 201: PublicBookingSchema },
      },
    },
    async (request, reply) => {
      const body = request.body;
      if (!body.paymentIntentId) {
        // Saying `status: "confirmed"` never makes a booking: only a verified payment does (spec README, 2).
        throw paymentRequired(
          'A booking is made only with a successful payment. Please pay for your stay to book it.',
          'payment_required',
        );
      }
      if (body.propertyId !== PROPERTY_ID) {
        throw unknownProperty(body.propertyId);
      }
      const { stay, created } = await service.confirmPayment(body.paymentIntentId, {
        dates: { checkIn: body.checkInDate, checkOut: body.checkOutDate },
      });
      return reply.status(created ? 201 : 200).send(toPublicBooking(stay));
    },
  );

  app.get(
    '/bookings/:id',
    { schema: { params: BookingIdParams, response: { 200: PublicBookingSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.getPublicBooking(request.params.id);
    },
  );

  app.post(
    '/payment-success',
    { schema: { body: PaymentSuccessRequestSchema, response: { 200: PublicBookingSchema } } },
    async (request) => {
      const { paymentIntentId, bookingId } = request.body;
      const { stay } = await service.confirmPayment(paymentIntentId, { bookingId });
      return toPublicBooking(stay);
    },
  );

  // Demo payments: the browser's stand-in for Stripe.js. The booking logic still learns the outcome only by
  // retrieving the intent from the provider, exactly as with Stripe.
  if (payments.mode === 'demo') {
    const demo = payments as DemoPaymentProvider;
    /**
     * A step of the stand-in on a booking's intent: what its body carries, and the stand-in's call with it. It
     * answers the intent's status, or the stand-in's refusal as the card's bank would say it.
     */
    const demoStep = <Body extends z.ZodType>(
      step: string,
      body: Body,
      call: (id: string, body: z.output<Body>) => Promise<ProviderPaymentIntent>,
    ) =>
      app.post(
        `/demo-payments/:id/${step}`,
        { schema: { params: BookingIdParams, body, response: { 200: DemoIntentStatusSchema } } },
        async (request) => {
          try {
            // The body schema has checked it: `body` is what it answers (as in settings/setting-routes.ts).
            return demoStatus(await call(request.params.id, request.body as z.output<Body>));
          } catch (error) {
            if (error instanceof DemoPaymentError)
              throw new HttpError(error.statusCode, error.code, error.message);
            throw error;
          }
        },
      );
    demoStep('confirm', DemoConfirmRequestSchema, (id, body) =>
      demo.confirmWithCard(id, body.clientSecret, body.card),
    );
    demoStep('authenticate', DemoAuthenticateRequestSchema, (id, body) =>
      demo.authenticate(id, body.clientSecret, body.outcome),
    );
  }
};
