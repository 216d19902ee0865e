import type { LevyReturn } from '../../domain/levy-return.ts';
import type { Tx } from '../db/database.ts';

/**
 * What happened that someone must be told about. Callers invoke these inside the same database transaction as
 * the change itself; the e-mail capability turns them into outbox messages (never an SMTP call in a request).
 * Each takes a stay id (or the conflict's details); the implementation reads what it needs through `tx`.
 */
export type NotificationEvents = {
  /** A guest booking became confirmed (payment verified, or the owner confirmed it). */
  bookingConfirmed(tx: Tx, stayId: string): Promise<void>;
  /** A guest booking was cancelled; `refundPence` is what the guest gets back. */
  bookingCanceled(tx: Tx, stayId: string, refundPence: number): Promise<void>;
  /** A payment arrived after its hold lapsed and the nights were taken: refunded in full, owner and guest told. */
  paymentRefundedNightsTaken(tx: Tx, stayId: string): Promise<void>;
  /** An imported channel event overlaps a confirmed direct booking. */
  calendarConflict(
    tx: Tx,
    conflict: { sourceId: string; uid: string; checkIn: string; checkOut: string; stayId: string },
  ): Promise<void>;
  /** A channel feed went stale or suddenly empty (sent once per episode). */
  feedUnhealthy(tx: Tx, feed: { sourceId: string; reason: string }): Promise<void>;
  // --- Deposit now, balance later (docs/decisions/016-deposit-now-balance-later.md) ---
  /** The balance was charged (or paid through the link): the guest's receipt, the owner's notice. */
  balancePaid(tx: Tx, stayId: string): Promise<void>;
  /**
   * Charging the balance failed (`attempt`: its attempt number): the bank asks for authentication, or the card
   * was declined. The guest gets the link to pay on the checkout page; the owner is told.
   */
  balancePaymentFailed(tx: Tx, stayId: string, attempt: number): Promise<void>;
  /** Reminder `reminder` (1, 2) of a balance still unpaid after a failed charge. */
  balanceReminder(tx: Tx, stayId: string, reminder: number): Promise<void>;
  /** The owner sent the guest the link to pay the balance; `sentAt` names this sending. */
  balancePaymentLink(tx: Tx, stayId: string, sentAt: Date): Promise<void>;
  /** The balance is still unpaid 7 days before arrival: the owner decides (nothing is cancelled). */
  balanceUnpaidOwnerDecides(tx: Tx, stayId: string): Promise<void>;
  // --- Alerts (docs/decisions/023-alerts.md): each once per episode, `id` naming the episode ---
  /** A condition the owner must look at started (a job keeps failing, a disk is nearly full, …). */
  alertOpened(tx: Tx, alert: AlertEpisode): Promise<void>;
  /** That condition cleared. */
  alertResolved(tx: Tx, alert: AlertEpisode & { resolvedAt: Date }): Promise<void>;
  /** A quarter of the visitor levy closed: its return is due (once per quarter; docs/decisions/027). */
  levyReturnDue(tx: Tx, levyReturn: LevyReturnTotals): Promise<void>;
};

/** A quarter's visitor levy return in figures, for the owner's reminder (src/domain/levy-return.ts). */
export type LevyReturnTotals = Pick<
  LevyReturn,
  'quarter' | 'from' | 'to' | 'liableStays' | 'levyChargedPence' | 'levyRefundedPence' | 'netDuePence'
>;

/** One episode of an alert: what is wrong (`summary`, `detail`) and since when. */
export type AlertEpisode = { id: number; summary: string; detail: string; openedAt: Date };

/** Events that do nothing: the tests' notifications, which override the events they watch. */
export const silentNotifications: NotificationEvents = {
  bookingConfirmed: async () => {},
  bookingCanceled: async () => {},
  paymentRefundedNightsTaken: async () => {},
  calendarConflict: async () => {},
  feedUnhealthy: async () => {},
  balancePaid: async () => {},
  balancePaymentFailed: async () => {},
  balanceReminder: async () => {},
  balancePaymentLink: async () => {},
  balanceUnpaidOwnerDecides: async () => {},
  alertOpened: async () => {},
  alertResolved: async () => {},
  levyReturnDue: async () => {},
};
