import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { BookingPageIntentRequestSchema, PublicBooking } from '../../domain/api/payments.ts';
import { isLive } from '../../domain/booking-lifecycle.ts';
import { isBookingId } from '../../domain/booking-reference.ts';
import { formatGbp } from '../../domain/format.ts';
import { balanceOutstanding } from '../../domain/payment-schedule.ts';
import { poundsToPence } from '../../domain/pricing.ts';
import { PROPERTY_ID } from '../../domain/property.ts';
import { readArrivalSettings } from '../arrival/settings.ts';
import type { StayRow } from '../bookings/bookings-repository.ts';
import {
  bookingNotFound,
  chargedAtBookingPence,
  createGuestHolds,
  holdClientKey,
} from '../bookings/guest-hold.ts';
import type { AppContext } from '../context.ts';
import { PG_EXCLUSION_VIOLATION, pgErrorCode } from '../db/database.ts';
import { issueReceipt } from '../documents/issue.ts';
import { badGateway, conflict, HttpError, notFound, paymentRequired } from '../errors.ts';
import { createBalanceService } from '../payment-schedule/balance-service.ts';
import type { PaymentIntentStatus, ProviderPaymentIntent } from './provider.ts';
import { createHoldReconciler } from './reconcile-holds.ts';

/**
 * Paying for a hold, and confirming it only once the payment provider says the payment for exactly that booking
 * and amount succeeded (spec README, "Booking states" and points 1–3). The hold itself is the bookings module's
 * (bookings/guest-hold.ts); this module makes its payment intent, confirms or refunds what was paid, and answers
 * the provider's events. The browser's calls and the provider's webhook all arrive here; every step is
 * idempotent. No database transaction is ever open while the provider is called (docs/architecture.md): hold,
 * commit, call the provider, record in a new transaction.
 */

export const NIGHTS_TAKEN_REFUNDED_MESSAGE =
  'Your payment went through after the hold on these dates had lapsed, and the nights have since been booked by someone else, so no booking was made. We have refunded your payment in full; refunds take 5–10 working days to reach your account. Please choose different dates.';
export const PAID_AFTER_CANCELLATION_MESSAGE =
  'This booking had been cancelled before your payment went through, so we have refunded your payment in full; refunds take 5–10 working days to reach your account.';
export const DUPLICATE_PAYMENT_MESSAGE =
  'This booking was already paid, so this second payment has been refunded in full; refunds take 5–10 working days to reach your account.';

/** Statuses in which the same payment intent can still be paid, so a retry reuses it. */
const PAYABLE: ReadonlySet<PaymentIntentStatus> = new Set([
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
]);

type BookingPageIntentRequest = z.output<typeof BookingPageIntentRequestSchema>;

export type HoldResult = { stay: StayRow; intent: ProviderPaymentIntent };
export type ConfirmResult = { stay: StayRow; created: boolean };

/** What the public checkout page may see of a booking, and nothing more. */
export function toPublicBooking(stay: StayRow): PublicBooking {
  return {
    id: stay.id,
    checkInDate: stay.checkIn,
    checkOutDate: stay.checkOut,
    guestCount: stay.guestCount,
    contactName: stay.contactName,
    totalPrice: stay.totalPence / 100,
    status: stay.status,
    holdExpiresAt: stay.holdExpiresAt ? stay.holdExpiresAt.toISOString() : null,
    scheduleKind: stay.scheduleKind,
    depositPrice: stay.scheduleKind === 'deposit' ? stay.depositPence / 100 : null,
    balancePrice: stay.scheduleKind === 'deposit' ? stay.balancePence / 100 : null,
    balanceDueOn: stay.balanceDueOn,
    paidPrice: stay.paidPence / 100,
    balanceOutstanding: balanceOutstanding(stay),
  };
}

function notSucceededMessage(intent: ProviderPaymentIntent): string {
  switch (intent.status) {
    case 'requires_action':
      return 'The payment is waiting for your card’s authentication step. Please complete it and try again.';
    case 'processing':
      return 'Your payment is still processing. Your booking will be confirmed as soon as it completes.';
    case 'canceled':
      return 'This payment was cancelled. Please start again.';
    default:
      return intent.lastError ?? 'The payment has not been completed. Please try again.';
  }
}

type Outcome =
  | { kind: 'confirmed'; stay: StayRow; created: boolean }
  | { kind: 'refund'; stay: StayRow; message: string; amountPence: number; idempotencyKey: string }
  | { kind: 'error'; error: HttpError };

export function createPaymentService(context: AppContext, log: FastifyBaseLogger) {
  const { db, clock, payments, notifications, bookings } = context;
  const holds = createGuestHolds(context);
  const reconciler = createHoldReconciler({ bookings, clock, payments, log, confirmPayment });
  const balances = createBalanceService({ db, bookings, clock, payments, notifications, log });

  /** A provider call; an outage becomes a 502 with a sentence for the guest, never a 500. */
  async function provider<T>(what: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof HttpError) throw error;
      log.error({ err: error }, `payment provider failed: ${what}`);
      throw badGateway(
        'The payment service could not be reached. Please try again in a moment.',
        'payment_provider_unavailable',
      );
    }
  }

  /**
   * The hold's payment intent: the one it has while it can still be paid, else a new one. `cardConsent`: the guest
   * agreed to the card being saved (the hold checked it is given on a deposit plan or with a damage deposit set).
   */
  async function ensureIntent(
    stay: StayRow,
    cardConsent: boolean | undefined,
    paymentMethodTypes?: string[],
  ): Promise<ProviderPaymentIntent> {
    const amountPence = chargedAtBookingPence(stay);
    const deposit = stay.scheduleKind === 'deposit';
    // The card is kept for the balance (decision 016) and for the damage deposit held before arrival (decision
    // 031), never without the guest's agreement to it, on either page.
    const saveCard = cardConsent === true && (deposit || (await readArrivalSettings(db)).damageHoldPence > 0);
    if (stay.paymentIntentId) {
      const existingId = stay.paymentIntentId;
      const existing = await provider('retrieve', () => payments.retrievePaymentIntent(existingId));
      const sameTerms = existing?.amount === amountPence && (!saveCard || existing.customerId !== null);
      if (existing && sameTerms && PAYABLE.has(existing.status)) return existing;
      if (existing?.status === 'succeeded' && sameTerms) {
        const confirmed = await confirmPayment(existing.id, { bookingId: stay.id });
        throw conflict('This booking is already paid and confirmed.', 'already_confirmed', {
          bookingId: confirmed.stay.id,
        });
      }
    }
    const types = paymentMethodTypes?.length ? paymentMethodTypes : undefined;
    // A saved card needs a customer per booking (its key makes a retry reuse it).
    const customerId = saveCard
      ? (stay.customerId ??
        (
          await provider('customer', () =>
            payments.createCustomer({
              email: stay.contactEmail,
              name: stay.contactName,
              idempotencyKey: `customer-${stay.id}`,
            }),
          )
        ).id)
      : undefined;
    const intent = await provider('create', () =>
      payments.createPaymentIntent({
        amountPence,
        currency: 'gbp',
        metadata: {
          bookingId: stay.id,
          checkIn: stay.checkIn,
          checkOut: stay.checkOut,
          instalment: deposit ? 'deposit' : 'full',
        },
        // One key per hold and attempt: a repeated request gets the same intent, never a second charge.
        idempotencyKey: `hold-${stay.id}-after-${stay.paymentIntentId ?? 'none'}-${amountPence}-${types?.join('+') ?? 'auto'}${deposit ? '-deposit' : ''}${saveCard && !deposit ? '-card' : ''}`,
        ...(types ? { paymentMethodTypes: types } : {}),
        ...(customerId ? { customerId, saveCard: true } : {}),
      }),
    );
    await bookings.recordPaymentIntent({ id: stay.id, paymentIntentId: intent.id, now: clock.now() });
    if (customerId && customerId !== stay.customerId) {
      await bookings.updateStay({ id: stay.id, set: { customerId } });
    }
    return intent;
  }

  /**
   * Holds that gave way to newer ones from the same address: their payment intents are cancelled so they can no
   * longer be paid; one that was paid meanwhile is confirmed if its nights are still free, else refunded.
   */
  async function releaseReplacedHolds(replaced: StayRow[]): Promise<void> {
    for (const stay of replaced) {
      const intentId = stay.paymentIntentId;
      if (!intentId) continue;
      try {
        await payments.cancelPaymentIntent(intentId);
      } catch {
        try {
          await confirmPayment(intentId, { bookingId: stay.id });
        } catch (error) {
          if (!(error instanceof HttpError)) log.error({ err: error, stayId: stay.id }, 'replaced hold');
        }
      }
    }
  }

  /**
   * The booking page: the bookings module holds the nights (guest-hold.ts), then the hold is given an intent.
   * `clientAddress` is the address the request came from (the per-client cap of holds).
   */
  async function holdForGuest(body: BookingPageIntentRequest, clientAddress?: string): Promise<HoldResult> {
    const { stay, replaced } = await holds.holdForGuest(
      body,
      clientAddress === undefined ? null : holdClientKey(clientAddress),
      (nights) => reconciler.reconcileLapsedHolds({ nights }),
    );
    await releaseReplacedHolds(replaced);
    const intent = await ensureIntent(stay, body.saveCardConsent, body.payment_method_types);
    return { stay, intent };
  }

  /**
   * The checkout page: an existing booking (often made by the owner) paid by its id; `saveCardConsent` as the
   * booking page's, asked on a deposit plan (docs/decisions/016-deposit-now-balance-later.md) or when a damage
   * deposit is set (docs/decisions/031-damage-deposit-hold.md).
   */
  async function holdForBooking(
    bookingId: string,
    amountPounds: number,
    saveCardConsent?: boolean,
  ): Promise<HoldResult> {
    if (!isBookingId(bookingId)) throw bookingNotFound();
    const current = await bookings.findStay({ id: bookingId });
    if (current?.kind === 'guest' && current.status === 'confirmed' && balanceOutstanding(current)) {
      return balanceIntent(current, amountPounds);
    }
    await reconciler.reconcileLapsedHolds({ stayId: bookingId });
    const stay = await holds.holdForPayment(bookingId, amountPounds, saveCardConsent);
    const intent = await ensureIntent(stay, saveCardConsent);
    return { stay, intent };
  }

  /**
   * The checkout page of a confirmed deposit booking whose balance is owed (the link of the e-mail): an intent for
   * the balance, not the total. The failed off-session intent is reused while it can still be paid (Stripe lets
   * the guest confirm it with a card on the page), else a new one is made.
   */
  async function balanceIntent(stay: StayRow, amountPounds: number): Promise<HoldResult> {
    if (stay.balanceStatus === 'processing') {
      throw conflict(
        'Your balance is being charged to your saved card right now. Please reload this page in a minute.',
        'balance_processing',
      );
    }
    if (poundsToPence(amountPounds) !== stay.balancePence) {
      throw conflict(
        `The balance due on this booking is ${formatGbp(stay.balancePence)}, not ${formatGbp(poundsToPence(amountPounds))}. Please reload the page and try again.`,
        'price_changed',
      );
    }
    if (stay.balancePaymentIntentId) {
      const existingId = stay.balancePaymentIntentId;
      const existing = await provider('retrieve', () => payments.retrievePaymentIntent(existingId));
      if (existing?.amount === stay.balancePence && PAYABLE.has(existing.status))
        return { stay, intent: existing };
      if (existing?.status === 'succeeded' && existing.metadata.bookingId === stay.id) {
        await balances.confirmBalancePayment(existing).catch(() => undefined);
        throw conflict('The balance of this booking is already paid.', 'already_confirmed');
      }
    }
    const intent = await provider('create', () =>
      payments.createPaymentIntent({
        amountPence: stay.balancePence,
        currency: 'gbp',
        metadata: { bookingId: stay.id, instalment: 'balance', attempt: `link-${stay.balanceAttempts}` },
        idempotencyKey: `balance-${stay.id}-link-after-${stay.balancePaymentIntentId ?? 'none'}`,
        ...(stay.customerId ? { customerId: stay.customerId } : {}),
      }),
    );
    const updated = await bookings.updateStay({
      id: stay.id,
      set: { balancePaymentIntentId: intent.id, updatedAt: clock.now() },
    });
    return { stay: updated, intent };
  }

  /**
   * Confirms the booking a payment intent was made for, once the provider says it succeeded for exactly that
   * booking and amount. Idempotent: repeats (the page, the checkout page, the webhook) return the same booking.
   * A payment that succeeded after its hold lapsed is confirmed if the nights are still free; otherwise it is
   * refunded in full, the stay is flagged for the owner and the guest is told (409).
   */
  async function confirmPayment(
    paymentIntentId: string,
    expected: { bookingId?: string; dates?: { checkIn: string; checkOut: string } } = {},
  ): Promise<ConfirmResult> {
    const intent = await provider('retrieve', () => payments.retrievePaymentIntent(paymentIntentId));
    if (!intent) throw notFound('We could not find that payment. Please try again.', 'payment_not_found');
    const bookingId = intent.metadata.bookingId;
    if (!bookingId || !isBookingId(bookingId)) {
      throw conflict('This payment is not for a booking on this site.', 'payment_mismatch');
    }
    if (expected.bookingId !== undefined && expected.bookingId !== bookingId) {
      throw conflict('This payment belongs to a different booking.', 'payment_mismatch');
    }
    if (intent.metadata.instalment === 'damage_hold') {
      // A damage deposit is never a booking's payment: src/server/damage-holds/ records it (decision 031).
      throw conflict('This payment is a damage deposit, not a booking’s payment.', 'payment_mismatch');
    }
    if (intent.status !== 'succeeded') throw paymentRequired(notSucceededMessage(intent));
    if (intent.metadata.instalment === 'balance') {
      const stay = await balances.confirmBalancePayment(intent);
      return { stay, created: false };
    }

    const now = clock.now();
    const outcome = await bookings.transaction(async (tx): Promise<Outcome> => {
      await bookings.lockNights({ propertyId: PROPERTY_ID }, tx); // first, before any row lock: one lock order for every path
      const stay = await bookings.findStay({ id: bookingId, forUpdate: true }, tx);
      if (stay?.kind !== 'guest') return { kind: 'error', error: bookingNotFound() };
      if (
        expected.dates &&
        (expected.dates.checkIn !== stay.checkIn || expected.dates.checkOut !== stay.checkOut)
      ) {
        return {
          kind: 'error',
          error: conflict('This payment was made for different dates.', 'payment_mismatch'),
        };
      }
      if (intent.currency !== 'gbp' || intent.amount !== chargedAtBookingPence(stay)) {
        return {
          kind: 'error',
          error: conflict(
            `This payment (${formatGbp(intent.amount)}) does not match the booking’s ${stay.scheduleKind === 'deposit' ? 'deposit' : 'total'} (${formatGbp(chargedAtBookingPence(stay))}), so the booking was not confirmed.`,
            'amount_mismatch',
          ),
        };
      }

      if (stay.status === 'confirmed') {
        if (stay.paymentIntentId === intent.id) return { kind: 'confirmed', stay, created: false };
        // Paid twice (another payment, or the owner confirmed it by hand): this second payment goes back.
        return {
          kind: 'refund',
          stay,
          message: DUPLICATE_PAYMENT_MESSAGE,
          amountPence: intent.amount - intent.amountRefunded,
          idempotencyKey: `refund-duplicate-${intent.id}`,
        };
      }

      if (stay.status === 'canceled') {
        if (stay.paymentIntentId === intent.id && stay.paidPence > 0 && stay.attention === null) {
          // Confirmed with this payment, then cancelled by the owner (who settles its refund): a replay.
          return {
            kind: 'error',
            error: conflict('This booking has been cancelled. Please contact us.', 'booking_canceled'),
          };
        }
        // Already refused and refunded (a replay), or cancelled by the owner before the payment went through.
        const handled = stay.paymentIntentId === intent.id && stay.attention !== null;
        const attention = handled ? stay.attention : 'paid_after_cancellation';
        const updated = handled
          ? stay
          : await bookings.updateStay(
              {
                id: stay.id,
                set: { paymentIntentId: intent.id, paidPence: intent.amount, attention, updatedAt: now },
              },
              tx,
            );
        if (!handled) await notifications.paymentRefundedNightsTaken(tx, stay.id);
        return {
          kind: 'refund',
          stay: updated,
          message:
            attention === 'paid_after_nights_taken'
              ? NIGHTS_TAKEN_REFUNDED_MESSAGE
              : PAID_AFTER_CANCELLATION_MESSAGE,
          amountPence: intent.amount - intent.amountRefunded,
          idempotencyKey: `refund-late-${intent.id}`,
        };
      }

      // pending (the hold is live, or lapsed but not yet swept) or expired (swept; nights maybe taken since).
      // A live hold owns its nights; a lapsed one takes them again only under the nights rule. A day hire that
      // leaves its night bookable takes no night at all (docs/decisions/028-enquiries-and-quotes.md).
      const free =
        !stay.holdsNight ||
        isLive(stay, now) ||
        (await bookings.isFree(
          {
            propertyId: stay.propertyId,
            checkIn: stay.checkIn,
            checkOut: stay.checkOut,
            now,
            excludeStayId: stay.id,
          },
          tx,
        ));
      if (free) {
        try {
          // In a savepoint: a refusal by the exclusion constraint leaves the transaction to refuse the payment.
          const confirmed = await bookings.transition(
            {
              stay,
              to: 'confirmed',
              set: {
                paymentIntentId: intent.id,
                paidPence: intent.amount,
                confirmedAt: now,
                holdExpiresAt: null,
                // A deposit confirms the booking as a full payment does; its card is kept for the balance.
                ...(stay.scheduleKind === 'deposit' ? { balanceStatus: 'scheduled' as const } : {}),
                // A card saved with the payment (the balance, the damage deposit) is kept on the stay.
                ...(intent.customerId
                  ? {
                      customerId: intent.customerId,
                      paymentMethodId: intent.paymentMethodId,
                    }
                  : {}),
              },
              now,
              savepoint: true,
            },
            tx,
          );
          // The payment's receipt, numbered in this transaction, before the e-mail that carries it.
          await issueReceipt(tx, {
            stay: confirmed,
            payment: stay.scheduleKind === 'deposit' ? 'deposit' : 'full',
            sourceRef: intent.id,
            amountPence: intent.amount,
            providerFeePence: intent.feePence,
            now,
          });
          await notifications.bookingConfirmed(tx, stay.id);
          return { kind: 'confirmed', stay: confirmed, created: true };
        } catch (error) {
          if (pgErrorCode(error) !== PG_EXCLUSION_VIOLATION) throw error;
        }
      }
      const refused = await bookings.transition(
        {
          stay,
          to: 'canceled',
          set: {
            canceledAt: now,
            paymentIntentId: intent.id,
            paidPence: intent.amount,
            holdExpiresAt: null,
            attention: 'paid_after_nights_taken',
          },
          now,
        },
        tx,
      );
      await notifications.paymentRefundedNightsTaken(tx, stay.id);
      return {
        kind: 'refund',
        stay: refused,
        message: NIGHTS_TAKEN_REFUNDED_MESSAGE,
        amountPence: intent.amount - intent.amountRefunded,
        idempotencyKey: `refund-late-${intent.id}`,
      };
    });

    if (outcome.kind === 'confirmed') return { stay: outcome.stay, created: outcome.created };
    if (outcome.kind === 'error') throw outcome.error;
    await refundInFull(intent, outcome);
    throw conflict(outcome.message, 'payment_refunded', { bookingId: outcome.stay.id });
  }

  /** After the deciding transaction committed: give the money back, then record it. */
  async function refundInFull(
    intent: ProviderPaymentIntent,
    outcome: Extract<Outcome, { kind: 'refund' }>,
  ): Promise<void> {
    if (outcome.amountPence <= 0) return; // refunded already
    try {
      const refund = await payments.refund({
        paymentIntentId: intent.id,
        amountPence: outcome.amountPence,
        idempotencyKey: outcome.idempotencyKey,
      });
      if (outcome.stay.paymentIntentId === intent.id) {
        await bookings.updateStay({
          id: outcome.stay.id,
          set: {
            refundedPence: intent.amountRefunded + refund.amount,
            updatedAt: clock.now(),
          },
        });
      }
      log.warn(
        { stayId: outcome.stay.id, paymentIntentId: intent.id, refundId: refund.id },
        'payment refunded in full: it could not become a booking',
      );
    } catch (error) {
      // The stay keeps its attention code for the owner; the next replay (webhook retry, page retry) tries again.
      log.error(
        { err: error, stayId: outcome.stay.id },
        'automatic refund failed; the owner must refund by hand',
      );
    }
  }

  /**
   * A provider event about an intent (webhook). We never trust the event's copy: the intent is retrieved, so
   * replays and out-of-order deliveries act on the current state. Succeeded → confirm; canceled → release the
   * hold. A failed attempt leaves the intent payable (the guest may retry in the same hold), so the hold stays
   * until it lapses.
   */
  async function handleIntentEvent(paymentIntentId: string): Promise<'confirmed' | 'released' | 'ignored'> {
    const intent = await provider('retrieve', () => payments.retrievePaymentIntent(paymentIntentId));
    if (!intent?.metadata.bookingId || !isBookingId(intent.metadata.bookingId)) return 'ignored';
    // The damage deposit's intents are followed by its own job (src/server/damage-holds/), never as a booking's.
    if (intent.metadata.instalment === 'damage_hold') return 'ignored';
    if (intent.metadata.instalment === 'balance' && intent.status !== 'succeeded') {
      // A failed off-session attempt whose process died before it recorded the answer.
      if (intent.status === 'requires_payment_method' || intent.status === 'requires_action')
        await balances.recordFailedEvent(intent);
      return 'ignored';
    }
    if (intent.status === 'succeeded') {
      try {
        await confirmPayment(intent.id);
        return 'confirmed';
      } catch (error) {
        // A refused confirmation (amount mismatch, refunded late payment) is handled; the provider need not retry.
        if (error instanceof HttpError && error.statusCode < 500) return 'ignored';
        throw error;
      }
    }
    if (intent.status === 'canceled') {
      const bookingId = intent.metadata.bookingId;
      const now = clock.now();
      const released = await bookings.transaction(
        async (tx) => {
          const stay = await bookings.findStay({ id: bookingId, forUpdate: true }, tx);
          if (stay?.status !== 'pending' || (stay.paymentIntentId && stay.paymentIntentId !== intent.id))
            return false;
          await bookings.transition({ stay, to: 'expired', now }, tx);
          return true;
        },
        { retry: false },
      );
      return released ? 'released' : 'ignored';
    }
    return 'ignored';
  }

  async function getPublicBooking(id: string): Promise<PublicBooking> {
    if (!isBookingId(id)) throw bookingNotFound();
    const stay = await bookings.findStay({ id: id });
    if (stay?.kind !== 'guest') throw bookingNotFound();
    return toPublicBooking(stay);
  }

  return {
    holdForGuest,
    holdForBooking,
    confirmPayment,
    handleIntentEvent,
    getPublicBooking,
    reconcileLapsedHolds: reconciler.reconcileLapsedHolds,
    balances,
  };
}

export type PaymentService = ReturnType<typeof createPaymentService>;
