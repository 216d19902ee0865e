import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookingReference } from '../../domain/booking-reference.ts';
import { insertPaidBooking } from '../admin-bookings/test-support.ts';
import {
  auditLog,
  documents,
  enquiries,
  enquiryEvents,
  invoiceDetails,
  jobRuns,
  outbox,
  stays,
} from '../db/schema.ts';
import { signedInTestApp } from '../test/per-file.ts';
import { ERASED_NAME } from './guest-data.ts';

const t = signedInTestApp(undefined, { emptied: [outbox, documents, stays, jobRuns] });

const stayRow = async (id: string) => (await t.database.db.select().from(stays).where(eq(stays.id, id)))[0]!;

/** A paid stay with a confirmation e-mail about it in the outbox, as the booking flow leaves one. */
async function stayWithMail(checkIn: string, checkOut: string, email = 'ada@example.test') {
  const stay = await insertPaidBooking(t.database.db, {
    checkIn,
    checkOut,
    contactEmail: email,
    contactPhone: '+44 7700 900123',
    specialRequests: 'A cot, please',
  });
  await t.database.db.insert(outbox).values({
    dedupeKey: `booking-confirmed:${stay.id}:guest`,
    kind: 'guest.booking_confirmed',
    stayId: stay.id,
    to: email,
    subject: `Your stay, ${stay.contactName}`,
    html: `<p>${stay.contactName}</p>`,
    text: `Dear ${stay.contactName}`,
  });
  return stay;
}

function expectErased(row: typeof stays.$inferSelect, original: typeof stays.$inferSelect) {
  expect(row).toMatchObject({
    contactName: ERASED_NAME,
    contactEmail: '',
    contactPhone: '',
    specialRequests: '',
    accessCode: null,
    // The accounts keep the dates and the money.
    checkIn: original.checkIn,
    checkOut: original.checkOut,
    totalPence: original.totalPence,
    paidPence: original.paidPence,
    status: original.status,
  });
  expect(row.erasedAt).not.toBeNull();
  expect(row.manageKey).not.toBe(original.manageKey);
}

describe('the retention job', () => {
  it('erases exactly the stays whose check-out is more than 7 years ago, and their messages', async () => {
    // Today is 2026-11-23 on the property clock: 7 years back is 2019-11-23.
    const older = await stayWithMail('2019-11-17', '2019-11-22');
    const exactlySeven = await stayWithMail('2019-11-22', '2019-11-23');
    const recent = await stayWithMail('2020-01-01', '2020-01-04');
    // Their receipts (older's made out to a company): kept for the accounts until the 7 years are over.
    for (const [seq, stay] of [older, recent].entries()) {
      await t.database.db.insert(documents).values({
        kind: 'receipt',
        number: `2019-${String(seq + 1).padStart(4, '0')}`,
        year: 2019,
        seq: seq + 1,
        stayId: stay.id,
        payment: 'full',
        sourceRef: `pi_retention_${seq}`,
        issuedOn: '2019-10-01',
        amountPence: stay.totalPence,
        content: { guestName: stay.contactName },
        issuedAt: new Date('2019-10-01T10:00:00Z'),
      });
    }
    await t.database.db
      .insert(invoiceDetails)
      .values({ stayId: older.id, companyName: 'Ada Ltd', companyAddress: '1 Kirk Court, Aberdeen' });

    const run = await t.app.jobs.runIfDue('guest-data-retention');
    expect(run).toMatchObject({
      ran: true,
      value: { erasedStays: 1, erasedMessages: 1, deletedDocuments: 1, stayIds: [older.id] },
    });
    const left = await t.database.db.select({ stayId: documents.stayId }).from(documents);
    expect(left).toEqual([{ stayId: recent.id }]);
    expect(await t.database.db.select().from(invoiceDetails)).toEqual([]);

    expectErased(await stayRow(older.id), older);
    expect(await stayRow(exactlySeven.id)).toMatchObject({ contactName: 'Ada Guest', erasedAt: null });
    expect(await stayRow(recent.id)).toMatchObject({ contactEmail: 'ada@example.test', erasedAt: null });
    const mail = await t.database.db.select().from(outbox).where(eq(outbox.stayId, older.id));
    expect(mail[0]).toMatchObject({ to: '', subject: '(erased)', text: '', html: '' });

    // A day later the stay that was exactly 7 years old is more than that.
    t.clock.set('2026-11-24T10:00:00Z');
    const next = await t.app.jobs.runIfDue('guest-data-retention');
    expect(next).toMatchObject({ ran: true, value: { stayIds: [exactlySeven.id] } });
    expect(await stayRow(recent.id)).toMatchObject({ erasedAt: null });
  });
});

describe('the retention of correspondence', () => {
  it('erases who wrote an enquiry and what they said after 2 years, keeping younger ones', async () => {
    const enquiry = (id: string, createdAt: string) => ({
      id,
      kind: 'day_hire' as const,
      dateFrom: '2025-01-10',
      message: 'A day for our team, please',
      name: 'Bea Corporate',
      email: 'bea@example.test',
      clientKey: 'retention-test',
      createdAt: new Date(createdAt),
    });
    // Today is 2026-11-23: 2 years back is 2024-11-23.
    await t.database.db
      .insert(enquiries)
      .values([enquiry('enq-old', '2024-11-20T10:00:00Z'), enquiry('enq-young', '2024-11-24T10:00:00Z')]);
    await t.database.db
      .insert(enquiryEvents)
      .values({ enquiryId: 'enq-old', kind: 'asked', text: 'A day for our team, please' });

    const run = await t.app.jobs.runIfDue('guest-data-retention');
    expect(run).toMatchObject({ ran: true, value: { erasedEnquiries: 1 } });
    const rows = await t.database.db.select().from(enquiries).orderBy(enquiries.id);
    expect(rows.map(({ id, name, email, message }) => ({ id, name, email, message }))).toEqual([
      { id: 'enq-old', name: 'Erased guest', email: '', message: '' },
      {
        id: 'enq-young',
        name: 'Bea Corporate',
        email: 'bea@example.test',
        message: 'A day for our team, please',
      },
    ]);
    const thread = await t.database.db
      .select()
      .from(enquiryEvents)
      .where(eq(enquiryEvents.enquiryId, 'enq-old'));
    expect(thread.map((row) => row.text)).toEqual(['(erased)']);
  });
});

describe('GET /api/admin/guests/export', () => {
  it('gives everything held about a guest by e-mail address (any case) as JSON, and nothing about others', async () => {
    const first = await stayWithMail('2026-12-09', '2026-12-12');
    const second = await stayWithMail('2027-02-01', '2027-02-04', 'Ada@Example.test');
    await stayWithMail('2027-03-01', '2027-03-04', 'someone.else@example.test');

    const response = await t.app.inject({
      method: 'GET',
      url: '/api/admin/guests/export?email=ADA@example.test',
      headers: t.auth(),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toContain('attachment');
    const data = response.json<{
      stays: { reference: string; contactPhone: string }[];
      messages: unknown[];
    }>();
    expect(data.stays.map((s) => s.reference)).toEqual([
      bookingReference(first.id),
      bookingReference(second.id),
    ]);
    expect(data.stays[0]?.contactPhone).toBe('+44 7700 900123');
    expect(data.messages).toHaveLength(2);
    expect(JSON.stringify(data)).not.toContain('someone.else');
  });

  it('needs the admin login and a valid address', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/guests/export?email=a@b.test' })).statusCode,
    ).toBe(401);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/admin/guests/export?email=nope',
      headers: t.auth(),
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('POST /api/admin/guests/erase', () => {
  it("replaces the guest's personal fields, keeps dates and money, erases their messages and kills the link", async () => {
    const stay = await stayWithMail('2026-12-09', '2026-12-12');
    const other = await stayWithMail('2027-03-01', '2027-03-04', 'someone.else@example.test');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/guests/erase',
      headers: t.auth(),
      payload: { email: 'ada@example.test' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      erasedStays: 1,
      erasedMessages: 1,
      erasedEnquiries: 0,
      erasedQuotes: 0,
    });
    expectErased(await stayRow(stay.id), stay);
    expect(await stayRow(other.id)).toMatchObject({ contactEmail: 'someone.else@example.test' });

    const manage = await t.app.inject({
      method: 'GET',
      url: `/api/manage/${bookingReference(stay.id)}?key=${stay.manageKey}`,
    });
    expect(manage.statusCode).toBe(404);
    const exported = await t.app.inject({
      method: 'GET',
      url: '/api/admin/guests/export?email=ada@example.test',
      headers: t.auth(),
    });
    expect(exported.json()).toMatchObject({ stays: [], messages: [] });
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'guest.erased'));
    expect(JSON.stringify(audit?.details)).not.toContain('ada@example.test');
  });
});
