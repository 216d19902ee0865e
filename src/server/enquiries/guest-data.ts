import { and, inArray, lt, ne, type SQL } from 'drizzle-orm';
import { ERASED_NAME } from '../bookings/bookings-repository.ts';
import type { DbOrTx } from '../db/database.ts';
import { sameAddress } from '../db/same-address.ts';
import { enquiries, enquiryEvents, quotes } from '../db/schema.ts';
import { enquiryDetails } from './service.ts';

/**
 * A guest's enquiries and quotes in the guest-data export and erasure (UK GDPR articles 15 and 17; the guest
 * journey's guest-data.ts composes them with the stays). Erasure keeps the rows, their dates and prices, and
 * removes who wrote and what they wrote, as it does for stays (docs/decisions/028-enquiries-and-quotes.md).
 */

export async function enquiryDataOf(tx: DbOrTx, email: string) {
  const [asked, quoted] = await Promise.all([
    tx.select().from(enquiries).where(sameAddress(enquiries.email, email)),
    tx.select().from(quotes).where(sameAddress(quotes.contactEmail, email)),
  ]);
  return {
    enquiries: asked.map((row) => ({
      ...enquiryDetails(row),
      status: row.status,
      createdAt: row.createdAt.toISOString(),
    })),
    quotes: quoted.map((row) => ({
      id: row.id,
      kind: row.kind,
      checkInDate: row.checkIn,
      checkOutDate: row.checkOut,
      contactName: row.contactName,
      contactEmail: row.contactEmail,
      contactPhone: row.contactPhone,
      totalPence: row.totalPence,
      included: row.included,
      status: row.status,
      createdAt: row.createdAt.toISOString(),
    })),
  };
}

/** Erases who wrote and what they wrote in the enquiries and quotes `which` selects, keeping dates and prices. */
async function eraseWhere(
  tx: DbOrTx,
  which: { enquiries: SQL; quotes: SQL },
): Promise<{ erasedEnquiries: number; erasedQuotes: number }> {
  const erased = await tx
    .update(enquiries)
    .set({ name: ERASED_NAME, email: '', phone: '', message: '' })
    .where(which.enquiries)
    .returning({ id: enquiries.id });
  const ids = erased.map((row) => row.id);
  // The thread repeats what they wrote and their address.
  if (ids.length > 0) {
    await tx.update(enquiryEvents).set({ text: '(erased)' }).where(inArray(enquiryEvents.enquiryId, ids));
  }
  const quoted = await tx
    .update(quotes)
    .set({ contactName: ERASED_NAME, contactEmail: '', contactPhone: '' })
    .where(which.quotes)
    .returning({ id: quotes.id });
  return { erasedEnquiries: ids.length, erasedQuotes: quoted.length };
}

/** The guest's erasure request: every enquiry and quote of this address. */
export const eraseEnquiryData = (tx: DbOrTx, email: string) =>
  eraseWhere(tx, {
    enquiries: sameAddress(enquiries.email, email),
    quotes: sameAddress(quotes.contactEmail, email),
  });

/**
 * The retention rule for correspondence that is not a booking (the privacy policy's CORRESPONDENCE_YEARS):
 * enquiries and quotes written before `cutoff` lose who wrote them and what they said. A quote that became a
 * booking keeps its stay, whose own details follow the booking records' 7 years.
 */
export const eraseEnquiriesBefore = (tx: DbOrTx, cutoff: Date) =>
  eraseWhere(tx, {
    enquiries: and(lt(enquiries.createdAt, cutoff), ne(enquiries.email, ''))!,
    quotes: and(lt(quotes.createdAt, cutoff), ne(quotes.contactEmail, ''))!,
  });
