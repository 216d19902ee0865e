import type { FastifyBaseLogger } from 'fastify';
import type { BookingsRepository, LapsedHold } from '../bookings/bookings-repository.ts';
import { PAYMENT_CHECK_MAX_MS, type PropertyNights } from '../bookings/nights-rule.ts';
import type { Clock } from '../clock.ts';
import { HttpError } from '../errors.ts';
import type { PaymentProvider, ProviderPaymentIntent } from './provider.ts';

/**
 * Before a hold with a payment intent is expired, the payment provider is asked about its payment: a guest whose
 * tab died after the card succeeded but before the page reported back must get the booking they paid for, not a
 * lapsed hold whose nights are sold again ("money without a booking", docs/decisions/003). Run by the
 * hold sweeper and, for the nights they take, by every path that places a hold or a block, before it opens its
 * transaction: the provider is called outside any transaction (docs/architecture.md), and the expiry inside a
 * transaction leaves such holds alone until PAYMENT_CHECK_MAX_MS (see `expirableAt`).
 *
 * - succeeded → confirmed through the payment service's `confirmPayment` (confirmation e-mail in its
 *   transaction; if the nights were taken meanwhile, refunded in full and flagged for the owner);
 * - processing, or the provider unreachable → kept (pending, its nights refused to others) until
 *   PAYMENT_CHECK_MAX_MS after its lapse, then expired;
 * - requires_action / requires_confirmation (the guest is in their bank's authentication step) → kept until
 *   AUTHENTICATION_GRACE_MS after its lapse, then expired;
 * - anything else (requires_payment_method, canceled, unknown to the provider) → expired.
 */

/** Lapsed holds asked about per run, one provider call at a time: the sweeper runs every minute. */
export const RECONCILE_BATCH_SIZE = 20;

/** How long after its lapse a hold is kept while its guest completes a card's authentication step. */
export const AUTHENTICATION_GRACE_MS = 5 * 60_000;

export type ReconcileResult = {
  /** Paid: now confirmed bookings. */
  confirmed: string[];
  /** Paid, but the booking could not be made (nights taken, cancelled): refunded and flagged. */
  refunded: string[];
  /** Not paid: expired, their nights free. */
  expired: string[];
  /** Payment still in progress, or the provider could not be asked: still pending. */
  kept: string[];
};

export type ReconcileOptions = {
  /** Only lapsed holds touching these nights (a hold or block about to take them). */
  nights?: PropertyNights;
  /** Only lapsed holds touching the nights of this stay (the checkout page re-taking a booking). */
  stayId?: string;
};

type Decision = 'confirmed' | 'refunded' | 'expire' | 'keep';

export function createHoldReconciler(deps: {
  bookings: BookingsRepository;
  clock: Clock;
  payments: Pick<PaymentProvider, 'retrievePaymentIntent'>;
  log: FastifyBaseLogger;
  /** The payment service's confirmation (idempotent; throws an HttpError when it refuses or refunds). */
  confirmPayment(paymentIntentId: string, expected: { bookingId: string }): Promise<unknown>;
}) {
  const { clock, payments, log, bookings } = deps;

  async function nightsOfStay(stayId: string): Promise<PropertyNights | null> {
    return bookings.findStay({ id: stayId });
  }

  async function decide(hold: LapsedHold, now: Date): Promise<Decision> {
    const lapsedForMs = now.getTime() - hold.holdExpiresAt.getTime();
    const pastMaximum = lapsedForMs >= PAYMENT_CHECK_MAX_MS;
    const context = { stayId: hold.id, paymentIntentId: hold.paymentIntentId };
    let intent: ProviderPaymentIntent | null;
    try {
      intent = await payments.retrievePaymentIntent(hold.paymentIntentId);
    } catch (error) {
      log.error(
        { err: error, ...context, pastMaximum },
        pastMaximum
          ? 'payment provider unreachable while checking a lapsed hold; past the maximum, it expires'
          : 'payment provider unreachable while checking a lapsed hold; it is kept',
      );
      return pastMaximum ? 'expire' : 'keep';
    }
    switch (intent?.status) {
      case 'succeeded':
        try {
          await deps.confirmPayment(intent.id, { bookingId: hold.id });
          log.info(context, 'lapsed hold was paid: booking confirmed');
          return 'confirmed';
        } catch (error) {
          if (error instanceof HttpError && error.code === 'payment_refunded') return 'refunded';
          if (error instanceof HttpError && error.statusCode < 500) {
            // The payment is not one for this booking (amount, currency, booking): the hold is not paid.
            log.warn({ ...context, reason: error.code }, 'lapsed hold has a payment that cannot confirm it');
            return 'expire';
          }
          log.error({ err: error, ...context }, 'confirming a paid lapsed hold failed');
          return pastMaximum ? 'expire' : 'keep';
        }
      case 'processing':
        return pastMaximum ? 'expire' : 'keep';
      case 'requires_action':
      case 'requires_confirmation':
        return lapsedForMs < AUTHENTICATION_GRACE_MS ? 'keep' : 'expire';
      default:
        return 'expire';
    }
  }

  /**
   * Asks the provider about lapsed holds that have a payment intent (at most RECONCILE_BATCH_SIZE, one call at a
   * time) and confirms, keeps or expires each. Never throws for the provider: an outage keeps the holds.
   */
  async function reconcileLapsedHolds(options: ReconcileOptions = {}): Promise<ReconcileResult> {
    const result: ReconcileResult = { confirmed: [], refunded: [], expired: [], kept: [] };
    const now = clock.now();
    let nights = options.nights;
    if (options.stayId !== undefined) {
      const ofStay = await nightsOfStay(options.stayId);
      if (!ofStay) return result;
      nights = ofStay;
    }
    for (const hold of await bookings.lapsedHoldsWithIntent({ now, nights, limit: RECONCILE_BATCH_SIZE })) {
      const decision = await decide(hold, now);
      if (decision === 'confirmed') result.confirmed.push(hold.id);
      else if (decision === 'refunded') result.refunded.push(hold.id);
      else if (decision === 'keep') result.kept.push(hold.id);
      else if (await bookings.expireLapsedHold({ hold, now })) result.expired.push(hold.id);
    }
    return result;
  }

  return { reconcileLapsedHolds };
}
