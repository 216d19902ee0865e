import { eq } from 'drizzle-orm';
import { todayOnPropertyClock } from '../../domain/dates.ts';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Tx } from '../db/database.ts';
import { outbox, stays } from '../db/schema.ts';
import type { NotificationEvents } from '../notifications/events.ts';
import type { RenderedMessage } from './layout.ts';
import {
  guestBalancePaid,
  guestBalancePaymentLink,
  guestBookingCanceled,
  guestBookingConfirmed,
  guestPaymentRefundedNightsTaken,
  type MessageSite,
  ownerAlertOpened,
  ownerAlertResolved,
  ownerBalanceFailed,
  ownerBalancePaid,
  ownerBalanceUnpaid,
  ownerBookingCanceled,
  ownerBookingConfirmed,
  ownerCalendarConflict,
  ownerFeedUnhealthy,
  ownerPaymentRefundedNightsTaken,
} from './messages.ts';
import { stayCalendarFile } from './stay-calendar.ts';

export type OutboxAttachment = { filename: string; contentType: string; content: string };

/** The kinds of message in the outbox (its `kind` column). */
export const MESSAGE_KINDS = {
  guestBookingConfirmed: 'guest.booking_confirmed',
  ownerBookingConfirmed: 'owner.booking_confirmed',
  guestBookingCanceled: 'guest.booking_canceled',
  ownerBookingCanceled: 'owner.booking_canceled',
  guestPaymentRefunded: 'guest.payment_refunded_nights_taken',
  ownerPaymentRefunded: 'owner.payment_refunded_nights_taken',
  ownerCalendarConflict: 'owner.calendar_conflict',
  ownerFeedUnhealthy: 'owner.feed_unhealthy',
  guestArrival: 'guest.arrival',
  guestThankYou: 'guest.thank_you',
  ownerAccessCodeMissing: 'owner.access_code_missing',
  ownerChangeRequest: 'owner.change_request',
  guestBalancePaid: 'guest.balance_paid',
  ownerBalancePaid: 'owner.balance_paid',
  guestBalancePaymentLink: 'guest.balance_payment_link',
  ownerBalanceFailed: 'owner.balance_failed',
  ownerBalanceUnpaid: 'owner.balance_unpaid',
  ownerAlertOpened: 'owner.alert_opened',
  ownerAlertResolved: 'owner.alert_resolved',
} as const;

/**
 * Queues one message in the caller's transaction. The dedupe key names the cause: an event handled twice (a
 * webhook and the browser both confirming, a retried request) finds its message already queued and adds nothing.
 */
export async function enqueueMessage(
  tx: Tx,
  message: RenderedMessage & {
    dedupeKey: string;
    kind: string;
    to: string;
    /** The stay it is about: the owner's list of a booking's messages, and erasing a guest. */
    stayId?: string;
    attachments?: OutboxAttachment[];
    now: Date;
  },
): Promise<void> {
  await tx
    .insert(outbox)
    .values({
      dedupeKey: message.dedupeKey,
      kind: message.kind,
      stayId: message.stayId ?? null,
      to: message.to,
      subject: message.subject,
      html: message.html,
      text: message.text,
      attachments: message.attachments ?? [],
      nextAttemptAt: message.now,
      createdAt: message.now,
    })
    .onConflictDoNothing({ target: outbox.dedupeKey });
}

async function readStay(tx: Tx, stayId: string): Promise<typeof stays.$inferSelect | undefined> {
  const [stay] = await tx.select().from(stays).where(eq(stays.id, stayId));
  return stay;
}

/**
 * The e-mail capability's answer to the notification seam: each event becomes outbox rows written in the same
 * transaction as the change that caused it, so a message exists exactly when its cause was committed. The outbox
 * worker sends them later; nothing here touches the network.
 */
export function createEmailNotifications(config: Config, options: { clock: Clock }): NotificationEvents {
  const { clock } = options;
  const site: MessageSite = { siteUrl: config.siteUrl, siteEmail: config.siteEmail };
  const owner = config.ownerEmail;

  /** Guest bookings only: an owner block has nobody to tell. */
  async function guestStay(tx: Tx, stayId: string) {
    const stay = await readStay(tx, stayId);
    if (!stay) throw new Error(`Cannot notify about stay ${stayId}: it does not exist.`);
    return stay.kind === 'guest' ? stay : undefined;
  }

  return {
    async bookingConfirmed(tx, stayId) {
      const stay = await guestStay(tx, stayId);
      if (!stay) return;
      const now = clock.now();
      if (stay.contactEmail) {
        await enqueueMessage(tx, {
          ...guestBookingConfirmed(stay, site),
          dedupeKey: `booking-confirmed:${stayId}:guest`,
          stayId,
          kind: MESSAGE_KINDS.guestBookingConfirmed,
          to: stay.contactEmail,
          attachments: [
            {
              filename: 'the-tower-stay.ics',
              contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
              content: stayCalendarFile({ ...stay, stayId, ...site }, now),
            },
          ],
          now,
        });
      }
      await enqueueMessage(tx, {
        ...ownerBookingConfirmed(stay, site),
        dedupeKey: `booking-confirmed:${stayId}:owner`,
        stayId,
        kind: MESSAGE_KINDS.ownerBookingConfirmed,
        to: owner,
        now,
      });
    },

    async bookingCanceled(tx, stayId, refundPence) {
      const stay = await guestStay(tx, stayId);
      if (!stay) return;
      const now = clock.now();
      if (stay.contactEmail) {
        await enqueueMessage(tx, {
          ...guestBookingCanceled(stay, refundPence, site),
          dedupeKey: `booking-canceled:${stayId}:guest`,
          stayId,
          kind: MESSAGE_KINDS.guestBookingCanceled,
          to: stay.contactEmail,
          now,
        });
      }
      await enqueueMessage(tx, {
        ...ownerBookingCanceled(stay, refundPence, site),
        dedupeKey: `booking-canceled:${stayId}:owner`,
        stayId,
        kind: MESSAGE_KINDS.ownerBookingCanceled,
        to: owner,
        now,
      });
    },

    async paymentRefundedNightsTaken(tx, stayId) {
      const stay = await guestStay(tx, stayId);
      if (!stay) return;
      const now = clock.now();
      // Refunded in full: the refund recorded on the stay, else what was paid, else its total.
      const refundPence = stay.refundedPence || stay.paidPence || stay.totalPence;
      if (stay.contactEmail) {
        await enqueueMessage(tx, {
          ...guestPaymentRefundedNightsTaken(stay, refundPence, site),
          dedupeKey: `payment-refunded-nights-taken:${stayId}:guest`,
          stayId,
          kind: MESSAGE_KINDS.guestPaymentRefunded,
          to: stay.contactEmail,
          now,
        });
      }
      await enqueueMessage(tx, {
        ...ownerPaymentRefundedNightsTaken(stay, refundPence, site),
        dedupeKey: `payment-refunded-nights-taken:${stayId}:owner`,
        stayId,
        kind: MESSAGE_KINDS.ownerPaymentRefunded,
        to: owner,
        now,
      });
    },

    async calendarConflict(tx, conflict) {
      const stay = await readStay(tx, conflict.stayId);
      await enqueueMessage(tx, {
        ...ownerCalendarConflict(conflict, stay, site),
        dedupeKey: `calendar-conflict:${conflict.sourceId}:${conflict.uid}:${conflict.checkIn}:${conflict.checkOut}:${conflict.stayId}`,
        stayId: conflict.stayId,
        kind: MESSAGE_KINDS.ownerCalendarConflict,
        to: owner,
        now: clock.now(),
      });
    },

    async balancePaid(tx, stayId) {
      const stay = await guestStay(tx, stayId);
      if (!stay) return;
      const now = clock.now();
      if (stay.contactEmail) {
        await enqueueMessage(tx, {
          ...guestBalancePaid(stay, site),
          dedupeKey: `balance-paid:${stayId}:guest`,
          kind: MESSAGE_KINDS.guestBalancePaid,
          to: stay.contactEmail,
          now,
        });
      }
      await enqueueMessage(tx, {
        ...ownerBalancePaid(stay, site),
        dedupeKey: `balance-paid:${stayId}:owner`,
        kind: MESSAGE_KINDS.ownerBalancePaid,
        to: owner,
        now,
      });
    },

    async balancePaymentFailed(tx, stayId, attempt) {
      const stay = await guestStay(tx, stayId);
      if (!stay) return;
      const now = clock.now();
      if (stay.contactEmail) {
        await enqueueMessage(tx, {
          ...guestBalancePaymentLink(stay, site, 'failed'),
          dedupeKey: `balance-failed:${stayId}:${attempt}:guest`,
          kind: MESSAGE_KINDS.guestBalancePaymentLink,
          to: stay.contactEmail,
          now,
        });
      }
      await enqueueMessage(tx, {
        ...ownerBalanceFailed(stay, site),
        dedupeKey: `balance-failed:${stayId}:${attempt}:owner`,
        kind: MESSAGE_KINDS.ownerBalanceFailed,
        to: owner,
        now,
      });
    },

    async balanceReminder(tx, stayId, reminder) {
      const stay = await guestStay(tx, stayId);
      if (!stay?.contactEmail) return;
      await enqueueMessage(tx, {
        ...guestBalancePaymentLink(stay, site, 'reminder'),
        dedupeKey: `balance-reminder:${stayId}:${stay.balanceAttempts}:${reminder}`,
        kind: MESSAGE_KINDS.guestBalancePaymentLink,
        to: stay.contactEmail,
        now: clock.now(),
      });
    },

    async balancePaymentLink(tx, stayId, sentAt) {
      const stay = await guestStay(tx, stayId);
      if (!stay?.contactEmail) return;
      await enqueueMessage(tx, {
        ...guestBalancePaymentLink(stay, site, 'owner'),
        dedupeKey: `balance-link:${stayId}:${sentAt.toISOString()}`,
        kind: MESSAGE_KINDS.guestBalancePaymentLink,
        to: stay.contactEmail,
        now: clock.now(),
      });
    },

    async balanceUnpaidOwnerDecides(tx, stayId) {
      const stay = await guestStay(tx, stayId);
      if (!stay) return;
      await enqueueMessage(tx, {
        ...ownerBalanceUnpaid(stay, site),
        dedupeKey: `balance-unpaid:${stayId}:owner`,
        kind: MESSAGE_KINDS.ownerBalanceUnpaid,
        to: owner,
        now: clock.now(),
      });
    },

    async feedUnhealthy(tx, feed) {
      const now = clock.now();
      // The calendar capability calls this once per episode; the key keeps it to one a day per feed even if not.
      await enqueueMessage(tx, {
        ...ownerFeedUnhealthy(feed, site),
        dedupeKey: `feed-unhealthy:${feed.sourceId}:${todayOnPropertyClock(now)}`,
        kind: MESSAGE_KINDS.ownerFeedUnhealthy,
        to: owner,
        now,
      });
    },

    async alertOpened(tx, alert) {
      // One per episode: the alerts check opens an episode once, and the key makes sure of it.
      await enqueueMessage(tx, {
        ...ownerAlertOpened(alert, site),
        dedupeKey: `alert:${alert.id}:opened`,
        kind: MESSAGE_KINDS.ownerAlertOpened,
        to: owner,
        now: clock.now(),
      });
    },

    async alertResolved(tx, alert) {
      await enqueueMessage(tx, {
        ...ownerAlertResolved(alert, site),
        dedupeKey: `alert:${alert.id}:resolved`,
        kind: MESSAGE_KINDS.ownerAlertResolved,
        to: owner,
        now: clock.now(),
      });
    },
  };
}
