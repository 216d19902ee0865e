import { asc, eq, inArray } from 'drizzle-orm';
import { ARRIVAL_STEP_LABELS } from '../../domain/api/arrival.ts';
import type { ScheduledMessageKind, StayMessage } from '../../domain/api/guest-journey.ts';
import { addDays, DAY_MS, todayOnPropertyClock } from '../../domain/dates.ts';
import { CHECK_IN_TIME } from '../../domain/property.ts';
import { guestAddress } from '../../domain/property-facts.ts';
import { readArrivals } from '../arrival/readiness.ts';
import type { BookingsRepository, StayRow } from '../bookings/bookings-repository.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { outbox } from '../db/schema.ts';
import type { RenderedMessage } from '../email/layout.ts';
import {
  guestArrival,
  guestArrivalStepsMissing,
  guestCheckInReminder,
  guestThankYou,
  type MessageSite,
  ownerAccessCodeMissing,
  ownerStayNotReady,
} from '../email/messages.ts';
import { enqueueMessage, MESSAGE_KINDS } from '../email/notifications.ts';
import { propertyLocalInstant } from '../email/stay-calendar.ts';
import { createOwnerContentRepository } from '../owner-content/repository.ts';
import { accessCodeFor, readGuestMessageSettings } from './settings.ts';

/**
 * The messages a stay gets by the clock (docs/decisions/017-after-paying.md): the arrival e-mail 24 hours before
 * check-in, the owner's warning 36 hours before when the stay has no access code, and the thank-you the morning
 * after check-out. Nothing about them is stored ahead: each run works out, from the stays as they are now, which
 * messages are due, and queues each in the outbox under a dedupe key that names the stay (and, for the arrival,
 * its check-in). So a cancelled stay has nothing due, moved dates move the messages, a restart loses nothing, and
 * two runs at once queue each message once (the outbox's unique dedupe key).
 */

const HOUR_MS = 60 * 60_000;
export const ARRIVAL_LEAD_MS = 24 * HOUR_MS;
export const ACCESS_CODE_WARNING_LEAD_MS = 36 * HOUR_MS;
/** Reminders to check in online while a required step is open (docs/decisions/025-online-check-in.md). */
export const CHECK_IN_REMINDER_LEADS_MS = [72 * HOUR_MS, 48 * HOUR_MS] as const;
/** The owner's warning of a stay not ready for its access code. */
export const NOT_READY_WARNING_LEAD_MS = 36 * HOUR_MS;
/** The thank-you goes at this hour, on the property's clock, the day after check-out. */
export const THANK_YOU_HOUR = 9;
/** A thank-you not sent within this long after its time (the server was off) is left unsent. */
const THANK_YOU_WINDOW_MS = 3 * DAY_MS;

/** The owner's names for the outbox's kinds of message about a stay. */
const OUTBOX_LABELS: Record<string, string> = {
  [MESSAGE_KINDS.guestBookingConfirmed]: 'Confirmation to the guest',
  [MESSAGE_KINDS.ownerBookingConfirmed]: 'New booking notice to you',
  [MESSAGE_KINDS.guestBookingCanceled]: 'Cancellation to the guest',
  [MESSAGE_KINDS.ownerBookingCanceled]: 'Cancellation notice to you',
  [MESSAGE_KINDS.guestPaymentRefunded]: 'Refund (nights taken) to the guest',
  [MESSAGE_KINDS.ownerPaymentRefunded]: 'Refund (nights taken) notice to you',
  [MESSAGE_KINDS.ownerCalendarConflict]: 'Calendar conflict notice to you',
  [MESSAGE_KINDS.guestArrival]: 'Arrival e-mail (check-in instructions and access code)',
  [MESSAGE_KINDS.guestThankYou]: 'Thank-you e-mail',
  [MESSAGE_KINDS.ownerAccessCodeMissing]: 'Warning to you: no access code',
  [MESSAGE_KINDS.ownerChangeRequest]: 'Change request from the guest',
  [MESSAGE_KINDS.guestArrivalStepsMissing]: 'Arrival e-mail (what is missing to check in, no code)',
  [MESSAGE_KINDS.guestCheckInReminder]: 'Reminder to check in online',
  [MESSAGE_KINDS.ownerStayNotReady]: 'Warning to you: not checked in',
  [MESSAGE_KINDS.guestDamageHoldFailed]: 'Damage deposit declined: link to the guest',
  [MESSAGE_KINDS.ownerDamageHoldFailed]: 'Damage deposit declined: notice to you',
  [MESSAGE_KINDS.guestDamageHoldRenewal]: 'Damage deposit held once more: notice to the guest',
  [MESSAGE_KINDS.guestDamageHoldClaimed]: 'Damage deposit claimed: reason and receipt to the guest',
};

export type ScheduledMessage = {
  kind: ScheduledMessageKind;
  outboxKind: string;
  label: string;
  dedupeKey: string;
  /** When it is due. */
  dueAt: Date;
  /** After this it is no longer worth sending. */
  until: Date;
  to: 'guest' | 'owner';
};

type ScheduleStay = Pick<StayRow, 'id' | 'checkIn' | 'checkOut' | 'accessCode'>;

/** The arrival e-mail with the access code: once per stay and check-in day. */
const arrivalKey = (stay: Pick<ScheduleStay, 'id' | 'checkIn'>) => `arrival:${stay.id}:${stay.checkIn}`;
/** The messages of a stay not ready for its access code. */
const NOT_READY_KINDS = new Set<ScheduledMessageKind>([
  'arrival_steps_missing',
  'check_in_reminder',
  'not_ready',
]);

/**
 * A stay's clock-driven messages, whatever its status (the caller decides whether they still go). `missing`: the
 * online check-in steps still open (docs/decisions/025-online-check-in.md). The arrival e-mail with the access
 * code is due only once none is; until then the arrival e-mail lists what is missing, the guest is reminded 72 and
 * 48 hours before check-in and the owner warned 36 hours before. Done late, the code's e-mail is due at once
 * (its time has passed and the stay is not over).
 */
export function scheduleOf(
  stay: ScheduleStay,
  options: { hasAccessCode: boolean; missing: readonly string[] },
): ScheduledMessage[] {
  const checkInAt = propertyLocalInstant(stay.checkIn, CHECK_IN_TIME.hour, CHECK_IN_TIME.minute);
  const checkOutAt = propertyLocalInstant(stay.checkOut, 0, 0);
  const thankYouAt = propertyLocalInstant(addDays(stay.checkOut, 1), THANK_YOU_HOUR, 0);
  const before = (lead: number) => new Date(checkInAt.getTime() - lead);
  const ready = options.missing.length === 0;
  const messages: ScheduledMessage[] = [];
  if (!options.hasAccessCode) {
    messages.push({
      kind: 'access_code_missing',
      outboxKind: MESSAGE_KINDS.ownerAccessCodeMissing,
      label: 'Warning to you: no access code',
      dedupeKey: `access-code-missing:${stay.id}:${stay.checkIn}`,
      dueAt: before(ACCESS_CODE_WARNING_LEAD_MS),
      until: checkInAt,
      to: 'owner',
    });
  }
  if (!ready) {
    const [first, second] = CHECK_IN_REMINDER_LEADS_MS;
    for (const [lead, next] of [
      [first, second],
      [second, ARRIVAL_LEAD_MS],
    ] as const) {
      messages.push({
        kind: 'check_in_reminder',
        outboxKind: MESSAGE_KINDS.guestCheckInReminder,
        label: `Reminder to check in online (${lead / HOUR_MS} hours before)`,
        dedupeKey: `check-in-reminder:${lead / HOUR_MS}:${stay.id}:${stay.checkIn}`,
        dueAt: before(lead),
        // A stay booked late gets the reminder of its time only, not every one it missed.
        until: before(next),
        to: 'guest',
      });
    }
    messages.push({
      kind: 'not_ready',
      outboxKind: MESSAGE_KINDS.ownerStayNotReady,
      label: 'Warning to you: not checked in',
      dedupeKey: `not-ready:${stay.id}:${stay.checkIn}`,
      dueAt: before(NOT_READY_WARNING_LEAD_MS),
      until: checkInAt,
      to: 'owner',
    });
    messages.push({
      kind: 'arrival_steps_missing',
      outboxKind: MESSAGE_KINDS.guestArrivalStepsMissing,
      label: 'Arrival e-mail (what is missing to check in, no code)',
      dedupeKey: `arrival-steps-missing:${stay.id}:${stay.checkIn}`,
      dueAt: before(ARRIVAL_LEAD_MS),
      until: checkOutAt,
      to: 'guest',
    });
  } else {
    messages.push({
      kind: 'arrival',
      outboxKind: MESSAGE_KINDS.guestArrival,
      label: 'Arrival e-mail (check-in instructions and access code)',
      dedupeKey: arrivalKey(stay),
      dueAt: before(ARRIVAL_LEAD_MS),
      until: checkOutAt,
      to: 'guest',
    });
  }
  messages.push({
    kind: 'thank_you',
    outboxKind: MESSAGE_KINDS.guestThankYou,
    label: 'Thank-you e-mail',
    dedupeKey: `thank-you:${stay.id}`,
    dueAt: thankYouAt,
    until: new Date(thankYouAt.getTime() + THANK_YOU_WINDOW_MS),
    to: 'guest',
  });
  return messages.sort((a, b) => a.dueAt.getTime() - b.dueAt.getTime());
}

export type GuestMessagesDeps = {
  db: Db;
  bookings: BookingsRepository;
  clock: Clock;
  site: MessageSite;
  ownerEmail: string;
  log: { info(obj: object, msg?: string): void };
};

export function createScheduledMessages(deps: GuestMessagesDeps) {
  const { db, clock, site } = deps;

  /** Guest stays that may have a message due now: confirmed, not erased, from 3 days ahead to 5 days back. */
  async function candidates(now: Date, stayId?: string): Promise<StayRow[]> {
    const today = todayOnPropertyClock(now);
    return deps.bookings.confirmedGuestStaysAround({
      arrivingBy: addDays(today, 4),
      leftSince: addDays(today, -5),
      stayId,
    });
  }

  /** Each stay's online check-in steps still open, in the guest's words. */
  async function missingSteps(rows: StayRow[], now: Date): Promise<Map<string, string[]>> {
    const arrivals = await readArrivals(db, rows, now);
    return new Map(
      rows.map((stay) => [
        stay.id,
        (arrivals.get(stay.id)?.readiness.missing ?? []).map((step) => ARRIVAL_STEP_LABELS[step]),
      ]),
    );
  }

  /**
   * Queues every message due now that is not in the outbox yet (of one stay: the moment its check-in is done). Safe to run concurrently (each message has
   * one dedupe key); the job registry (src/server/jobs/registry.ts) runs it once per interval across processes.
   */
  async function queueDue(only: { stayId?: string } = {}): Promise<{ queued: string[] }> {
    const now = clock.now();
    const rows = await candidates(now, only.stayId);
    if (rows.length === 0) return { queued: [] };
    const saved = await readGuestMessageSettings(db);
    const address = guestAddress(await createOwnerContentRepository(db).readFacts());
    const missing = await missingSteps(rows, now);
    const due = rows.flatMap((stay) =>
      scheduleOf(stay, {
        hasAccessCode: accessCodeFor(stay, saved) !== '',
        missing: missing.get(stay.id) ?? [],
      })
        .filter((message) => message.dueAt <= now && now < message.until)
        .map((message) => ({ stay, message })),
    );
    if (due.length === 0) return { queued: [] };
    const known = new Set(
      (
        await db
          .select({ dedupeKey: outbox.dedupeKey })
          .from(outbox)
          .where(
            inArray(outbox.dedupeKey, [
              ...due.map(({ message }) => message.dedupeKey),
              ...due.map(({ stay }) => arrivalKey(stay)),
            ]),
          )
      ).map((row) => row.dedupeKey),
    );
    const queued: string[] = [];
    for (const { stay, message } of due) {
      if (known.has(message.dedupeKey)) continue;
      // Once the access code went, a step the owner adds later asks the guest nothing more.
      if (NOT_READY_KINDS.has(message.kind) && known.has(arrivalKey(stay))) continue;
      const to = message.to === 'guest' ? stay.contactEmail : deps.ownerEmail;
      if (!to) continue;
      const rendered = render(message.kind, stay, {
        accessCode: accessCodeFor(stay, saved),
        saved,
        address,
        missing: missing.get(stay.id) ?? [],
      });
      const done = await db.transaction(async (tx) => {
        // Read again in the transaction that queues it: a stay cancelled or moved since is left alone.
        const current = await deps.bookings.findStay({ id: stay.id, forUpdate: true }, tx);
        if (current?.status !== 'confirmed' || current.checkIn !== stay.checkIn) return false;
        await enqueueMessage(tx, {
          ...rendered,
          dedupeKey: message.dedupeKey,
          kind: message.outboxKind,
          to,
          stayId: stay.id,
          now,
        });
        return true;
      });
      if (done) queued.push(message.dedupeKey);
    }
    if (queued.length > 0) deps.log.info({ queued }, 'scheduled guest messages queued');
    return { queued };
  }

  function render(
    kind: ScheduledMessageKind,
    stay: StayRow,
    context: {
      accessCode: string;
      saved: Awaited<ReturnType<typeof readGuestMessageSettings>>;
      address: string | null;
      /** The online check-in steps still open, in the guest's words. */
      missing: string[];
    },
  ): RenderedMessage {
    switch (kind) {
      case 'arrival':
        return guestArrival(
          stay,
          {
            checkInInstructions: context.saved.checkInInstructions,
            accessCode: context.accessCode,
            address: context.address,
          },
          site,
        );
      case 'thank_you':
        return guestThankYou(stay, context.saved.reviewUrl, site);
      case 'access_code_missing':
        return ownerAccessCodeMissing(stay, site);
      case 'arrival_steps_missing':
        return guestArrivalStepsMissing(stay, context.missing, site);
      case 'check_in_reminder':
        return guestCheckInReminder(stay, context.missing, site);
      case 'not_ready':
        return ownerStayNotReady(stay, context.missing, site);
    }
  }

  /** A stay's messages for the owner: what the outbox holds for it, then what is still to come. */
  async function messagesOf(stay: StayRow): Promise<StayMessage[]> {
    const now = clock.now();
    const sent = await db
      .select()
      .from(outbox)
      .where(eq(outbox.stayId, stay.id))
      .orderBy(asc(outbox.createdAt), asc(outbox.id));
    const saved = await readGuestMessageSettings(db);
    const keys = new Set(sent.map((row) => row.dedupeKey));
    const listed: StayMessage[] = sent.map((row) => ({
      kind: row.kind,
      label: OUTBOX_LABELS[row.kind] ?? row.kind,
      to: row.to,
      status: row.status,
      at: row.createdAt.toISOString(),
      sentAt: row.sentAt?.toISOString() ?? null,
      subject: row.subject,
    }));
    if (stay.kind !== 'guest' || stay.erasedAt || !['confirmed', 'canceled'].includes(stay.status)) {
      return listed;
    }
    const missing = (await missingSteps([stay], now)).get(stay.id) ?? [];
    for (const message of scheduleOf(stay, { hasAccessCode: accessCodeFor(stay, saved) !== '', missing })) {
      if (keys.has(message.dedupeKey) || now >= message.until) continue;
      listed.push({
        kind: message.outboxKind,
        label: message.label,
        to: message.to === 'guest' ? stay.contactEmail : deps.ownerEmail,
        status: stay.status === 'canceled' ? 'canceled' : 'scheduled',
        at: message.dueAt.toISOString(),
        sentAt: null,
        subject: null,
      });
    }
    return listed;
  }

  return { queueDue, messagesOf, render };
}

export type ScheduledMessages = ReturnType<typeof createScheduledMessages>;
