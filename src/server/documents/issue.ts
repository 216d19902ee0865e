import { bookingReference } from '../../domain/booking-reference.ts';
import { daysBetween, todayOnPropertyClock } from '../../domain/dates.ts';
import {
  addressLines,
  type DocumentContent,
  type DocumentKind,
  type DocumentPayment,
  PAYMENT_LABELS,
  quoteLines,
  vatInclusive,
} from '../../domain/documents.ts';
import { balanceOutstanding } from '../../domain/payment-schedule.ts';
import type { Quote } from '../../domain/pricing.ts';
import { PROPERTY_NAME } from '../../domain/property.ts';
import { guestAddress, PUBLIC_LOCALITY } from '../../domain/property-facts.ts';
import type { StayRow } from '../bookings/bookings-repository.ts';
import type { Tx } from '../db/database.ts';
import { createOwnerContentRepository } from '../owner-content/repository.ts';
import {
  type DocumentRow,
  findIssued,
  insertDocument,
  listStayDocuments,
  readInvoiceDetails,
  readInvoicingSettings,
} from './repository.ts';

/**
 * Issuing a receipt or a credit note, inside the transaction that records its payment or refund (the payments'
 * and the owner's cancellation's own transactions call these, after the stay is written): if that transaction
 * rolls back, so does the document and its number. Each payment or refund (`sourceRef`, the provider's id) is
 * issued once; a repeat returns the first. See docs/decisions/026-receipts-and-credit-notes.md.
 */

type Issue = {
  /** The stay as this transaction leaves it (its payment or refund already recorded). */
  stay: StayRow;
  /** The provider's id of the payment or refund. */
  sourceRef: string;
  amountPence: number;
  /** The provider's fee for a payment, where it reports one (kept for the owner's tax year, not printed). */
  providerFeePence?: number | null;
  now: Date;
};

export function issueReceipt(
  tx: Tx,
  input: Issue & { payment: Exclude<DocumentPayment, 'refund'> },
): Promise<DocumentRow> {
  return issue(tx, 'receipt', input.payment, input);
}

export function issueCreditNote(tx: Tx, input: Issue): Promise<DocumentRow> {
  return issue(tx, 'credit_note', 'refund', input);
}

async function issue(
  tx: Tx,
  kind: DocumentKind,
  payment: DocumentPayment,
  { stay, sourceRef, amountPence, providerFeePence, now }: Issue,
): Promise<DocumentRow> {
  const issued = await findIssued(tx, kind, sourceRef);
  if (issued) return issued;
  // One after another: a transaction is one connection, which runs one statement at a time (node-postgres queues
  // the others, a use it deprecates).
  const settings = await readInvoicingSettings(tx);
  const facts = await createOwnerContentRepository(tx).readFacts(tx);
  const company = await readInvoiceDetails(tx, stay.id);
  const earlier = kind === 'credit_note' ? await listStayDocuments(tx, stay.id) : [];
  const owed = balanceOutstanding(stay);
  const content: Omit<DocumentContent, 'number'> = {
    kind,
    issuedOn: todayOnPropertyClock(now),
    seller: {
      name: settings.tradingName ?? PROPERTY_NAME,
      address: settings.tradingAddress
        ? addressLines(settings.tradingAddress)
        : (guestAddress(facts) ?? `${PUBLIC_LOCALITY.locality}, ${PUBLIC_LOCALITY.region}`).split(', '),
      email: facts.enquiriesEmail,
      vatNumber: settings.vatNumber,
    },
    buyer: {
      name: stay.contactName,
      company: company ? { name: company.companyName, address: addressLines(company.companyAddress) } : null,
    },
    booking: {
      reference: bookingReference(stay.id),
      checkIn: stay.checkIn,
      checkOut: stay.checkOut,
      nights: daysBetween(stay.checkIn, stay.checkOut),
      guests: stay.guestCount,
    },
    lines: quoteLines(stay.quote as Quote | null, stay),
    totalPence: stay.totalPence,
    payment: { kind: payment, label: PAYMENT_LABELS[payment], amountPence },
    paidPence: Math.max(0, stay.paidPence - stay.refundedPence),
    duePence: owed ? stay.balancePence : 0,
    dueOn: owed ? stay.balanceDueOn : null,
    vat: settings.vatNumber ? vatInclusive(amountPence) : null,
    relatesTo: earlier.filter((row) => row.kind === 'receipt').map((row) => row.number),
  };
  return insertDocument(tx, {
    kind,
    payment,
    stayId: stay.id,
    sourceRef,
    issuedOn: content.issuedOn,
    amountPence,
    providerFeePence,
    content,
    now,
  });
}
