import { execFileSync } from 'node:child_process';
import { unpackTar } from 'modern-tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingReference } from '../../domain/booking-reference.ts';
import { bookingPageRequest, GOOD_CARD } from '../payments/test/payment-harness.ts';
import { payForStay } from '../test/paid-booking.ts';
import { createSmtpTestApp, type SmtpTestApp, saveSmtpPassword } from '../test/smtp-test-app.ts';
import { adminToken } from '../test/test-app.ts';

/**
 * Receipts and credit notes through the server's own routes: issued with the payment or refund, listed and
 * downloaded by the guest (keyed by their link) and the owner, attached to the e-mail that confirms the money,
 * and read back with a PDF text extractor (poppler's pdftotext), as an accountant's software would.
 */

const OWNER = 'owner@example.test';
let s: SmtpTestApp;

/** The text of a PDF, as pdftotext reads it (its layout kept, so a line's label and amount share a line). */
const pdfText = (pdf: Uint8Array) =>
  execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString('utf8').replace(/ {2,}/g, '  ');

const app = () => s.t.app;
const admin = async (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  app().inject({ method, url, payload, headers: { authorization: `Bearer ${await adminToken(app())}` } });
const call = async (method: 'GET' | 'POST', url: string, body?: object) => {
  const response = await app().inject({ method, url, payload: body });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json();
};
const readStayKey = async (bookingId: string) => {
  const row = await s.t.database.db.query.stays.findFirst({
    where: (stays, { eq }) => eq(stays.id, bookingId),
  });
  return row!.manageKey;
};
const manageUrl = (bookingId: string, key: string, path = '') =>
  `/api/manage/${bookingReference(bookingId)}${path}?key=${encodeURIComponent(key)}`;

beforeAll(async () => {
  s = await createSmtpTestApp({ OWNER_EMAIL: OWNER });
  await saveSmtpPassword(s);
  // The levy from 1 April 2027 (7 %), so a stay in May has a levy line.
  const plan = (await admin('GET', '/api/admin/rate-plan')).json().plan;
  const base = await admin('PUT', '/api/admin/rate-plan/base', {
    weekdayPence: plan.weekdayPence,
    weekendPence: plan.weekendPence,
    weekendNights: plan.weekendNights,
    cleaningFeePence: plan.cleaningFeePence,
    serviceFeePercent: plan.serviceFeePercent,
    levy: { percent: 7, startDate: '2027-04-01' },
  });
  expect(base.statusCode, base.body).toBe(200);
});

afterAll(async () => {
  await s?.close();
});

describe('a payment in full, then a cancellation', () => {
  let bookingId: string;
  let key: string;

  it('issues a receipt with the stored quote, lists it for the guest and attaches it to the confirmation e-mail', async () => {
    const saved = await admin('PUT', '/api/admin/invoicing', {
      tradingName: 'Tower Lets',
      tradingAddress: '1 Kirk Court\nAberdeen\nAB10 1AA',
      vatNumber: '',
    });
    expect(saved.json()).toEqual({
      tradingName: 'Tower Lets',
      tradingAddress: '1 Kirk Court\nAberdeen\nAB10 1AA',
      vatNumber: null,
    });
    ({ bookingId } = await payForStay(
      call,
      { checkInDate: '2027-05-03', checkOutDate: '2027-05-06' },
      { name: 'Ada Lovelace', email: 'ada@example.test' },
    ));
    key = await readStayKey(bookingId);

    const listed = await app().inject({ method: 'GET', url: manageUrl(bookingId, key, '/documents') });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.headers['cache-control']).toBe('no-store');
    const [receipt, ...others] = listed.json().documents;
    expect(others).toEqual([]);
    // 3 weekday nights at £225 = £675; cleaning £100; service fee 5 % = £34; levy 7 % of £675 = £47.25.
    expect(receipt).toMatchObject({
      number: '2026-0001',
      kind: 'receipt',
      title: 'Receipt',
      payment: 'full',
      issuedOn: '2026-11-23',
      amountPence: 85_625,
    });
    expect(listed.json().invoiceDetails).toBeNull();

    const pdf = await app().inject({ method: 'GET', url: receipt.url });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe('attachment; filename="receipt-2026-0001.pdf"');
    const text = pdfText(pdf.rawPayload);
    for (const expected of [
      'Tower Lets',
      '1 Kirk Court',
      'Receipt',
      'No. 2026-0001',
      'Date Monday 23 November 2026',
      'Ada Lovelace',
      `Booking ${bookingReference(bookingId)}`,
      'Mon 3 May 2027 to Thu 6 May 2027, 3 nights, 2 guests',
      '£225 × 3 weekday nights  £675.00',
      'Cleaning fee  £100.00',
      'Service fee (5 %)  £34.00',
      'Visitor levy (7 %)  £47.25',
      'Total price of the stay  £856.25',
      'Payment in full received  £856.25',
      'Paid on this booking to date  £856.25',
      'Still due  £0.00',
      'Not registered for VAT',
    ]) {
      expect(text).toContain(expected);
    }

    expect(await app().jobs.run('email-outbox')).toMatchObject({ failed: 0 });
    const confirmation = s.smtp.received.find((m) => m.envelopeTo.includes('ada@example.test'));
    const attached = confirmation?.email.attachments.find((a) => a.mimeType === 'application/pdf');
    expect(attached?.filename).toBe('receipt-2026-0001.pdf');
    expect(pdfText(new Uint8Array(attached!.content as ArrayBuffer))).toContain('No. 2026-0001');
  });

  it("refuses another booking's key, an unknown number and bad company details with a sentence", async () => {
    const wrongKey = await app().inject({
      method: 'GET',
      url: manageUrl(bookingId, 'f'.repeat(64), '/documents'),
    });
    expect(wrongKey.statusCode).toBe(404);
    const noKey = await app().inject({
      method: 'GET',
      url: `/api/manage/${bookingReference(bookingId)}/documents/2026-0001`,
    });
    expect(noKey.statusCode).toBe(404);
    const unknown = await app().inject({
      method: 'GET',
      url: manageUrl(bookingId, key, '/documents/2026-9999'),
    });
    expect(unknown.json()).toMatchObject({
      error: 'document_not_found',
      message: expect.stringMatching(/\.$/),
    });
    const blank = await app().inject({
      method: 'PUT',
      url: manageUrl(bookingId, key, '/invoice-details'),
      payload: { companyName: ' ', companyAddress: 'x' },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toContain('Enter the company name');
  });

  it('makes out later documents to the company the guest gives: a credit note for the refund, VAT shown once registered', async () => {
    const company = await app().inject({
      method: 'PUT',
      url: manageUrl(bookingId, key, '/invoice-details'),
      payload: { companyName: 'Analytical Engines Ltd', companyAddress: '12 Babbage Row\nLondon\nEC1A 1AA' },
    });
    expect(company.statusCode, company.body).toBe(200);
    const vat = await admin('PUT', '/api/admin/invoicing', {
      tradingName: 'Tower Lets',
      tradingAddress: '1 Kirk Court\nAberdeen\nAB10 1AA',
      vatNumber: 'gb 123 4567 89',
    });
    expect(vat.json().vatNumber).toBe('GB123456789');

    const canceled = await app().inject({ method: 'POST', url: manageUrl(bookingId, key, '/cancel') });
    expect(canceled.statusCode, canceled.body).toBe(200);
    const refundPence = canceled.json().refundPence as number;
    expect(refundPence).toBeGreaterThan(0);

    const { documents, invoiceDetails } = (
      await app().inject({ method: 'GET', url: manageUrl(bookingId, key, '/documents') })
    ).json();
    expect(invoiceDetails).toEqual({
      companyName: 'Analytical Engines Ltd',
      companyAddress: '12 Babbage Row\nLondon\nEC1A 1AA',
    });
    expect(documents.map((d: { number: string }) => d.number)).toEqual(['2026-0001', 'CN-2026-0001']);
    const note = documents[1];
    expect(note).toMatchObject({
      kind: 'credit_note',
      title: 'Credit note',
      payment: 'refund',
      amountPence: refundPence,
    });

    const text = pdfText((await app().inject({ method: 'GET', url: note.url })).rawPayload);
    const vatPence = Math.round((refundPence * 20) / 120);
    for (const expected of [
      'Credit note',
      'No. CN-2026-0001',
      'Analytical Engines Ltd',
      '12 Babbage Row',
      'Guest: Ada Lovelace',
      'VAT registration number GB123456789',
      `Refunded to the card that paid  £${(refundPence / 100).toFixed(2)}`,
      'Corrects receipt 2026-0001',
      `VAT at 20 % (included)  £${(vatPence / 100).toFixed(2)}`,
    ]) {
      expect(text).toContain(expected);
    }
    // Issued once, never changed: the receipt still reads as it did, without the company or VAT.
    const receipt = pdfText((await app().inject({ method: 'GET', url: documents[0].url })).rawPayload);
    expect(receipt).not.toContain('Analytical Engines');
    expect(receipt).toContain('Not registered for VAT');

    expect(await app().jobs.run('email-outbox')).toMatchObject({ failed: 0 });
    const cancellation = s.smtp.received.filter((m) => m.envelopeTo.includes('ada@example.test')).at(-1);
    expect(cancellation?.email.attachments.map((a) => a.filename)).toEqual(['credit-note-CN-2026-0001.pdf']);
  });

  it("gives the owner every document of the booking, and a period's documents in one tar", async () => {
    const listed = await admin('GET', `/api/admin/bookings/${bookingId}/documents`);
    expect(listed.json().map((d: { number: string; url: string }) => [d.number, d.url])).toEqual([
      ['2026-0001', '/api/admin/documents/2026-0001'],
      ['CN-2026-0001', '/api/admin/documents/CN-2026-0001'],
    ]);
    const one = await admin('GET', '/api/admin/documents/CN-2026-0001');
    expect(pdfText(one.rawPayload)).toContain('No. CN-2026-0001');
    expect((await admin('GET', '/api/admin/documents/2026-0404')).statusCode).toBe(404);

    const period = await admin('GET', '/api/admin/documents?from=2026-11-01&to=2026-11-30');
    expect(period.statusCode).toBe(200);
    expect(period.headers['content-disposition']).toBe(
      'attachment; filename="documents-2026-11-01-to-2026-11-30.tar"',
    );
    const files = await unpackTar(period.rawPayload);
    const reference = bookingReference(bookingId);
    expect(files.map((file) => file.header.name)).toEqual([
      `${reference}-receipt-2026-0001.pdf`,
      `${reference}-credit-note-CN-2026-0001.pdf`,
    ]);
    expect(pdfText(files[0]!.data!)).toContain('No. 2026-0001');
    const none = await admin('GET', '/api/admin/documents?from=2026-12-01&to=2026-12-31');
    expect(await unpackTar(none.rawPayload)).toEqual([]);
    const backwards = await admin('GET', '/api/admin/documents?from=2026-12-01&to=2026-11-30');
    expect(backwards.statusCode).toBe(400);

    // The guest's data export (UK GDPR) carries the documents issued to them, as issued.
    const exported = await admin('GET', '/api/admin/guests/export?email=ada@example.test');
    expect(exported.json().documents).toEqual([
      expect.objectContaining({
        number: '2026-0001',
        reference,
        content: expect.objectContaining({ buyer: { name: 'Ada Lovelace', company: null } }),
      }),
      expect.objectContaining({ number: 'CN-2026-0001', reference }),
    ]);
  });
});

describe('a deposit, then the balance', () => {
  it('gives the deposit a receipt saying what is still due and when, and the balance its own', async () => {
    const schedule = await admin('PUT', '/api/admin/payment-schedule', {
      mode: 'deposit',
      depositPercent: 30,
      balanceDaysBefore: 42,
    });
    expect(schedule.statusCode, schedule.body).toBe(200);
    const dates = { checkInDate: '2027-02-01', checkOutDate: '2027-02-04' };
    const held = (await call('POST', '/api/create-payment-intent', {
      ...bookingPageRequest(dates, { guest: 'Grace Hopper' }),
      saveCardConsent: true,
    })) as { paymentIntentId: string; clientSecret: string; bookingId: string };
    await call('POST', `/api/demo-payments/${held.paymentIntentId}/confirm`, {
      clientSecret: held.clientSecret,
      card: { number: GOOD_CARD, expMonth: 12, expYear: 2035, cvc: '123' },
      postcode: 'AB10 1AA',
    });
    await call('POST', '/api/payment-success', {
      paymentIntentId: held.paymentIntentId,
      bookingId: held.bookingId,
    });
    expect((await admin('POST', `/api/admin/bookings/${held.bookingId}/charge-balance`)).statusCode).toBe(
      200,
    );

    const documents = (await admin('GET', `/api/admin/bookings/${held.bookingId}/documents`)).json();
    // £675 + £100 + £34 = £809: a deposit of 30 % (£242.70), the balance £566.30 on 21 December 2026.
    expect(
      documents.map((d: { number: string; payment: string; amountPence: number }) => [
        d.number,
        d.payment,
        d.amountPence,
      ]),
    ).toEqual([
      ['2026-0002', 'deposit', 24_270],
      ['2026-0003', 'balance', 56_630],
    ]);
    const deposit = pdfText((await admin('GET', documents[0].url)).rawPayload);
    expect(deposit).toContain('Deposit received  £242.70');
    expect(deposit).toContain('Still due, on Monday 21 December 2026  £566.30');
    expect(deposit).toContain('VAT at 20 % (included)  £40.45');
    const balance = pdfText((await admin('GET', documents[1].url)).rawPayload);
    expect(balance).toContain('Balance received  £566.30');
    expect(balance).toContain('Paid on this booking to date  £809.00');
    expect(balance).toContain('Still due  £0.00');

    expect(await app().jobs.run('email-outbox')).toMatchObject({ failed: 0 });
    const mails = s.smtp.received.filter((m) => m.envelopeTo.includes('grace.hopper@example.test'));
    const pdfs = mails.flatMap((m) => m.email.attachments.filter((a) => a.mimeType === 'application/pdf'));
    expect(pdfs.map((a) => a.filename)).toEqual(['receipt-2026-0002.pdf', 'receipt-2026-0003.pdf']);
  });
});
