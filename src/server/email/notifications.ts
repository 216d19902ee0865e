import { eq } from 'drizzle-orm';
import { ARRIVAL_STEP_LABELS } from '../../domain/api/arrival.ts';
import { todayOnPropertyClock } from '../../domain/dates.ts';
import type { DocumentContent, DocumentPayment } from '../../domain/documents.ts';
import { readArrival } from '../arrival/readiness.ts';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Tx } from '../db/database.ts';
import { outbox, stays } from '../db/schema.ts';
import { documentAttachment } from '../documents/pdf.ts';
import { listStayDocumentsFor } from '../documents/repository.ts';
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
  ownerLevyReturnDue,
  ownerPaymentRefundedNightsTaken,
} from './messages.ts';
import { stayCalendarFile } from './stay-calendar.ts';

/** `content` is text, or base64 when `encoding` says so (a PDF). */
export type OutboxAttachment = {
  filename: string;
  contentType: string;
  content: string;
  encoding?: 'base64';
};

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
  // Enquiries and quotes (src/server/enquiries/messages.ts)
  guestEnquiryReceived: 'guest.enquiry_received',
  ownerEnquiryReceived: 'owner.enquiry_received',
  guestQuote: 'guest.quote',
  ownerLevyReturnDue: 'owner.levy_return_due',
  guestArrivalStepsMissing: 'guest.arrival_steps_missing',
  guestCheckInReminder: 'guest.check_in_reminder',
  ownerStayNotReady: 'owner.stay_not_ready',
  guestCheckoutFollowUp: 'guest.checkout_follow_up',
  // The damage deposit (src/server/damage-holds/messages.ts)
  guestDamageHoldFailed: 'guest.damage_hold_failed',
  ownerDamageHoldFailed: 'owner.damage_hold_failed',
  guestDamageHoldRenewal: 'guest.damage_hold_renewal',
  guestDamageHoldClaimed: 'guest.damage_hold_claimed',
} as const;

/** The online check-in steps a stay still has open, in the guest's words (docs/decisions/025-online-check-in.md). */
async function checkInSteps(
  tx: Tx,
  stay: { id: string; guestCount: number; checkIn: string; checkOut: string },
  now: Date,
): Promise<string[]> {
  const { readiness } = await readArrival(tx, stay, now);
  return readiness.missing.map((step) => ARRIVAL_STEP_LABELS[step]);
}

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
    /** Extra headers (a follow-up's List-Unsubscribe). */
    headers?: Record<string, string>;
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
      headers: message.headers ?? {},
      nextAttemptAt: message.now,
      createdAt: message.now,
    })
    .onConflictDoNothing({ target: outbox.dedupeKey });
}

/**
 * The stay's receipts or credit notes for these payments as PDF attachments: issued in the same transaction just
 * before the e-mail that carries them (docs/decisions/026-receipts-and-credit-notes.md).
 */
async function documentsOf(tx: Tx, stayId: string, payments: readonly DocumentPayment[]) {
  const rows = await listStayDocumentsFor(tx, stayId, payments);
  return Promise.all(rows.map((row) => documentAttachment(row.content as DocumentContent)));
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

  type Copy = { message: RenderedMessage; kind: string; attachments?: OutboxAttachment[] };
  /**
   * One change told twice: to the stay's guest when they gave an address, and to the owner, each copy written
   * once (dedupe keys `<key>:guest` and `<key>:owner`).
   */
  async function tellGuestAndOwner(
    tx: Tx,
    stay: { contactEmail: string | null },
    key: string,
    copies: { guest: Copy; owner: Copy; stayId?: string },
  ) {
    const now = clock.now();
    const about = copies.stayId ? { stayId: copies.stayId } : {};
    if (stay.contactEmail) {
      const { message, kind, attachments } = copies.guest;
      await enqueueMessage(tx, {
        ...message,
        ...(attachments?.length ? { attachments } : {}),
        dedupeKey: `${key}:guest`,
        ...about,
        kind,
        to: stay.contactEmail,
        now,
      });
    }
    await tellOwner(tx, `${key}:owner`, { ...copies.owner, ...about });
  }

  /** A message to the owner, written once (`key`). */
  async function tellOwner(tx: Tx, key: string, copy: Copy & { stayId?: string }) {
    const about = copy.stayId ? { stayId: copy.stayId } : {};
    await enqueueMessage(tx, {
      ...copy.message,
      dedupeKey: key,
      ...about,
      kind: copy.kind,
      to: owner,
      now: clock.now(),
    });
  }

  return {
    async bookingConfirmed(tx, stayId) {
      const stay = await guestStay(tx, stayId);
      if (!stay) return;
      const now = clock.now();
      if (stay.contactEmail) {
        await enqueueMessage(tx, {
          ...guestBookingConfirmed(stay, site, await checkInSteps(tx, stay, clock.now())),
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
            ...(await documentsOf(tx, stayId, ['full', 'deposit'])),
          ],
          now,
        });
      }
      await tellOwner(tx, `booking-confirmed:${stayId}:owner`, {
        message: ownerBookingConfirmed(stay, site),
        kind: MESSAGE_KINDS.ownerBookingConfirmed,
        stayId,
      });
    },

    async bookingCanceled(tx, stayId, refundPence) {
      const stay = await guestStay(tx, stayId);
      if (!stay) return;
      await tellGuestAndOwner(tx, stay, `booking-canceled:${stayId}`, {
        guest: {
          message: guestBookingCanceled(stay, refundPence, site),
          kind: MESSAGE_KINDS.guestBookingCanceled,
          attachments: await documentsOf(tx, stayId, ['refund']),
        },
        owner: {
          message: ownerBookingCanceled(stay, refundPence, site),
          kind: MESSAGE_KINDS.ownerBookingCanceled,
        },
        stayId,
      });
    },

    async paymentRefundedNightsTaken(tx, stayId) {
      const stay = await guestStay(tx, stayId);
      if (!stay) return;
      // Refunded in full: the refund recorded on the stay, else what was paid, else its total.
      const refundPence = stay.refundedPence || stay.paidPence || stay.totalPence;
      await tellGuestAndOwner(tx, stay, `payment-refunded-nights-taken:${stayId}`, {
        guest: {
          message: guestPaymentRefundedNightsTaken(stay, refundPence, site),
          kind: MESSAGE_KINDS.guestPaymentRefunded,
        },
        owner: {
          message: ownerPaymentRefundedNightsTaken(stay, refundPence, site),
          kind: MESSAGE_KINDS.ownerPaymentRefunded,
        },
        stayId,
      });
    },

    async calendarConflict(tx, conflict) {
      const stay = await readStay(tx, conflict.stayId);
      await tellOwner(
        tx,
        `calendar-conflict:${conflict.sourceId}:${conflict.uid}:${conflict.checkIn}:${conflict.checkOut}:${conflict.stayId}`,
        {
          message: ownerCalendarConflict(conflict, stay, site),
          kind: MESSAGE_KINDS.ownerCalendarConflict,
          stayId: conflict.stayId,
        },
      );
    },

    async balancePaid(tx, stayId) {
      const stay = await guestStay(tx, stayId);
      if (!stay) return;
      await tellGuestAndOwner(tx, stay, `balance-paid:${stayId}`, {
        guest: {
          message: guestBalancePaid(stay, site),
          kind: MESSAGE_KINDS.guestBalancePaid,
          attachments: await documentsOf(tx, stayId, ['balance']),
        },
        owner: { message: ownerBalancePaid(stay, site), kind: MESSAGE_KINDS.ownerBalancePaid },
      });
    },

    async balancePaymentFailed(tx, stayId, attempt) {
      const stay = await guestStay(tx, stayId);
      if (!stay) return;
      await tellGuestAndOwner(tx, stay, `balance-failed:${stayId}:${attempt}`, {
        guest: {
          message: guestBalancePaymentLink(stay, site, 'failed'),
          kind: MESSAGE_KINDS.guestBalancePaymentLink,
        },
        owner: { message: ownerBalanceFailed(stay, site), kind: MESSAGE_KINDS.ownerBalanceFailed },
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
      await tellOwner(tx, `balance-unpaid:${stayId}:owner`, {
        message: ownerBalanceUnpaid(stay, site),
        kind: MESSAGE_KINDS.ownerBalanceUnpaid,
      });
    },

    async feedUnhealthy(tx, feed) {
      const now = clock.now();
      // The calendar capability calls this once per episode; the key keeps it to one a day per feed even if not.
      await tellOwner(tx, `feed-unhealthy:${feed.sourceId}:${todayOnPropertyClock(now)}`, {
        message: ownerFeedUnhealthy(feed, site),
        kind: MESSAGE_KINDS.ownerFeedUnhealthy,
      });
    },

    async alertOpened(tx, alert) {
      // One per episode: the alerts check opens an episode once, and the key makes sure of it.
      await tellOwner(tx, `alert:${alert.id}:opened`, {
        message: ownerAlertOpened(alert, site),
        kind: MESSAGE_KINDS.ownerAlertOpened,
      });
    },

    async alertResolved(tx, alert) {
      await tellOwner(tx, `alert:${alert.id}:resolved`, {
        message: ownerAlertResolved(alert, site),
        kind: MESSAGE_KINDS.ownerAlertResolved,
      });
    },

    async levyReturnDue(tx, levy) {
      // One per quarter, whichever process or run notices it closed.
      await tellOwner(tx, `levy-return:${levy.quarter}`, {
        message: ownerLevyReturnDue(levy, site),
        kind: MESSAGE_KINDS.ownerLevyReturnDue,
      });
    },
  };
}
