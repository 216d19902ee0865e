import { and, asc, between, eq, inArray, sql } from 'drizzle-orm';
import {
  DEFAULT_INVOICING_SETTINGS,
  type DocumentContent,
  type DocumentKind,
  type DocumentPayment,
  documentNumber,
  type InvoiceDetails,
  type InvoicingSettings,
  InvoicingSettingsSchema,
} from '../../domain/documents.ts';
import type { DbOrTx, Tx } from '../db/database.ts';
import { deleteRowsOfStays } from '../db/rows-of-stays.ts';
import { documentCounters, documents, invoiceDetails } from '../db/schema.ts';
import { getSetting, putSetting } from '../settings/settings-store.ts';

/**
 * The one writer of `documents`, `document_counters`, `invoice_details` and the `invoicing` setting
 * (docs/decisions/026-receipts-and-credit-notes.md).
 */

export type DocumentRow = typeof documents.$inferSelect;

/** The owner's invoicing details, in the settings table; absent: the property's name and address, no VAT. */
export const INVOICING_SETTING = 'invoicing';

export async function readInvoicingSettings(db: DbOrTx): Promise<InvoicingSettings> {
  const parsed = InvoicingSettingsSchema.safeParse(await getSetting(db, INVOICING_SETTING));
  return parsed.success ? parsed.data : DEFAULT_INVOICING_SETTINGS;
}

export async function saveInvoicingSettings(tx: Tx, value: InvoicingSettings, now: Date): Promise<void> {
  await putSetting(tx, INVOICING_SETTING, value, now);
}

export async function readInvoiceDetails(db: DbOrTx, stayId: string): Promise<InvoiceDetails | null> {
  const [row] = await db
    .select({ companyName: invoiceDetails.companyName, companyAddress: invoiceDetails.companyAddress })
    .from(invoiceDetails)
    .where(eq(invoiceDetails.stayId, stayId));
  return row ?? null;
}

export async function saveInvoiceDetails(tx: Tx, stayId: string, details: InvoiceDetails, now: Date) {
  await tx
    .insert(invoiceDetails)
    .values({ stayId, ...details, updatedAt: now })
    .onConflictDoUpdate({ target: invoiceDetails.stayId, set: { ...details, updatedAt: now } });
}

/** The document already issued for this payment or refund, if any: each is issued once. */
export async function findIssued(tx: DbOrTx, kind: DocumentKind, sourceRef: string) {
  const [row] = await tx
    .select()
    .from(documents)
    .where(and(eq(documents.kind, kind), eq(documents.sourceRef, sourceRef)));
  return row;
}

/**
 * The next number of a series in `year`: the counter row's upsert locks it until the caller's transaction ends,
 * so a second process waits for that transaction and then takes the number after it; a rollback undoes the
 * increment, so no number is lost.
 */
async function nextSeq(tx: Tx, kind: DocumentKind, year: number): Promise<number> {
  const [row] = await tx
    .insert(documentCounters)
    .values({ kind, year, last: 1 })
    .onConflictDoUpdate({
      target: [documentCounters.kind, documentCounters.year],
      set: { last: sql`${documentCounters.last} + 1` },
    })
    .returning({ last: documentCounters.last });
  return row!.last;
}

/**
 * Numbers and stores one document. Called last in the transaction that records its money, so the counter's lock
 * is held as briefly as it can be. `content` is given its number here.
 */
export async function insertDocument(
  tx: Tx,
  input: {
    kind: DocumentKind;
    payment: DocumentPayment;
    stayId: string;
    sourceRef: string;
    issuedOn: string;
    amountPence: number;
    providerFeePence?: number | null;
    content: Omit<DocumentContent, 'number'>;
    now: Date;
  },
): Promise<DocumentRow> {
  const year = Number(input.issuedOn.slice(0, 4));
  const seq = await nextSeq(tx, input.kind, year);
  const number = documentNumber(input.kind, year, seq);
  const content: DocumentContent = { ...input.content, number };
  const [row] = await tx
    .insert(documents)
    .values({
      kind: input.kind,
      number,
      year,
      seq,
      stayId: input.stayId,
      payment: input.payment,
      sourceRef: input.sourceRef,
      issuedOn: input.issuedOn,
      amountPence: input.amountPence,
      providerFeePence: input.providerFeePence ?? null,
      content,
      issuedAt: input.now,
    })
    .returning();
  return row!;
}

export function listStayDocuments(db: DbOrTx, stayId: string) {
  return db.select().from(documents).where(eq(documents.stayId, stayId)).orderBy(asc(documents.id));
}

/** The documents of these stays (a guest's data export), in issue order. */
export function listStaysDocuments(db: DbOrTx, stayIds: string[]) {
  return db.select().from(documents).where(inArray(documents.stayId, stayIds)).orderBy(asc(documents.id));
}

export async function findDocument(db: DbOrTx, number: string) {
  const [row] = await db.select().from(documents).where(eq(documents.number, number));
  return row;
}

/** Every document issued from `from` to `to` (days on the property's clock, both included), in issue order. */
export function listPeriodDocuments(db: DbOrTx, from: string, to: string) {
  return db
    .select()
    .from(documents)
    .where(between(documents.issuedOn, from, to))
    .orderBy(asc(documents.id));
}

/** The stay's documents for these payments (the receipt a confirmation e-mail carries, say), oldest first. */
export function listStayDocumentsFor(db: DbOrTx, stayId: string, payments: readonly DocumentPayment[]) {
  return db
    .select()
    .from(documents)
    .where(and(eq(documents.stayId, stayId), inArray(documents.payment, [...payments])))
    .orderBy(asc(documents.id));
}

/**
 * The retention job's end of a document: once the booking records' 7 years are over (longer than HMRC's 6), the
 * documents of those stays and the company they were made out to are deleted with the guest's details
 * (docs/decisions/026-receipts-and-credit-notes.md). A guest's own erasure request does not call this.
 */
export async function deleteDocumentsOfStays(tx: DbOrTx, stayIds: string[]): Promise<number> {
  await deleteRowsOfStays(tx, invoiceDetails, stayIds);
  return deleteRowsOfStays(tx, documents, stayIds);
}
