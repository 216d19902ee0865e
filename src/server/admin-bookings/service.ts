import { randomUUID } from 'node:crypto';
import type {
  AdminBooking,
  CancelBooking,
  OwnerBooking,
  RefundPreview,
} from '../../domain/api/admin-bookings.ts';
import { holdExpiresAt as holdExpiry } from '../../domain/booking-lifecycle.ts';
import { bookingReference } from '../../domain/booking-reference.ts';
import { csvTable } from '../../domain/csv.ts';
import { DAY_MS, type IsoDate, timeOnPropertyClock, todayOnPropertyClock } from '../../domain/dates.ts';
import { formatGbp, formatShortDate } from '../../domain/format.ts';
import { quotePence } from '../../domain/pricing.ts';
import { computeRefund, type Refund } from '../../domain/refunds.ts';
import { audit, recentAudit } from '../audit/audit.ts';
import type { BookingsRepository, StayRow } from '../bookings/bookings-repository.ts';
import { nightsTakenAs } from '../bookings/nights-rule.ts';
import { requireStayRules, unknownProperty } from '../bookings/requirements.ts';
import type { Clock } from '../clock.ts';
import { readHoldRows } from '../damage-holds/repository.ts';
import { type DepositSummary, depositSummaries } from '../damage-holds/view.ts';
import type { Db, Tx } from '../db/database.ts';
import { issueCreditNote } from '../documents/issue.ts';
import { badGateway, conflict, HttpError, notFound } from '../errors.ts';
import type { NotificationEvents } from '../notifications/events.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import type { ReconcileOptions } from '../payments/reconcile-holds.ts';
import { priceGuestStay } from '../pricing/rate-plan-repository.ts';
import {
  type AdminBookingsRepository,
  adminBookingOf,
  CANCEL_ACTION,
  createAdminBookingsRepository,
  readAdminBookingContext,
  toAdminBooking,
} from './repository.ts';

/** The one thing the owner's cancellation needs from the payment provider. */
export type RefundProvider = Pick<PaymentProvider, 'refund'>;

/** The idempotency key of a cancellation's refund: a retry can never refund twice. */
export const refundIdempotencyKey = (stayId: string) => `cancel-refund-${stayId}`;

type Dependencies = {
  db: Db;
  bookings: BookingsRepository;
  clock: Clock;
  notifications: NotificationEvents;
  refunds: RefundProvider;
  siteUrl: string;
  /** The payment service's check of lapsed holds whose guest may have paid, run before nights are taken. */
  reconcileLapsedHolds(options: ReconcileOptions): Promise<unknown>;
};

const describeStay = (row: StayRow) => (row.kind === 'block' ? 'owner block' : 'booking');

type BlockInput = { propertyId: number; checkIn: IsoDate; checkOut: IsoDate; reason: string };

/** Why a block was refused, naming the stay in its way: the owner's own block, a booking, or a checkout. */
function overlapSentence(stay: StayRow): string {
  const dates = `${formatShortDate(stay.checkIn)} – ${formatShortDate(stay.checkOut)}`;
  if (stay.kind === 'block') {
    return `These dates overlap your block of ${dates}${stay.reason ? ` (${stay.reason})` : ''}: unblock it first, or choose other dates.`;
  }
  const ref = bookingReference(stay.id);
  if (stay.status === 'pending' && stay.source === 'web') {
    return `These dates overlap a guest's checkout in progress for ${dates} (Ref ${ref}): choose other dates, or try again once its hold lapses.`;
  }
  const awaiting = stay.status === 'pending' ? ' awaiting payment' : '';
  return `These dates overlap ${stay.contactName}'s booking${awaiting}, ${dates} (Ref ${ref}). Please choose other dates.`;
}

/**
 * The owner's decisions on stays: confirm, cancel (with the refund the terms give), and bookings taken by phone.
 * Every decision writes an audit row in the transaction that makes it.
 */
export type AdminBookingService = ReturnType<typeof createAdminBookingService>;

export function createAdminBookingService(deps: Dependencies) {
  const { db, clock, notifications, refunds, bookings } = deps;
  const repo: AdminBookingsRepository = createAdminBookingsRepository();

  async function requireStay(tx: Db | Tx, id: string, forUpdate = false): Promise<StayRow> {
    const row = await bookings.findStay({ id, forUpdate }, tx);
    if (!row) throw notFound('There is no booking with that id.', 'booking_not_found');
    return row;
  }

  /** The refund of cancelling `row` today on the property's clock, from the one domain function. */
  function refundFor(row: StayRow, byOwner: boolean): Refund {
    return computeRefund({
      checkIn: row.checkIn,
      cancelledOn: todayOnPropertyClock(clock.now()),
      accommodationPence: row.accommodationPence,
      serviceFeePence: row.serviceFeePence,
      cleaningFeePence: row.cleaningFeePence,
      levyPence: row.levyPence,
      cancelledByOwner: byOwner,
      paidPence: row.kind === 'guest' ? Math.max(0, row.paidPence - row.refundedPence) : 0,
      // A deposit booking: the terms apply to what has been charged so far (docs/decisions/016).
      ...(row.scheduleKind === 'deposit' ? { chargedPence: row.paidPence } : {}),
    });
  }

  /**
   * A cancellation's refund, from the payments that were made: the balance's first (when it was paid), then the
   * deposit's (or the one full payment). One idempotency key per payment, so a retry never refunds twice.
   */
  async function refundPayments(row: StayRow, amountPence: number): Promise<string> {
    if (!row.paymentIntentId) throw new Error('the booking has no payment on record');
    const parts: { paymentIntentId: string; amountPence: number; idempotencyKey: string }[] = [];
    let left = amountPence;
    if (row.balanceStatus === 'succeeded' && row.balancePaymentIntentId) {
      const fromBalance = Math.min(left, row.balancePence);
      if (fromBalance > 0) {
        parts.push({
          paymentIntentId: row.balancePaymentIntentId,
          amountPence: fromBalance,
          idempotencyKey: `${refundIdempotencyKey(row.id)}-balance`,
        });
      }
      left -= fromBalance;
    }
    if (left > 0) {
      parts.push({
        paymentIntentId: row.paymentIntentId,
        amountPence: left,
        idempotencyKey: refundIdempotencyKey(row.id),
      });
    }
    const ids: string[] = [];
    for (const part of parts) ids.push((await refunds.refund(part)).id);
    return ids.join(',');
  }

  const withRefundDue = (row: StayRow): Promise<AdminBooking> => adminBookingOf(db, row, clock.now());

  /** Calls the provider (no transaction open), then records the outcome in a new transaction. */
  async function issueRefund(row: StayRow, amountPence: number, actor: string): Promise<StayRow> {
    let refundId: string;
    try {
      refundId = await refundPayments(row, amountPence);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await db.transaction(async (tx) => {
        await bookings.updateStay(
          {
            id: row.id,
            set: { attention: 'refund_failed', attentionDetail: reason, updatedAt: clock.now() },
          },
          tx,
        );
        await audit(tx, {
          actor,
          action: 'booking.refund_failed',
          details: { stayId: row.id, amountPence, reason },
        });
      });
      throw badGateway(
        `The booking is cancelled, but the refund of ${formatGbp(amountPence)} failed: ${reason}. Try again with Retry refund.`,
        'refund_failed',
      );
    }
    return db.transaction(async (tx) => {
      const current = await requireStay(tx, row.id, true);
      // A concurrent retry may have recorded this same (idempotent) refund already.
      if (current.refundDuePence <= 0) return current;
      const refunded = Math.min(current.refundDuePence, amountPence);
      const updated = await bookings.updateStay(
        {
          id: row.id,
          set: {
            refundedPence: current.refundedPence + refunded,
            refundDuePence: current.refundDuePence - refunded,
            attention: null,
            attentionDetail: null,
            updatedAt: clock.now(),
          },
        },
        tx,
      );
      // The refund's credit note, numbered in this transaction, before the e-mail that carries it.
      await issueCreditNote(tx, {
        stay: updated,
        sourceRef: refundId,
        amountPence: refunded,
        now: clock.now(),
      });
      await notifications.bookingCanceled(tx, row.id, amountPence);
      await audit(tx, {
        actor,
        action: 'booking.refunded',
        details: { stayId: row.id, amountPence, refundId },
      });
      return updated;
    });
  }

  /** The block and its audit row, in one transaction. */
  function insertBlock(input: BlockInput, now: Date, actor: string): Promise<StayRow> {
    return bookings.transaction(async (tx) => {
      const row = await bookings.createBlock({ ...input, now }, tx);
      await audit(tx, {
        actor,
        action: 'stays.block',
        details: {
          stayId: row.id,
          propertyId: input.propertyId,
          checkInDate: input.checkIn,
          checkOutDate: input.checkOut,
          reason: input.reason,
        },
      });
      return row;
    });
  }

  async function list(): Promise<AdminBooking[]> {
    const rows = await bookings.list({}, db);
    const context = await readAdminBookingContext(db, rows, clock.now());
    const today = todayOnPropertyClock(clock.now());
    return sortUpcomingFirst(
      rows.map((row) => toAdminBooking(row, context)),
      today,
    );
  }

  return {
    list,

    /**
     * pending (not a block) → confirmed: the owner's deliberate decision about a booking they took by phone or
     * e-mail, e.g. paid by bank transfer. A guest's online checkout is not the owner's to confirm: it confirms
     * itself when its payment goes through, and nothing has been paid while it is pending (the spec README's
     * "the owner may Confirm any pending booking" stays true of the owner's own bookings). The status change
     * itself is the lifecycle's (`bookings.transition`): a confirmed or cancelled booking is refused with a 409.
     * See docs/decisions/010-the-owners-bookings-list.md.
     */
    async confirm(id: string, actor: string): Promise<AdminBooking> {
      const row = await bookings.transaction(async (tx) => {
        const stay = await requireStay(tx, id, true);
        if (stay.kind === 'block') throw conflict('An owner block cannot be confirmed.', 'not_confirmable');
        // A lapsed hold may still be confirmed by its late payment (the lifecycle allows it), not by the owner.
        if (stay.status === 'expired') {
          throw conflict('Only a pending booking can be confirmed; this one is expired.', 'not_confirmable');
        }
        const now = clock.now();
        if (stay.status === 'pending' && stay.source === 'web') throw checkoutNotConfirmable(stay, now);
        // Confirmed or cancelled: the lifecycle refuses it (409).
        const updated = await bookings.transition(
          { stay, to: 'confirmed', set: { confirmedAt: now, holdExpiresAt: null }, now },
          tx,
        );
        await notifications.bookingConfirmed(tx, id);
        await audit(tx, {
          actor,
          action: 'booking.confirmed',
          details: {
            stayId: id,
            checkIn: stay.checkIn,
            checkOut: stay.checkOut,
          },
        });
        return updated;
      });
      return withRefundDue(row);
    },

    async refundPreview(id: string, byOwner: boolean): Promise<RefundPreview> {
      const row = await requireStay(db, id);
      if (row.status === 'canceled') throw conflict('This booking is already cancelled.', 'already_canceled');
      const refund = refundFor(row, byOwner);
      return {
        bookingId: id,
        amountPence: refund.amountPence,
        paidPence: row.kind === 'guest' ? Math.max(0, row.paidPence - row.refundedPence) : 0,
        feePence: refund.feePence,
        percent: refund.rule.percent,
        rule: refund.rule.label,
        daysBeforeCheckIn: refund.daysBeforeCheckIn,
        cancelledByOwner: byOwner,
      };
    },

    /**
     * Any status but canceled → canceled; the nights come free at once. A paid guest booking is then refunded
     * what the terms give (everything when the owner cancels on their own account): mark, call the provider
     * outside any transaction, record. A refund the provider refused stays due and Cancel retries it.
     */
    async cancel(id: string, input: CancelBooking, actor: string) {
      const byOwner = input.byOwner ?? false;
      const marked = await bookings.transaction(async (tx) => {
        const stay = await requireStay(tx, id, true);
        if (stay.status === 'canceled') {
          if (stay.refundDuePence > 0) return { row: stay, refundPence: stay.refundDuePence };
          throw conflict(`This ${describeStay(stay)} is already cancelled.`, 'already_canceled');
        }
        if (stay.balanceStatus === 'processing') {
          throw conflict(
            'The balance of this booking is being charged right now. Try again in a minute.',
            'balance_processing',
          );
        }
        const now = clock.now();
        const refund = refundFor(stay, byOwner);
        const refundPence = refund.amountPence;
        // A balance not yet taken is never charged now: the scheduled charge is cancelled with the booking.
        const balanceCanceled = stay.balanceStatus === 'scheduled' || stay.balanceStatus === 'failed';
        const row = await bookings.transition(
          {
            stay,
            to: 'canceled',
            set: {
              canceledAt: now,
              holdExpiresAt: null,
              ...(balanceCanceled ? { balanceStatus: 'canceled' as const } : {}),
              refundDuePence: refundPence,
              ...(refundPence > 0 ? { attention: 'refund_pending' as const, attentionDetail: null } : {}),
            },
            now,
          },
          tx,
        );
        if (stay.kind === 'block') {
          await audit(tx, {
            actor,
            action: 'block.removed',
            details: {
              stayId: id,
              checkIn: stay.checkIn,
              checkOut: stay.checkOut,
            },
          });
          return { row, refundPence: 0 };
        }
        await audit(tx, {
          actor,
          action: CANCEL_ACTION,
          details: {
            stayId: id,
            previousStatus: stay.status,
            checkIn: stay.checkIn,
            checkOut: stay.checkOut,
            byOwner,
            rule: refund.rule.label,
            refundPence,
            refundTargetPence: stay.refundedPence + refundPence,
            ...(balanceCanceled ? { balanceCanceledPence: stay.balancePence } : {}),
          },
        });
        // A paid booking's guest is told once the refund is through (in the transaction that records it).
        // A lapsed hold was never a booking the guest holds: nobody is told.
        if (refundPence === 0 && stay.status !== 'expired') await notifications.bookingCanceled(tx, id, 0);
        return { row, refundPence };
      });
      const row =
        marked.refundPence > 0 ? await issueRefund(marked.row, marked.refundPence, actor) : marked.row;
      return { booking: await withRefundDue(row), refundPence: marked.refundPence };
    },

    /**
     * A booking the owner takes by phone or e-mail: pending, its nights held for `holdDays`, priced by the
     * shared rules, paid by the guest through `/checkout/{id}`. The owner may break the 2–28 night rule.
     */
    async createOwnerBooking(input: OwnerBooking, actor: string) {
      const stay = { propertyId: 1, checkIn: input.checkInDate, checkOut: input.checkOutDate };
      const now = clock.now();
      requireStayRules(stay, now, { ownerMade: true });
      const id = randomUUID();
      let row: StayRow;
      await deps.reconcileLapsedHolds({ nights: stay });
      try {
        row = await bookings.transaction(async (tx) => {
          await bookings.lockNights({ propertyId: stay.propertyId }, tx);
          await bookings.expireLapsedHolds({ now: now, nights: stay }, tx);
          if (
            !(await bookings.isFree(
              { propertyId: stay.propertyId, checkIn: stay.checkIn, checkOut: stay.checkOut, now: now },
              tx,
            ))
          )
            throw nightsTaken();
          // Priced by the current plan (the owner may break its stay rules), kept as quoted.
          const { quote } = await priceGuestStay(tx, {
            stay,
            now,
            today: todayOnPropertyClock(now),
            ownerMade: true,
          });
          const created = await bookings.insertStay(
            {
              id,
              propertyId: stay.propertyId,
              kind: 'guest',
              source: 'owner',
              status: 'pending',
              checkIn: stay.checkIn,
              checkOut: stay.checkOut,
              guestCount: input.guestCount,
              contactName: input.contactName,
              contactEmail: input.contactEmail,
              ...quotePence(quote),
              quote,
              holdExpiresAt: holdExpiry(now, input.holdDays * DAY_MS),
              createdAt: now,
              updatedAt: now,
            },
            tx,
          );
          await audit(tx, {
            actor,
            action: 'booking.created_by_owner',
            details: {
              stayId: id,
              checkIn: stay.checkIn,
              checkOut: stay.checkOut,
              holdDays: input.holdDays,
              totalPence: created.totalPence,
            },
          });
          return created;
        });
      } catch (error) {
        throw nightsTakenAs(error, nightsTaken);
      }
      const checkoutPath = `/checkout/${id}`;
      return {
        booking: await adminBookingOf(db, row, clock.now()),
        checkoutPath,
        checkoutUrl: `${deps.siteUrl}${checkoutPath}`,
      };
    },

    /**
     * An owner block (spec section 7): the owner's own nights, confirmed at once. Blocks may break the 2–28
     * night rule, not the past (spec README). Lapsed holds on its nights whose guest may have paid are asked
     * about first (outside the transaction).
     */
    async createBlock(input: BlockInput, actor: string) {
      const now = clock.now();
      if (!(await bookings.propertyExists(input.propertyId))) {
        throw unknownProperty(input.propertyId);
      }
      requireStayRules(input, now, { ownerMade: true });
      await deps.reconcileLapsedHolds({ nights: input });
      try {
        return await insertBlock(input, now, actor);
      } catch (error) {
        // Refused by the no-overlap constraint: the owner is told which stay is in the way, read once the
        // failed transaction is over (PostgreSQL answers nothing more inside it).
        if (!(error instanceof HttpError && error.code === 'dates_unavailable')) throw error;
        const [inTheWay] = await bookings.overlappingStays(input);
        if (!inTheWay) throw error;
        throw conflict(overlapSentence(inTheWay), 'dates_unavailable');
      }
    },

    async exportCsv(actor: string): Promise<string> {
      const bookings = await list();
      const deposits = depositSummaries(
        await readHoldRows(
          db,
          bookings.map((booking) => booking.id),
        ),
      );
      await audit(db, { actor, action: 'bookings.exported', details: { rows: bookings.length } });
      return bookingsCsv(bookings, deposits);
    },

    async audit(limit: number) {
      const rows = await recentAudit(db, limit);
      return rows.map((row) => ({
        id: row.id,
        actor: row.actor,
        action: row.action,
        details: row.details,
        createdAt: row.createdAt.toISOString(),
      }));
    },

    async importedEvents() {
      const rows = await repo.listImportedEvents(db, todayOnPropertyClock(clock.now()));
      return rows.map((row) => ({
        sourceId: row.sourceId,
        uid: row.uid,
        checkInDate: row.checkIn,
        checkOutDate: row.checkOut,
        summary: row.summary,
        conflict: row.conflict,
      }));
    },
  };
}

/** The 409 for confirming a guest's online checkout by hand: a sentence that says why and what to do. */
function checkoutNotConfirmable(stay: StayRow, now: Date) {
  const lapses = stay.holdExpiresAt;
  if (lapses && lapses <= now) {
    return conflict(
      `This was a guest's online checkout, and its hold lapsed at ${timeOnPropertyClock(lapses)} without a payment, so there is no booking to confirm.`,
      'checkout_lapsed',
    );
  }
  const until = lapses ? `, and its hold lapses at ${timeOnPropertyClock(lapses)} if they do not` : '';
  return conflict(
    `A guest is paying for this stay online: it confirms itself when their payment goes through${until}. No payment has been received, so it cannot be confirmed by hand.`,
    'checkout_in_progress',
  );
}

const nightsTaken = () =>
  conflict(
    'Some of those nights are already booked or blocked. Please choose other dates.',
    'dates_unavailable',
  );

/** Stays not yet over (check-out after today) first, soonest first; then past stays, latest first. */
export function sortUpcomingFirst(bookings: AdminBooking[], today: string): AdminBooking[] {
  const upcoming = bookings.filter((b) => b.checkOutDate > today);
  const past = bookings.filter((b) => b.checkOutDate <= today);
  upcoming.sort((a, b) => a.checkInDate.localeCompare(b.checkInDate));
  past.sort((a, b) => b.checkInDate.localeCompare(a.checkInDate));
  return [...upcoming, ...past];
}

const pounds = (pence: number | null | undefined) => (pence == null ? '' : (pence / 100).toFixed(2));

const CSV_COLUMNS: [string, (b: AdminBooking, deposit?: DepositSummary) => string | number][] = [
  ['Reference', (b) => b.reference],
  ['Kind', (b) => b.kind],
  ['Source', (b) => b.source],
  ['Status', (b) => b.status],
  ['Check-in', (b) => b.checkInDate],
  ['Check-out', (b) => b.checkOutDate],
  ['Guests', (b) => b.guestCount],
  ['Name', (b) => b.contactName],
  ['Email', (b) => b.contactEmail],
  ['Phone', (b) => b.contactPhone],
  ['Total (GBP)', (b) => b.totalPrice.toFixed(2)],
  ['Paid (GBP)', (b) => (b.paidPence / 100).toFixed(2)],
  ['Due (GBP)', (b) => (b.duePence / 100).toFixed(2)],
  ['Balance due on', (b) => (b.scheduleKind === 'deposit' ? (b.balanceDueOn ?? '') : '')],
  ['Balance status', (b) => (b.scheduleKind === 'deposit' ? b.balanceStatus : '')],
  ['Refunded (GBP)', (b) => (b.refundedPence / 100).toFixed(2)],
  ['Hold expires', (b) => b.holdExpiresAt ?? ''],
  ['Reason', (b) => b.reason],
  ['Special requests', (b) => b.specialRequests],
  ['Attention', (b) => b.flag ?? ''],
  // The damage deposit and the owner's claim (docs/decisions/031-damage-deposit-hold.md).
  ['Damage deposit status', (_b, deposit) => deposit?.status ?? ''],
  ['Damage deposit (GBP)', (_b, deposit) => pounds(deposit?.amountPence)],
  ['Damage deposit claimed (GBP)', (_b, deposit) => pounds(deposit?.claimedPence)],
  ['Damage deposit claim reason', (_b, deposit) => deposit?.claimReason ?? ''],
  ['Created', (b) => b.createdAt],
  // The long id, as in the booking's links (/checkout/{id}), for matching rows with other records.
  ['Booking id', (b) => b.id],
];

export function bookingsCsv(
  bookings: AdminBooking[],
  deposits: Map<string, DepositSummary> = new Map(),
): string {
  return csvTable(
    CSV_COLUMNS.map(([name]) => name),
    bookings.map((booking) => CSV_COLUMNS.map(([, get]) => get(booking, deposits.get(booking.id)))),
  );
}
