import { z } from 'zod';
import { calendarDay, pence } from './api/fields.ts';
import { daysBetween, type IsoDate } from './dates.ts';
import { dateField, textField } from './input-fields.ts';
import { nightsText, type Quote, quoteLineText } from './pricing.ts';

/**
 * Receipts and credit notes: what a document says, fixed when it is issued (docs/decisions/026-receipts-and-credit-notes.md).
 * Every payment gets a receipt and every refund a credit note, each numbered in its own gap-free series per
 * year; the server issues them inside the transaction that records the money, and renders the PDF from this
 * content alone, so a document reads the same whenever it is downloaded.
 */

export const DOCUMENT_KINDS = ['receipt', 'credit_note'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/**
 * What a document is for. A claimed damage deposit is a payment too and gets its receipt in the same series
 * (`damage_deposit`), once the site takes one.
 */
export const DOCUMENT_PAYMENTS = ['full', 'deposit', 'balance', 'damage_deposit', 'refund'] as const;
export type DocumentPayment = (typeof DOCUMENT_PAYMENTS)[number];

export const DOCUMENT_TITLES: Record<DocumentKind, string> = {
  receipt: 'Receipt',
  credit_note: 'Credit note',
};

export const PAYMENT_LABELS: Record<DocumentPayment, string> = {
  full: 'Payment in full',
  deposit: 'Deposit',
  balance: 'Balance',
  damage_deposit: 'Damage deposit claimed',
  refund: 'Refund',
};

/** Receipts '2027-0001', credit notes 'CN-2027-0001': four digits at least, more once a year passes 9,999. */
export function documentNumber(kind: DocumentKind, year: number, seq: number): string {
  const number = `${year}-${String(seq).padStart(4, '0')}`;
  return kind === 'credit_note' ? `CN-${number}` : number;
}

/** The United Kingdom's standard rate of VAT (Value Added Tax Act 1994, section 2). */
export const VAT_STANDARD_PERCENT = 20;

/**
 * The VAT inside a VAT-inclusive amount at the standard rate: amount × 20 / 120, rounded half up to the penny
 * (HMRC VAT Notice 700, section 17.5, lets a business round the VAT of a total to the nearest penny).
 */
export function vatInclusive(amountPence: number): { percent: number; netPence: number; vatPence: number } {
  const gross = 100 + VAT_STANDARD_PERCENT;
  const vatPence = Math.floor((2 * amountPence * VAT_STANDARD_PERCENT + gross) / (2 * gross));
  return { percent: VAT_STANDARD_PERCENT, netPence: amountPence - vatPence, vatPence };
}

/** One line of the stay's price as it was quoted and charged; a discount's amount is negative. */
export type DocumentLine = { label: string; amountPence: number };

/** The stored money of a stay, when the quote itself was not kept (stays from before itemised quotes). */
export type StayMoneyColumns = {
  checkIn: IsoDate;
  checkOut: IsoDate;
  accommodationPence: number;
  discountPence: number;
  cleaningFeePence: number;
  serviceFeePence: number;
  levyPence: number;
  totalPence: number;
};

/** The lines of the stored quote: the nights by kind and price, the discounts, cleaning, service fee, levy. */
export function quoteLines(quote: Quote | null, stay: StayMoneyColumns): DocumentLine[] {
  if (!quote?.lines) {
    const nights = daysBetween(stay.checkIn, stay.checkOut);
    return [
      {
        label: `Accommodation (${nightsText(nights)})`,
        amountPence: stay.accommodationPence + stay.discountPence,
      },
      ...(stay.discountPence > 0 ? [{ label: 'Discounts', amountPence: -stay.discountPence }] : []),
      { label: 'Cleaning fee', amountPence: stay.cleaningFeePence },
      { label: 'Service fee', amountPence: stay.serviceFeePence },
      ...(stay.levyPence > 0 ? [{ label: 'Visitor levy', amountPence: stay.levyPence }] : []),
    ];
  }
  return [
    ...quote.lines.map((line) => ({
      label: quoteLineText(line),
      amountPence: line.pricePence * line.nights,
    })),
    ...quote.discounts.map((discount) => ({ label: discount.label, amountPence: -discount.amountPence })),
    { label: 'Cleaning fee', amountPence: quote.cleaningFeePence },
    { label: `Service fee (${quote.serviceFeePercent} %)`, amountPence: quote.serviceFeePence },
    ...(quote.levy
      ? [
          {
            label: `Visitor levy (${quote.levy.percent} %${quote.levy.nights < quote.nights ? ` on ${nightsText(quote.levy.nights)}` : ''})`,
            amountPence: quote.levy.pence,
          },
        ]
      : []),
  ];
}

/** Everything a document says, as issued. Amounts in pence. */
export type DocumentContent = {
  kind: DocumentKind;
  number: string;
  issuedOn: IsoDate;
  /** The owner's business as it stood on the day of issue (the Property tab's invoicing details). */
  seller: { name: string; address: string[]; email: string | null; vatNumber: string | null };
  /** The guest, and the company they asked the documents to be made out to, if any. */
  buyer: { name: string; company: { name: string; address: string[] } | null };
  booking: { reference: string; checkIn: IsoDate; checkOut: IsoDate; nights: number; guests: number };
  lines: DocumentLine[];
  totalPence: number;
  payment: { kind: DocumentPayment; label: string; amountPence: number };
  /** Paid on the booking once this document's money moved (refunds taken off). */
  paidPence: number;
  /** Still to pay, and the day it is due (a deposit booking's balance). */
  duePence: number;
  dueOn: IsoDate | null;
  /** The VAT inside this document's amount, when the owner is registered for VAT; null: not registered. */
  vat: { percent: number; netPence: number; vatPence: number } | null;
  /** A credit note: the receipts of the booking it corrects. */
  relatesTo: string[];
};

/** The owner's business as the documents name it (admin's Property tab, 'Receipts and invoices'). */
export type InvoicingSettings = {
  /** The name the owner trades under; null: the property's name. */
  tradingName: string | null;
  /** The business address, one line per line; null: the property's address. */
  tradingAddress: string | null;
  /** A UK VAT registration number, 'GB' and 9 digits (12 for a branch); null: not registered for VAT. */
  vatNumber: string | null;
};

export const DEFAULT_INVOICING_SETTINGS: InvoicingSettings = {
  tradingName: null,
  tradingAddress: null,
  vatNumber: null,
};

/** Blank (after trimming) or null: not given. */
const blankToNull = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '') ? null : value;

/** A UK VAT number as HMRC prints it: GB, then 9 digits, or 12 for a branch (spaces allowed). */
const UK_VAT_NUMBER = /^(?:GB)?(\d{9}|\d{12})$/;

export const InvoicingSettingsSchema = z.object({
  tradingName: z.preprocess(
    blankToNull,
    textField({ error: 'The trading name must be text' })
      .trim()
      .max(120, 'The trading name must be at most 120 characters')
      .nullable(),
  ),
  tradingAddress: z.preprocess(
    blankToNull,
    textField({ multiline: true, error: 'The business address must be text' })
      .trim()
      .max(400, 'The business address must be at most 400 characters')
      .nullable(),
  ),
  vatNumber: z.preprocess(
    blankToNull,
    z
      .string({ error: 'The VAT number must be text' })
      .transform((value) => value.toUpperCase().replace(/\s+/g, ''))
      .pipe(
        z
          .string()
          .regex(UK_VAT_NUMBER, 'The VAT number is GB followed by 9 digits, for example GB 123 4567 89'),
      )
      .transform((value) => (value.startsWith('GB') ? value : `GB${value}`))
      .nullable(),
  ),
});

/** The invoicing details as stored and read back. */
export const InvoicingSettingsRecordSchema = z.object({
  tradingName: z.string().nullable(),
  tradingAddress: z.string().nullable(),
  vatNumber: z.string().nullable(),
});

/** The company a guest asks their receipts and credit notes to be made out to (manage page). */
export const InvoiceDetailsSchema = z.object({
  companyName: textField({ error: 'The company name must be text' })
    .trim()
    .min(1, 'Enter the company name')
    .max(120, 'The company name must be at most 120 characters'),
  companyAddress: textField({ multiline: true, error: 'The company address must be text' })
    .trim()
    .min(1, 'Enter the company address')
    .max(400, 'The company address must be at most 400 characters'),
});
export type InvoiceDetails = z.infer<typeof InvoiceDetailsSchema>;

/** An address typed over several lines, or with commas, as its lines. */
export const addressLines = (address: string): string[] =>
  address
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

/** A document as the guest's and the owner's lists show it. */
export const DocumentSummarySchema = z.object({
  number: z.string(),
  kind: z.enum(DOCUMENT_KINDS),
  title: z.string(),
  payment: z.enum(DOCUMENT_PAYMENTS),
  issuedOn: calendarDay,
  amountPence: pence,
  /** Where its PDF is downloaded. */
  url: z.string(),
});
export type DocumentSummary = z.infer<typeof DocumentSummarySchema>;

/** GET /api/manage/{reference}/documents: the booking's documents and the company they are made out to. */
export const ManageDocumentsSchema = z.object({
  documents: z.array(DocumentSummarySchema),
  invoiceDetails: z.object({ companyName: z.string(), companyAddress: z.string() }).nullable(),
});
export type ManageDocuments = z.infer<typeof ManageDocumentsSchema>;

/** `:number` of a document's address: '2027-0001' or 'CN-2027-0001'; anything else is a 404. */
export const DocumentNumberParamsSchema = z.object({
  number: textField().max(40),
});

/** The owner's download of every document of a period (issued between `from` and `to`, both included). */
export const DocumentPeriodQuerySchema = z
  .object({
    from: dateField('from', { written: true }),
    to: dateField('to', { written: true }),
  })
  .refine((value) => value.to >= value.from, { message: 'to must not be before from', path: ['to'] });
