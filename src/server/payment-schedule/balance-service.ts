import type { FastifyBaseLogger } from 'fastify';
import { todayOnPropertyClock } from '../../domain/dates.ts';
import { formatGbp } from '../../domain/format.ts';
import { balanceOutstanding, ownerDecidesOn, reminderDueOn } from '../../domain/payment-schedule.ts';
import { audit } from '../audit/audit.ts';
import type { BookingsRepository, StayRow } from '../bookings/bookings-repository.ts';
import type { Clock } from '../clock.ts';
import type { Db, Tx } from '../db/database.ts';
import { issueReceipt } from '../documents/issue.ts';
import { badGateway, conflict, HttpError, notFound } from '../errors.ts';
import type { NotificationEvents } from '../notifications/events.ts';
import {
  type OffSessionOutcome,
  offSessionOutcome,
  type PaymentProvider,
  type ProviderPaymentIntent,
} from '../payments/provider.ts';

/**
 * The balance of a deposit booking: charged off-session by the balance job on its due date, or by the
 * owner's 'Charge balance now'; paid by the guest through the link to the checkout page when the charge needs
 * authentication or is declined. Every attempt is claimed in one statement before the provider is called (so it
 * runs once across processes) and has its own idempotency key (`balance-{id}-{attempt}`), so a retried call
 * never charges twice. No transaction is open while the provider is called (docs/architecture.md).
 * See docs/decisions/016-deposit-now-balance-later.md.
 */

/** What the job handles per run: the balances of one holiday let are few. */
export const BALANCE_BATCH_SIZE = 50;
/** A charge still 'processing' this long after it was claimed (its process died): asked again, same key. */
export const STUCK_CHARGE_MS = 5 * 60_000;

export const balanceIdempotencyKey = (stayId: string, attempt: number) => `balance-${stayId}-${attempt}`;

/** What a paid balance changes on its stay: paid in full, its intent kept, the failure and the owner's flag gone. */
function balancePaid(stay: StayRow, intentId: string | null, amountPence: number, now: Date) {
  return {
    balanceStatus: 'succeeded' as const,
    balancePaymentIntentId: intentId,
    balancePaidAt: now,
    paidPence: stay.paidPence + amountPence,
    balanceFailureCode: null,
    balanceLastError: null,
    ...(stay.attention === 'balance_unpaid' ? { attention: null } : {}),
    updatedAt: now,
  };
}

/** What became of one attempt at a balance, whichever provider answered. */
type AttemptAnswer = {
  outcome: OffSessionOutcome;
  intentId: string | null;
  amountPence: number;
  /** The provider's fee for a payment that succeeded, where it reports one. */
  feePence: number | null;
  lastError: string | null;
};

export type BalanceJobResult = {
  charged: string[];
  failed: string[];
  kept: string[];
  reminded: string[];
  ownerAsked: string[];
};

export function createBalanceService(deps: {
  db: Db;
  bookings: BookingsRepository;
  clock: Clock;
  payments: PaymentProvider;
  notifications: NotificationEvents;
  log: FastifyBaseLogger;
}) {
  const { db, clock, payments, notifications, log, bookings } = deps;

  /** A balance paid: the stay, its receipt (numbered in this transaction), then the e-mails that carry it. */
  async function recordPaid(
    tx: Tx,
    stay: StayRow,
    paid: { intentId: string | null; amountPence: number; feePence: number | null },
    now: Date,
  ) {
    const { intentId, amountPence } = paid;
    const recorded = await bookings.updateStay(
      { id: stay.id, set: balancePaid(stay, intentId, amountPence, now) },
      tx,
    );
    await issueReceipt(tx, {
      stay: recorded,
      payment: 'balance',
      sourceRef: intentId ?? `balance-${stay.id}`,
      amountPence,
      providerFeePence: paid.feePence,
      now,
    });
    await notifications.balancePaid(tx, stay.id);
    return recorded;
  }

  /**
   * Records what became of attempt `attempt` of a stay's balance, if that attempt is still the one in flight (a
   * late or repeated answer changes nothing).
   */
  async function recordAttempt(stayId: string, attempt: number, answer: AttemptAnswer): Promise<StayRow> {
    const { outcome } = answer;
    const now = clock.now();
    return db.transaction(async (tx) => {
      const stay = await bookings.findStay({ id: stayId, forUpdate: true }, tx);
      if (!stay) throw notFound('There is no booking with that id.', 'booking_not_found');
      if (stay.balanceStatus !== 'processing' || stay.balanceAttempts !== attempt) return stay;
      const intentId = answer.intentId ?? stay.balancePaymentIntentId;
      if (outcome === 'processing') {
        return bookings.updateStay(
          { id: stay.id, set: { balancePaymentIntentId: intentId, updatedAt: now } },
          tx,
        );
      }
      if (outcome === 'succeeded') return recordPaid(tx, stay, { ...answer, intentId }, now);
      const failed = await bookings.updateStay(
        {
          id: stay.id,
          set: {
            balanceStatus: 'failed',
            balancePaymentIntentId: intentId,
            balanceFailureCode: outcome,
            balanceLastError: answer.lastError,
            balanceFailedAt: now,
            balanceRemindersSent: 0,
            updatedAt: now,
          },
        },
        tx,
      );
      await notifications.balancePaymentFailed(tx, stay.id, attempt);
      return failed;
    });
  }

  const answerOf = (intent: ProviderPaymentIntent): AttemptAnswer => ({
    outcome: offSessionOutcome(intent),
    intentId: intent.id,
    amountPence: intent.amount,
    feePence: intent.feePence,
    lastError: intent.lastError,
  });

  /** One off-session attempt at a claimed stay (status 'processing', `balanceAttempts` its number). */
  async function charge(stay: StayRow): Promise<StayRow> {
    if (!stay.customerId || !stay.paymentMethodId) {
      // No saved card (it could not be kept at booking): the guest pays through the link.
      return recordAttempt(stay.id, stay.balanceAttempts, {
        outcome: 'declined',
        intentId: null,
        amountPence: stay.balancePence,
        feePence: null,
        lastError: 'No card was saved for this booking.',
      });
    }
    const intent = await payments.chargeOffSession({
      customerId: stay.customerId,
      paymentMethodId: stay.paymentMethodId,
      amountPence: stay.balancePence,
      currency: 'gbp',
      metadata: { bookingId: stay.id, instalment: 'balance', attempt: String(stay.balanceAttempts) },
      idempotencyKey: balanceIdempotencyKey(stay.id, stay.balanceAttempts),
    });
    return recordAttempt(stay.id, stay.balanceAttempts, answerOf(intent));
  }

  /**
   * Reconciliation: the guest may have paid the balance through the link while the page died. Asked before any
   * off-session charge, so a balance paid by the guest is recorded, never charged a second time.
   */
  async function paidThroughLink(stay: StayRow): Promise<boolean> {
    if (!stay.balancePaymentIntentId) return false;
    const intent = await payments.retrievePaymentIntent(stay.balancePaymentIntentId);
    if (intent?.metadata.bookingId !== stay.id || intent.metadata.instalment !== 'balance') return false;
    if (intent.status === 'processing') return true;
    if (intent.status !== 'succeeded') return false;
    await confirmBalancePayment(intent).catch((error) => {
      if (!(error instanceof HttpError)) throw error;
    });
    return true;
  }

  /** Charges one stay's balance if it can still be claimed; a provider outage leaves it 'processing'. */
  async function claimAndCharge(id: string, from: StayRow['balanceStatus'][]): Promise<StayRow | null> {
    const before = await bookings.findStay({ id });
    if (before && (await paidThroughLink(before))) return bookings.findStay({ id });
    const claimed = await bookings.claimBalanceAttempt({ id, from, now: clock.now() });
    if (!claimed) return null;
    try {
      return await charge(claimed);
    } catch (error) {
      // Stays 'processing': the job asks again with the same key after STUCK_CHARGE_MS, so it never charges twice.
      log.error(
        { err: error, stayId: id },
        'charging a balance failed at the provider; it will be asked again',
      );
      throw error;
    }
  }

  /** The balance job's run (the job registry runs it): due charges, stuck charges, reminders, the owner's decision. */
  async function runDue(): Promise<BalanceJobResult> {
    const result: BalanceJobResult = { charged: [], failed: [], kept: [], reminded: [], ownerAsked: [] };
    const now = clock.now();
    const today = todayOnPropertyClock(now);
    const note = (stay: StayRow | null, id: string) => {
      if (!stay) return;
      if (stay.balanceStatus === 'succeeded') result.charged.push(id);
      else if (stay.balanceStatus === 'failed') result.failed.push(id);
      else result.kept.push(id);
    };

    for (const due of await bookings.balancesDue({ today, limit: BALANCE_BATCH_SIZE })) {
      try {
        note(await claimAndCharge(due.id, ['scheduled']), due.id);
      } catch {
        result.kept.push(due.id);
      }
    }

    const open = await bookings.balancesIn({
      statuses: ['processing', 'failed'],
      today,
      limit: BALANCE_BATCH_SIZE,
    });
    for (const stay of open) {
      try {
        if (stay.balanceStatus === 'processing') {
          const since = stay.balanceLastAttemptAt?.getTime() ?? 0;
          if (now.getTime() - since >= STUCK_CHARGE_MS) note(await askAgain(stay), stay.id);
          continue;
        }
        // failed: the guest may have paid through the link while the page died (reconciliation).
        if (await paidThroughLink(stay)) {
          result.charged.push(stay.id);
          continue;
        }
        if (stay.balanceFailedAt) {
          const failedOn = todayOnPropertyClock(stay.balanceFailedAt);
          const sent = stay.balanceRemindersSent;
          if (sent < 2 && today >= reminderDueOn(failedOn, sent) && today < stay.checkIn) {
            const counted = await db.transaction(async (tx) => {
              if (!(await bookings.claimBalanceReminder({ id: stay.id, sent, now }, tx))) return false;
              await notifications.balanceReminder(tx, stay.id, sent + 1);
              return true;
            });
            if (counted) result.reminded.push(stay.id);
          }
        }
        if (!stay.balanceOwnerNotifiedAt && today >= ownerDecidesOn(stay.checkIn)) {
          await db.transaction(async (tx) => {
            const current = await bookings.findStay({ id: stay.id, forUpdate: true }, tx);
            if (!current || current.balanceOwnerNotifiedAt || current.balanceStatus !== 'failed') return;
            await bookings.updateStay(
              {
                id: stay.id,
                set: {
                  balanceOwnerNotifiedAt: now,
                  ...(current.attention === null ? { attention: 'balance_unpaid' as const } : {}),
                  updatedAt: now,
                },
              },
              tx,
            );
            await notifications.balanceUnpaidOwnerDecides(tx, stay.id);
            result.ownerAsked.push(stay.id);
          });
        }
      } catch (error) {
        log.error({ err: error, stayId: stay.id }, 'balance follow-up failed; the next run tries again');
      }
    }
    const { charged, failed, reminded, ownerAsked } = result;
    if (charged.length + failed.length + reminded.length + ownerAsked.length > 0) {
      log.info(result, 'balances charged and followed up');
    }
    return result;
  }

  /** A charge whose process died mid-call: the same attempt again, with the same idempotency key. */
  async function askAgain(stay: StayRow): Promise<StayRow> {
    const claimed = await db.transaction(async (tx) => {
      const current = await bookings.findStay({ id: stay.id, forUpdate: true }, tx);
      if (current?.balanceStatus !== 'processing' || current.balanceAttempts !== stay.balanceAttempts)
        return null;
      return bookings.updateStay({ id: stay.id, set: { balanceLastAttemptAt: clock.now() } }, tx);
    });
    return claimed ? charge(claimed) : stay;
  }

  /**
   * The owner's 'Charge balance now': the saved card, at once, whatever the due date (a failed balance again,
   * after the guest has sorted out their card). Refused while a charge is in flight or nothing is owed.
   */
  async function chargeNow(id: string, actor: string): Promise<StayRow> {
    const stay = await bookings.findStay({ id });
    if (!stay) throw notFound('There is no booking with that id.', 'booking_not_found');
    if (!balanceOutstanding(stay)) throw conflict('This booking has no balance to charge.', 'no_balance_due');
    if (stay.balanceStatus === 'processing') {
      throw conflict('The balance is being charged right now. Reload in a minute.', 'balance_processing');
    }
    let charged: StayRow | null;
    try {
      charged = await claimAndCharge(id, ['scheduled', 'failed']);
    } catch (error) {
      if (error instanceof HttpError) throw error;
      throw badGateway(
        'The payment service could not be reached. The charge will be checked again automatically.',
        'payment_provider_unavailable',
      );
    }
    if (!charged)
      throw conflict('The balance is being charged right now. Reload in a minute.', 'balance_processing');
    await audit(db, {
      actor,
      action: 'booking.balance_charged',
      details: {
        stayId: id,
        attempt: charged.balanceAttempts,
        outcome: charged.balanceStatus,
        amountPence: charged.balancePence,
      },
      at: clock.now(),
    });
    return charged;
  }

  /** The owner's 'Send payment link': the guest gets the link to pay the balance on the checkout page. */
  async function sendPaymentLink(id: string, actor: string): Promise<StayRow> {
    const now = clock.now();
    return db.transaction(async (tx) => {
      const stay = await bookings.findStay({ id, forUpdate: true }, tx);
      if (!stay) throw notFound('There is no booking with that id.', 'booking_not_found');
      if (!balanceOutstanding(stay)) throw conflict('This booking has no balance to pay.', 'no_balance_due');
      if (!stay.contactEmail)
        throw conflict('This booking has no e-mail address to send the link to.', 'no_email');
      await notifications.balancePaymentLink(tx, id, now);
      await audit(tx, {
        actor,
        action: 'booking.balance_link_sent',
        details: { stayId: id, amountPence: stay.balancePence },
        at: clock.now(),
      });
      return stay;
    });
  }

  /**
   * A payment of the balance the provider says succeeded: the guest's, through the link (checkout page, or its
   * webhook), or an off-session charge reported by the webhook. Idempotent. A second payment of a balance already
   * paid, or of a cancelled booking, is refunded in full.
   */
  async function confirmBalancePayment(intent: ProviderPaymentIntent): Promise<StayRow> {
    const bookingId = intent.metadata.bookingId ?? '';
    const now = clock.now();
    const decided = await db.transaction(async (tx) => {
      const stay = await bookings.findStay({ id: bookingId, forUpdate: true }, tx);
      if (stay?.kind !== 'guest') throw notFound('We could not find that booking.', 'booking_not_found');
      if (intent.currency !== 'gbp' || intent.amount !== stay.balancePence) {
        throw conflict(
          `This payment (${formatGbp(intent.amount)}) does not match the balance (${formatGbp(stay.balancePence)}).`,
          'amount_mismatch',
        );
      }
      if (stay.balanceStatus === 'succeeded') {
        if (stay.balancePaymentIntentId === intent.id) return { stay, refund: false };
        return { stay, refund: true };
      }
      if (stay.status !== 'confirmed' || stay.balanceStatus === 'canceled') return { stay, refund: true };
      return {
        stay: await recordPaid(
          tx,
          stay,
          { intentId: intent.id, amountPence: intent.amount, feePence: intent.feePence },
          now,
        ),
        refund: false,
      };
    });
    if (!decided.refund) return decided.stay;
    const left = intent.amount - intent.amountRefunded;
    if (left > 0) {
      try {
        await payments.refund({
          paymentIntentId: intent.id,
          amountPence: left,
          idempotencyKey: `refund-duplicate-${intent.id}`,
        });
      } catch (error) {
        log.error({ err: error, stayId: bookingId }, 'refunding a second balance payment failed');
      }
    }
    throw conflict(
      decided.stay.status === 'confirmed'
        ? 'The balance of this booking was already paid, so this payment has been refunded in full; refunds take 5–10 working days to reach your account.'
        : 'This booking had been cancelled before your payment went through, so we have refunded it in full; refunds take 5–10 working days to reach your account.',
      'payment_refunded',
      { bookingId },
    );
  }

  /** A webhook's failed attempt of an off-session balance charge still in flight here (its process died). */
  async function recordFailedEvent(intent: ProviderPaymentIntent): Promise<void> {
    const attempt = Number(intent.metadata.attempt);
    const bookingId = intent.metadata.bookingId;
    if (!bookingId || !Number.isInteger(attempt)) return;
    await recordAttempt(bookingId, attempt, answerOf(intent)).catch(() => undefined);
  }

  return { runDue, chargeNow, sendPaymentLink, confirmBalancePayment, recordFailedEvent };
}

export type BalanceService = ReturnType<typeof createBalanceService>;
