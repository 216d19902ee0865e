import { and, asc, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import { bookingReference } from '../../domain/booking-reference.ts';
import { todayOnPropertyClock } from '../../domain/dates.ts';
import { propertyLocalInstant } from '../../domain/property-clock.ts';
import { correspondenceCutoff, registerRetentionCutoff, retentionCutoff } from '../../domain/retention.ts';
import { eraseAcceptances, readAcceptances } from '../arrival/agreement.ts';
import { eraseRegisters, eraseRegistersBefore, readRegisters } from '../arrival/register.ts';
import { audit } from '../audit/audit.ts';
import {
  type BookingsRepository,
  stayBookingDetails,
  stayTimestamps,
} from '../bookings/bookings-repository.ts';
import type { Clock } from '../clock.ts';
import type { Db, DbOrTx } from '../db/database.ts';
import { sameAddress } from '../db/same-address.ts';
import { outbox, stays } from '../db/schema.ts';
import { deleteDocumentsOfStays, listStaysDocuments } from '../documents/repository.ts';
import { enquiryDataOf, eraseEnquiriesBefore, eraseEnquiryData } from '../enquiries/guest-data.ts';
import { deleteReviewsOfStays, reviewsOfStays, reviewWords } from '../reviews/repository.ts';

/**
 * The guest's data under UK GDPR: everything held about a guest (by e-mail address) as JSON for a subject access
 * request, erasure on request, and the retention the privacy policy states (booking records 7 years after the
 * stay). Erasing replaces the personal fields and keeps the stay's dates and money for the accounts.
 */

export { ERASED_NAME } from '../bookings/bookings-repository.ts';

const erasedMessageFields = {
  to: '',
  subject: '(erased)',
  html: '',
  text: '',
  attachments: [],
};

/** Erases the given stays (through the bookings module) and every message about them; returns the counts. */
async function eraseStays(
  bookings: BookingsRepository,
  tx: DbOrTx,
  ids: string[],
  now: Date,
  alsoTo?: string,
) {
  if (ids.length === 0 && alsoTo === undefined) return { erasedStays: 0, erasedMessages: 0 };
  const erased = await bookings.eraseGuests({ ids, now }, tx);
  // The check-in's personal data goes with the stay's: the register and the agreement's acceptance.
  await eraseRegisters(tx, ids);
  await eraseAcceptances(tx, ids);
  const messages = await tx
    .update(outbox)
    .set(erasedMessageFields)
    .where(
      or(
        ids.length > 0 ? inArray(outbox.stayId, ids) : undefined,
        alsoTo !== undefined ? sameAddress(outbox.to, alsoTo) : undefined,
      ),
    )
    .returning({ id: outbox.id });
  return { erasedStays: erased.length, erasedMessages: messages.length };
}

export function createGuestData(deps: {
  db: Db;
  clock: Clock;
  bookings: BookingsRepository;
  /** A published review was erased with its guest: the public pages are rendered again (decision 012). */
  reviewsChanged?: () => void;
}) {
  const { db, clock, bookings } = deps;
  /** Erases the stays' reviews too (decision 029); after the commit, the pages drop a published one. */
  const eraseReviews = async (tx: DbOrTx, ids: string[]) => {
    const { deleted, published } = await deleteReviewsOfStays(tx, ids);
    return { erasedReviews: deleted, afterCommit: published > 0 ? deps.reviewsChanged : undefined };
  };

  const staysOf = (tx: DbOrTx, email: string) =>
    tx
      .select()
      .from(stays)
      .where(and(eq(stays.kind, 'guest'), sameAddress(stays.contactEmail, email)))
      .orderBy(asc(stays.checkIn));

  return {
    /** Everything held about the guest with this e-mail address: their stays and the messages to or about them. */
    async export(email: string, actor: string) {
      const rows = await staysOf(db, email);
      const ids = rows.map((row) => row.id);
      const messages = await db
        .select()
        .from(outbox)
        .where(or(sameAddress(outbox.to, email), ids.length > 0 ? inArray(outbox.stayId, ids) : undefined))
        .orderBy(asc(outbox.createdAt), asc(outbox.id));
      const asked = await enquiryDataOf(db, email);
      const reviews = await reviewsOfStays(db, ids);
      const issued = ids.length > 0 ? await listStaysDocuments(db, ids) : [];
      const [registers, acceptances] = await Promise.all([readRegisters(db, ids), readAcceptances(db, ids)]);
      await audit(db, { actor, action: 'guest.exported', details: { stays: ids.length } });
      return {
        email: email.trim(),
        ...asked,
        exportedAt: clock.now().toISOString(),
        stays: rows.map((row) => ({
          reference: bookingReference(row.id),
          id: row.id,
          status: row.status,
          ...stayBookingDetails(row),
          accessCode: row.accessCode,
          totalPence: row.totalPence,
          paidPence: row.paidPence,
          refundedPence: row.refundedPence,
          ...stayTimestamps(row),
          guestRegister: registers.get(row.id) ?? [],
          houseAgreementAcceptance: acceptances.get(row.id) ?? null,
        })),
        /** The receipts and credit notes issued to them, as issued (docs/decisions/026). */
        documents: issued.map((row) => ({
          number: row.number,
          reference: bookingReference(row.stayId),
          issuedOn: row.issuedOn,
          amountPence: row.amountPence,
          content: row.content,
        })),
        messages: messages.map((row) => ({
          kind: row.kind,
          to: row.to,
          subject: row.subject,
          text: row.text,
          status: row.status,
          createdAt: row.createdAt.toISOString(),
          sentAt: row.sentAt?.toISOString() ?? null,
        })),
        reviews: reviews.map((row) => ({
          reference: row.stayId ? bookingReference(row.stayId) : null,
          ...reviewWords(row),
          writtenAt: row.writtenAt.toISOString(),
          publishedAt: row.publishedAt?.toISOString() ?? null,
          reply: row.reply,
        })),
      };
    },

    /** Erases the guest with this address: their stays' personal fields and the messages to or about them. */
    async erase(email: string, actor: string) {
      const { counts, afterCommit } = await db.transaction(async (tx) => {
        const ids = (await staysOf(tx, email)).map((row) => row.id);
        const erased = {
          ...(await eraseStays(bookings, tx, ids, clock.now(), email)),
          ...(await eraseEnquiryData(tx, email)),
        };
        const { erasedReviews, afterCommit } = await eraseReviews(tx, ids);
        // The audit names the stays, never the address that was erased.
        await audit(tx, {
          actor,
          action: 'guest.erased',
          details: { stayIds: ids, ...erased, erasedReviews },
        });
        return { counts: erased, afterCommit };
      });
      afterCommit?.();
      return counts;
    },

    /**
     * The retention rules: guest stays whose check-out is more than BOOKING_RECORDS_YEARS ago are erased, and the
     * guest register of stays whose check-out is more than GUEST_REGISTER_MONTHS ago.
     */
    async eraseExpired() {
      const now = clock.now();
      const today = todayOnPropertyClock(now);
      const cutoff = retentionCutoff(today);
      const { result, afterCommit } = await db.transaction(async (tx) => {
        const due = await tx
          .select({ id: stays.id })
          .from(stays)
          .where(and(eq(stays.kind, 'guest'), isNull(stays.erasedAt), lt(stays.checkOut, cutoff)));
        const ids = due.map((row) => row.id);
        const counts = {
          ...(await eraseStays(bookings, tx, ids, now)),
          deletedDocuments: await deleteDocumentsOfStays(tx, ids),
        };
        const { erasedReviews, afterCommit } = await eraseReviews(tx, ids);
        if (ids.length > 0) {
          await audit(tx, {
            actor: 'retention',
            action: 'guest.erased',
            details: { stayIds: ids, cutoff, ...counts, erasedReviews },
          });
        }
        const registerCutoff = registerRetentionCutoff(today);
        const registersErased = await eraseRegistersBefore(tx, registerCutoff);
        if (registersErased.length > 0) {
          await audit(tx, {
            actor: 'retention',
            action: 'guest_register.erased',
            details: { stayIds: registersErased, cutoff: registerCutoff },
          });
        }
        const correspondence = correspondenceCutoff(today);
        const { erasedEnquiries, erasedQuotes } = await eraseEnquiriesBefore(
          tx,
          propertyLocalInstant(correspondence, 0, 0),
        );
        if (erasedEnquiries + erasedQuotes > 0) {
          await audit(tx, {
            actor: 'retention',
            action: 'enquiry.erased',
            details: { cutoff: correspondence, erasedEnquiries, erasedQuotes },
          });
        }
        return {
          result: {
            ...counts,
            stayIds: ids,
            erasedRegisters: registersErased.length,
            erasedEnquiries,
            erasedQuotes,
          },
          afterCommit,
        };
      });
      afterCommit?.();
      return result;
    },
  };
}

export type GuestData = ReturnType<typeof createGuestData>;
