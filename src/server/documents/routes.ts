import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { packTar } from 'modern-tar';
import { z } from 'zod';
import { ManageKeyQuerySchema, ManageParamsSchema } from '../../domain/api/guest-journey.ts';
import { RecordIdParamsSchema } from '../../domain/api/params.ts';
import { bookingReference } from '../../domain/booking-reference.ts';
import {
  DOCUMENT_TITLES,
  type DocumentContent,
  DocumentNumberParamsSchema,
  DocumentPeriodQuerySchema,
  DocumentSummarySchema,
  InvoiceDetailsSchema,
  InvoicingSettingsRecordSchema,
  InvoicingSettingsSchema,
  ManageDocumentsSchema,
} from '../../domain/documents.ts';
import { audit } from '../audit/audit.ts';
import type { AppContext } from '../context.ts';
import { notFound } from '../errors.ts';
import { requireManagedStay } from '../guest-journey/manage-booking.ts';
import { manageRateLimit, privateAnswer } from '../guest-journey/routes.ts';
import { settingRoutes } from '../settings/setting-routes.ts';
import { documentFilename, renderDocumentPdf } from './pdf.ts';
import {
  type DocumentRow,
  findDocument,
  listPeriodDocuments,
  listStayDocuments,
  readInvoiceDetails,
  readInvoicingSettings,
  saveInvoiceDetails,
  saveInvoicingSettings,
} from './repository.ts';

/**
 * Receipts and credit notes: the guest's (keyed by their manage link, like the manage page) and the owner's
 * (admin scope). See docs/decisions/026-receipts-and-credit-notes.md.
 */

const noSuchDocument = () =>
  notFound('There is no document with that number on this booking.', 'document_not_found');

function summary(row: DocumentRow, url: string) {
  return {
    number: row.number,
    kind: row.kind,
    title: DOCUMENT_TITLES[row.kind],
    payment: row.payment,
    issuedOn: row.issuedOn,
    amountPence: row.amountPence,
    url,
  };
}

async function sendPdf(reply: FastifyReply, row: DocumentRow) {
  const content = row.content as DocumentContent;
  const pdf = await renderDocumentPdf(content);
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${documentFilename(content)}"`)
    .send(pdf);
}

/** `/api/manage/:reference/documents…?key=…`: the guest's documents and the company they are made out to. */
export const guestDocumentRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, clock }) => {
  app.addHook('onRequest', async (_request, reply) => privateAnswer(reply));
  const config = { rateLimit: manageRateLimit };
  const querystring = ManageKeyQuerySchema;

  app.get(
    '/manage/:reference/documents',
    { config, schema: { params: ManageParamsSchema, querystring, response: { 200: ManageDocumentsSchema } } },
    async (request) => {
      const { reference } = request.params;
      const key = request.query.key ?? '';
      const stay = await requireManagedStay(db, reference, key);
      const [rows, details] = await Promise.all([
        listStayDocuments(db, stay.id),
        readInvoiceDetails(db, stay.id),
      ]);
      const base = `/api/manage/${encodeURIComponent(reference)}/documents`;
      return {
        documents: rows.map((row) => summary(row, `${base}/${row.number}?key=${encodeURIComponent(key)}`)),
        invoiceDetails: details,
      };
    },
  );

  app.get(
    '/manage/:reference/documents/:number',
    { config, schema: { params: ManageParamsSchema.extend(DocumentNumberParamsSchema.shape), querystring } },
    async (request, reply) => {
      const stay = await requireManagedStay(db, request.params.reference, request.query.key);
      const row = await findDocument(db, request.params.number);
      if (row?.stayId !== stay.id) throw noSuchDocument();
      return sendPdf(reply, row);
    },
  );

  /** The company named on the documents issued from now on; those already issued never change. */
  app.put(
    '/manage/:reference/invoice-details',
    {
      config,
      schema: {
        params: ManageParamsSchema,
        querystring,
        body: InvoiceDetailsSchema,
        response: { 200: ManageDocumentsSchema.pick({ invoiceDetails: true }) },
      },
    },
    async (request) => {
      const stay = await requireManagedStay(db, request.params.reference, request.query.key);
      await db.transaction(async (tx) => {
        await saveInvoiceDetails(tx, stay.id, request.body, clock.now());
        await audit(tx, {
          actor: 'guest',
          action: 'booking.invoice_details_saved',
          details: { stayId: stay.id },
        });
      });
      return { invoiceDetails: await readInvoiceDetails(db, stay.id) };
    },
  );
};

/** The owner's side: the invoicing details (Property tab), a booking's documents, and a period's in one tar. */
export const adminDocumentRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, clock }) => {
  settingRoutes(app, db, {
    url: '/admin/invoicing',
    body: InvoicingSettingsSchema,
    answer: InvoicingSettingsRecordSchema,
    read: readInvoicingSettings,
    async save(tx, value, by) {
      const previous = await readInvoicingSettings(tx);
      await saveInvoicingSettings(tx, value, clock.now());
      await audit(tx, { actor: by, action: 'invoicing.saved', details: { previous, settings: value } });
    },
  });

  app.get(
    '/admin/bookings/:id/documents',
    { schema: { params: RecordIdParamsSchema, response: { 200: z.array(DocumentSummarySchema) } } },
    async (request) =>
      (await listStayDocuments(db, request.params.id)).map((row) =>
        summary(row, `/api/admin/documents/${row.number}`),
      ),
  );

  app.get(
    '/admin/documents/:number',
    { schema: { params: DocumentNumberParamsSchema } },
    async (request, reply) => {
      const row = await findDocument(db, request.params.number);
      if (!row) throw noSuchDocument();
      return sendPdf(reply, row);
    },
  );

  /** Every document issued in the period as one tar of PDFs, for the accountant. */
  app.get(
    '/admin/documents',
    { schema: { querystring: DocumentPeriodQuerySchema } },
    async (request, reply) => {
      const { from, to } = request.query;
      const rows = await listPeriodDocuments(db, from, to);
      const entries = [];
      for (const row of rows) {
        const content = row.content as DocumentContent;
        const pdf = await renderDocumentPdf(content);
        entries.push({
          header: {
            name: `${bookingReference(row.stayId)}-${documentFilename(content)}`,
            size: pdf.length,
            mtime: row.issuedAt,
          },
          body: pdf,
        });
      }
      const tar = await packTar(entries);
      return reply
        .header('cache-control', 'no-store')
        .header('content-type', 'application/x-tar')
        .header('content-disposition', `attachment; filename="documents-${from}-to-${to}.tar"`)
        .send(Buffer.from(tar));
    },
  );
};
