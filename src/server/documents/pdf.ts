import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { inflateSync } from 'node:zlib';
import PDFDocument from 'pdfkit';
import { DOCUMENT_TITLES, type DocumentContent } from '../../domain/documents.ts';
import { formatGbpWithPence, formatLongDate, formatMediumDate } from '../../domain/format.ts';
import { nightsText } from '../../domain/pricing.ts';

/**
 * A receipt or credit note as a PDF, made on the server by pdfkit from the document's stored content alone, in
 * the site's typeface (EB Garamond). Its static WOFF files are embedded: fontkit cannot subset the variable or
 * WOFF2 ones. The PDF's dates are the day of issue, so the same document gives the same file every time.
 */

const font = (name: string) =>
  woffToSfnt(readFileSync(fileURLToPath(import.meta.resolve(`@fontsource/eb-garamond/files/${name}.woff`))));

/**
 * A WOFF 1.0 font as the plain OpenType file inside it (W3C WOFF File Format 1.0, sections 3–5): each table
 * inflated once with Node's zlib. Given the WOFF, fontkit inflates every table in JavaScript for every document
 * (about 0.3 s each); given the OpenType file, it only subsets.
 */
export function woffToSfnt(woff: Buffer): Buffer {
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, i) => {
    const entry = 44 + 20 * i;
    const offset = woff.readUInt32BE(entry + 4);
    const compLength = woff.readUInt32BE(entry + 8);
    const origLength = woff.readUInt32BE(entry + 12);
    const stored = woff.subarray(offset, offset + compLength);
    return {
      tag: woff.subarray(entry, entry + 4),
      checksum: woff.readUInt32BE(entry + 16),
      data: compLength < origLength ? inflateSync(stored) : stored,
    };
  });
  const entrySelector = Math.floor(Math.log2(numTables));
  const searchRange = 2 ** entrySelector * 16;
  const header = Buffer.alloc(12 + 16 * numTables);
  header.writeUInt32BE(woff.readUInt32BE(4), 0); // the flavor: the sfnt version of the font inside
  header.writeUInt16BE(numTables, 4);
  header.writeUInt16BE(searchRange, 6);
  header.writeUInt16BE(entrySelector, 8);
  header.writeUInt16BE(numTables * 16 - searchRange, 10);
  const parts: Buffer[] = [header];
  let offset = header.length;
  tables.forEach((table, i) => {
    const record = 12 + 16 * i;
    table.tag.copy(header, record);
    header.writeUInt32BE(table.checksum, record + 4);
    header.writeUInt32BE(offset, record + 8);
    header.writeUInt32BE(table.data.length, record + 12);
    const padded = Buffer.alloc((table.data.length + 3) & ~3);
    table.data.copy(padded);
    parts.push(padded);
    offset += padded.length;
  });
  return Buffer.concat(parts);
}

/** Read once, on the first document. */
let fonts: { regular: Buffer; bold: Buffer; italic: Buffer } | undefined;
function loadFonts() {
  fonts ??= {
    regular: font('eb-garamond-latin-400-normal'),
    bold: font('eb-garamond-latin-600-normal'),
    italic: font('eb-garamond-latin-400-italic'),
  };
  return fonts;
}

const INK = '#1c1917';
const MUTED = '#57534e';
const RULE = '#d6d3d1';
const MARGIN = 56;

export function documentFilename(content: Pick<DocumentContent, 'kind' | 'number'>): string {
  return `${content.kind === 'credit_note' ? 'credit-note' : 'receipt'}-${content.number}.pdf`;
}

export function renderDocumentPdf(content: DocumentContent): Promise<Buffer> {
  const { regular, bold, italic } = loadFonts();
  const title = DOCUMENT_TITLES[content.kind];
  const issuedAt = new Date(`${content.issuedOn}T12:00:00Z`);
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: {
      Title: `${title} ${content.number}`,
      Author: content.seller.name,
      Subject: `Booking ${content.booking.reference}`,
      CreationDate: issuedAt,
      ModDate: issuedAt,
    },
  });
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  doc.registerFont('italic', italic);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const width = doc.page.width - 2 * MARGIN;
  const left = MARGIN;
  const amountWidth = 110;

  // The owner's business, and the document's title, number and date.
  const top = doc.y;
  doc
    .font('bold')
    .fontSize(22)
    .fillColor(INK)
    .text(content.seller.name, left, top, { width: width / 2 });
  doc.font('regular').fontSize(10.5).fillColor(MUTED);
  for (const line of content.seller.address) doc.text(line, { width: width / 2 });
  if (content.seller.email) doc.text(content.seller.email, { width: width / 2 });
  doc.text(
    content.seller.vatNumber
      ? `VAT registration number ${content.seller.vatNumber}`
      : 'Not registered for VAT',
    { width: width / 2 },
  );
  const afterSeller = doc.y;
  doc
    .font('bold')
    .fontSize(22)
    .fillColor(INK)
    .text(title, left + width / 2, top, { width: width / 2, align: 'right' });
  doc
    .font('regular')
    .fontSize(11)
    .text(`No. ${content.number}`, { width: width / 2, align: 'right' });
  doc.text(`Date ${formatLongDate(content.issuedOn)}`, { width: width / 2, align: 'right' });
  doc.y = Math.max(afterSeller, doc.y) + 24;

  // Who it is made out to, and the stay.
  doc.x = left;
  doc.font('bold').fontSize(11).fillColor(INK).text('Issued to', left, doc.y, { width });
  doc.font('regular').fontSize(11);
  if (content.buyer.company) {
    doc.text(content.buyer.company.name, { width });
    for (const line of content.buyer.company.address) doc.text(line, { width });
    doc.text(`Guest: ${content.buyer.name}`, { width });
  } else {
    doc.text(content.buyer.name, { width });
  }
  doc.moveDown(0.8);
  const { booking } = content;
  doc.font('bold').text(`Booking ${booking.reference}`, { width });
  doc
    .font('regular')
    .text(
      `${formatMediumDate(booking.checkIn)} to ${formatMediumDate(booking.checkOut)}, ${nightsText(booking.nights)}, ${booking.guests} ${booking.guests === 1 ? 'guest' : 'guests'}`,
      { width },
    );
  doc.moveDown(1);

  // The price as quoted and charged, line by line.
  const row = (label: string, amount: string, options: { strong?: boolean; muted?: boolean } = {}) => {
    const y = doc.y;
    doc
      .font(options.strong ? 'bold' : 'regular')
      .fontSize(11)
      .fillColor(options.muted ? MUTED : INK);
    doc.text(label, left, y, { width: width - amountWidth - 12 });
    const labelBottom = doc.y;
    doc.text(amount, left + width - amountWidth, y, { width: amountWidth, align: 'right' });
    doc.y = Math.max(labelBottom, doc.y) + 3;
  };
  const rule = () => {
    doc
      .moveTo(left, doc.y)
      .lineTo(left + width, doc.y)
      .lineWidth(0.6)
      .strokeColor(RULE)
      .stroke();
    doc.y += 5;
  };
  doc.font('bold').fontSize(12).fillColor(INK).text('The price of the stay', left, doc.y, { width });
  doc.moveDown(0.3);
  rule();
  for (const line of content.lines) row(line.label, formatGbpWithPence(line.amountPence));
  rule();
  row('Total price of the stay', formatGbpWithPence(content.totalPence), { strong: true });
  doc.moveDown(1);

  // What this document is for: the payment received, or the refund.
  const { payment } = content;
  doc
    .font('bold')
    .fontSize(12)
    .fillColor(INK)
    .text(content.kind === 'credit_note' ? 'Refund' : 'Payment', left, doc.y, {
      width,
    });
  doc.moveDown(0.3);
  rule();
  if (content.kind === 'credit_note') {
    row('Refunded to the card that paid', formatGbpWithPence(payment.amountPence), { strong: true });
    if (content.relatesTo.length > 0)
      row(
        `Corrects ${content.relatesTo.length === 1 ? 'receipt' : 'receipts'} ${content.relatesTo.join(', ')}`,
        '',
        {
          muted: true,
        },
      );
  } else {
    row(`${payment.label} received`, formatGbpWithPence(payment.amountPence), { strong: true });
  }
  row('Paid on this booking to date', formatGbpWithPence(content.paidPence));
  row(
    content.duePence > 0 && content.dueOn ? `Still due, on ${formatLongDate(content.dueOn)}` : 'Still due',
    formatGbpWithPence(content.duePence),
  );
  rule();
  if (content.vat) {
    row(`Amount excluding VAT`, formatGbpWithPence(content.vat.netPence), { muted: true });
    row(`VAT at ${content.vat.percent} % (included)`, formatGbpWithPence(content.vat.vatPence), {
      muted: true,
    });
    row(
      content.kind === 'credit_note' ? 'Total refunded including VAT' : 'Total including VAT',
      formatGbpWithPence(payment.amountPence),
      { muted: true },
    );
  } else {
    doc
      .font('italic')
      .fontSize(11)
      .fillColor(MUTED)
      .text('Not registered for VAT: no VAT is charged.', left, doc.y, {
        width,
      });
  }
  doc.moveDown(2);
  doc
    .font('italic')
    .fontSize(10.5)
    .fillColor(MUTED)
    .text(
      content.kind === 'credit_note'
        ? `This credit note reduces the amount paid for booking ${booking.reference} by the refund above.`
        : 'Thank you for your booking. Please keep this receipt for your records.',
      left,
      doc.y,
      { width },
    );
  doc.end();
  return done;
}

/** A document as an e-mail attachment (the outbox stores its bytes as base64). */
export async function documentAttachment(content: DocumentContent) {
  return {
    filename: documentFilename(content),
    contentType: 'application/pdf',
    content: (await renderDocumentPdf(content)).toString('base64'),
    encoding: 'base64' as const,
  };
}
