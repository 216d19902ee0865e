import { createHash, timingSafeEqual } from 'node:crypto';
import { and, eq, inArray, isNull, like } from 'drizzle-orm';
import type {
  ChangeRequest,
  ManageCancelResponse,
  ManagedBooking,
  StayMoney,
} from '../../domain/api/guest-journey.ts';
import {
  BOOKING_REFERENCE_BITS,
  bookingReference,
  CROCKFORD_ALPHABET,
  normalizeReferenceInput,
} from '../../domain/booking-reference.ts';
import { daysBetween, todayOnPropertyClock } from '../../domain/dates.ts';
import { balanceOutstanding, balancePaymentPath } from '../../domain/payment-schedule.ts';
import { CHECK_IN_TIME, CHECK_OUT_TIME } from '../../domain/property.ts';
import { guestAddress } from '../../domain/property-facts.ts';
import type { AdminBookingService } from '../admin-bookings/service.ts';
import { audit } from '../audit/audit.ts';
import type { BookingsRepository, StayRow } from '../bookings/bookings-repository.ts';
import type { Clock } from '../clock.ts';
import type { Db, DbOrTx } from '../db/database.ts';
import { stays } from '../db/schema.ts';
import { type MessageSite, ownerChangeRequest } from '../email/messages.ts';
import { enqueueMessage, MESSAGE_KINDS } from '../email/notifications.ts';
import { stayCalendarFile } from '../email/stay-calendar.ts';
import { conflict, HttpError, notFound } from '../errors.ts';
import { createOwnerContentRepository } from '../owner-content/repository.ts';
import { readGuestMessageSettings } from './settings.ts';

/**
 * The guest's 'manage my booking' page (`/booking/{reference}?key=…`): a confirmed stay found by its reference
 * and the key in the guest's link, with no login. A wrong or missing key answers exactly as a booking that does
 * not exist. Cancelling goes through the owner's own cancellation (the same refund, the same provider call, the
 * same e-mails), as the guest; asking for a change writes to the owner, who decides.
 */

/** The actor of the audit log for what the guest does on the manage page. */
export const GUEST_ACTOR = 'guest';

/** The one answer for a missing booking, a wrong key and no key. */
const noSuchBooking = () =>
  notFound('There is no booking with that reference, or the link is not complete.', 'booking_not_found');

/** The first 40 bits of the booking id as its first ten hex digits ('8d386281a4'), or null if not a reference. */
export function idPrefixOf(reference: string): string | null {
  const symbols = normalizeReferenceInput(reference);
  if (symbols.length !== BOOKING_REFERENCE_BITS / 5) return null;
  let value = 0;
  for (const symbol of symbols) {
    const digit = CROCKFORD_ALPHABET.indexOf(symbol);
    if (digit < 0) return null;
    value = value * 32 + digit;
  }
  const hex = value.toString(16).padStart(10, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8)}`;
}

/** Compares two secrets in constant time (their SHA-256, so their lengths never show). */
export function sameSecret(given: string, stored: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(stored));
}

/**
 * What is paid and due, from the stay's stored money. Today a confirmed stay is paid in full: online (its
 * `paid_pence`), or outside the site when the owner confirmed it by hand; nothing is due. The payment-schedule
 * issue replaces this with the stay's instalments.
 */
export function moneyOf(stay: StayRow): StayMoney {
  const confirmed = stay.status === 'confirmed';
  const outstanding = balanceOutstanding(stay);
  return {
    totalPence: stay.totalPence,
    // A deposit booking has paid what it records; any other confirmed stay is settled in full (the owner's
    // bookings may be paid outside the site).
    paidPence:
      confirmed && stay.scheduleKind !== 'deposit'
        ? Math.max(stay.paidPence, stay.totalPence)
        : stay.paidPence,
    refundedPence: stay.refundedPence,
    duePence: outstanding ? stay.balancePence : 0,
    balanceDueOn: outstanding && stay.balanceStatus === 'scheduled' ? stay.balanceDueOn : null,
    payBalancePath: outstanding && stay.balanceStatus === 'failed' ? balancePaymentPath(stay.id) : null,
  };
}

/**
 * The guest's stay for a reference and the key of their link, or the 404 that says nothing about whether it
 * exists. Every route keyed by the guest's link finds its stay here: the manage page's, the guest's documents
 * (src/server/documents/), the check-in's (src/server/arrival/) and the review's (src/server/reviews/).
 */
export async function requireManagedStay(
  db: DbOrTx,
  reference: string,
  key: string | undefined,
): Promise<StayRow> {
  const prefix = idPrefixOf(reference);
  if (!prefix || !key) throw noSuchBooking();
  const rows = await db
    .select()
    .from(stays)
    .where(
      and(
        like(stays.id, `${prefix}%`),
        eq(stays.kind, 'guest'),
        inArray(stays.status, ['confirmed', 'canceled']),
        isNull(stays.erasedAt),
      ),
    );
  // References are 40 bits of the id: two stays may share one; the key tells them apart.
  const match = rows.find((row) => sameSecret(key, row.manageKey));
  if (!match) throw noSuchBooking();
  return match;
}

export function createManageBooking(deps: {
  db: Db;
  clock: Clock;
  bookings: BookingsRepository;
  site: MessageSite;
  ownerEmail: string;
  /** The owner's booking service: its refund preview and cancellation are the guest's too. */
  adminBookings: AdminBookingService;
}) {
  const { db, clock, site } = deps;

  const requireStay = (reference: string, key: string | undefined) => requireManagedStay(db, reference, key);

  /** Check-in day at the latest: after that the stay has begun and is the owner's to cancel. */
  const cancellable = (stay: StayRow) =>
    stay.status === 'confirmed' && daysBetween(todayOnPropertyClock(clock.now()), stay.checkIn) >= 0;

  async function view(stay: StayRow): Promise<ManagedBooking> {
    const saved = await readGuestMessageSettings(db);
    const facts = saved.showAddress ? await createOwnerContentRepository(db).readFacts() : undefined;
    const address = facts ? guestAddress(facts) : null;
    return {
      reference: bookingReference(stay.id),
      status: stay.status,
      checkInDate: stay.checkIn,
      checkOutDate: stay.checkOut,
      nights: daysBetween(stay.checkIn, stay.checkOut),
      guestCount: stay.guestCount,
      contactName: stay.contactName,
      accommodationPence: stay.accommodationPence,
      cleaningFeePence: stay.cleaningFeePence,
      serviceFeePence: stay.serviceFeePence,
      money: moneyOf(stay),
      checkInTime: CHECK_IN_TIME.label,
      checkOutTime: CHECK_OUT_TIME.label,
      showAddress: saved.showAddress,
      address,
      refund: cancellable(stay) ? await deps.adminBookings.refundPreview(stay.id, false) : null,
      canceledAt: stay.canceledAt?.toISOString() ?? null,
    };
  }

  return {
    async get(reference: string, key: string | undefined) {
      return view(await requireStay(reference, key));
    },

    async calendarFile(reference: string, key: string | undefined) {
      const stay = await requireStay(reference, key);
      if (stay.status !== 'confirmed') throw conflict('This booking is cancelled.', 'already_canceled');
      return {
        filename: `the-tower-${bookingReference(stay.id).toLowerCase()}.ics`,
        content: stayCalendarFile({ ...stay, stayId: stay.id, ...site }, clock.now()),
      };
    },

    /** Cancels as the guest, with the refund the terms give today, through the owner's own cancellation. */
    async cancel(reference: string, key: string | undefined): Promise<ManageCancelResponse> {
      const stay = await requireStay(reference, key);
      if (stay.status === 'canceled')
        throw conflict('This booking is already cancelled.', 'already_canceled');
      if (!cancellable(stay)) {
        throw conflict(
          'Your stay has begun, so it can no longer be cancelled here. Please write to us.',
          'stay_started',
        );
      }
      let refundPence: number;
      let refundPending = false;
      try {
        ({ refundPence } = await deps.adminBookings.cancel(stay.id, { byOwner: false }, GUEST_ACTOR));
      } catch (error) {
        // Cancelled, but the provider refused the refund for now: the owner is flagged and retries it.
        if (!(error instanceof HttpError && error.code === 'refund_failed')) throw error;
        refundPending = true;
        const current = await deps.bookings.findStay({ id: stay.id });
        refundPence = current?.refundDuePence ?? 0;
      }
      const after = await deps.bookings.findStay({ id: stay.id });
      return { booking: await view(after ?? stay), refundPence, refundPending };
    },

    /** 'Ask for a change': an e-mail to the owner with the dates wanted; nothing about the stay changes. */
    async requestChange(reference: string, key: string | undefined, request: ChangeRequest) {
      const stay = await requireStay(reference, key);
      if (stay.status !== 'confirmed') throw conflict('This booking is cancelled.', 'already_canceled');
      const now = clock.now();
      await db.transaction(async (tx) => {
        await enqueueMessage(tx, {
          ...ownerChangeRequest(
            stay,
            { checkIn: request.checkInDate, checkOut: request.checkOutDate, message: request.message },
            site,
          ),
          dedupeKey: `change-request:${stay.id}:${now.getTime()}`,
          kind: MESSAGE_KINDS.ownerChangeRequest,
          to: deps.ownerEmail,
          stayId: stay.id,
          now,
        });
        await audit(tx, {
          actor: GUEST_ACTOR,
          action: 'booking.change_requested',
          details: { stayId: stay.id, checkIn: request.checkInDate, checkOut: request.checkOutDate },
        });
      });
    },
  };
}
