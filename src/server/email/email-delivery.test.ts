import { eq, inArray } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingReference } from '../../domain/booking-reference.ts';
import { addDays, todayOnPropertyClock } from '../../domain/dates.ts';
import { outbox, stays } from '../db/schema.ts';
import type { NotificationEvents } from '../notifications/events.ts';
import {
  bookingPageRequest,
  confirmDemoPayment,
  reportPaymentSuccess,
} from '../payments/test/payment-harness.ts';
import { createSecretBox } from '../settings/secret-box.ts';
import { expectOwnerOnly } from '../test/refusal.ts';
import { createSmtpTestApp, saveSmtpPassword } from '../test/smtp-test-app.ts';
import {
  REJECTED_DOMAIN,
  type ReceivedMessage,
  SMTP_AUTH_REJECTION,
  type SmtpTestServer,
} from '../test/smtp-test-server.ts';
import { adminToken, type TestApp } from '../test/test-app.ts';
import { createEmailNotifications, MESSAGE_KINDS } from './notifications.ts';
import { createOutboxSender, MAX_ATTEMPTS, RETRY_MAX_DELAY_MS } from './outbox-worker.ts';
import { createSmtpSettings } from './smtp-settings.ts';
import { insertConfirmedStay } from './stay-fixture.ts';

const OWNER = 'owner@example.test';
const SITE_EMAIL = 'stay@example.test';
const SITE_URL = 'http://localhost:3000';

let smtp: SmtpTestServer;
let t: TestApp;
let close: () => Promise<void>;
let notifications: NotificationEvents;

beforeAll(async () => {
  ({ smtp, t, close } = await createSmtpTestApp({ OWNER_EMAIL: OWNER }));
  // The same factory buildApp wires as the default; the payment and admin capabilities call it in their flows.
  notifications = createEmailNotifications(t.config, { clock: t.clock });
  await saveSmtpPassword({ smtp, t });
});

afterAll(async () => {
  await close?.();
});

const db = () => t.database.db;
/** A fresh login each time: these tests move the clock by hours, past a session's idle limit. */
async function adminHeaders() {
  return { authorization: `Bearer ${await adminToken(t.app)}` };
}
const receivedBy = (address: string) => smtp.received.filter((m) => m.envelopeTo.includes(address));
const outboxRows = () => db().select().from(outbox);
const minutes = (n: number) => n * 60_000;

async function confirmStay(overrides: Parameters<typeof insertConfirmedStay>[1] = {}) {
  return db().transaction(async (tx) => {
    const stay = await insertConfirmedStay(tx, overrides);
    await notifications.bookingConfirmed(tx, stay.id);
    return stay;
  });
}

describe('booking confirmation e-mail', () => {
  it("delivers the guest's confirmation with the stay's details and an .ics of the stay, and tells the owner", async () => {
    const stay = await confirmStay({ contactEmail: 'fiona@example.test' });
    const result = await t.app.jobs.run('email-outbox');
    expect(result).toMatchObject({ status: 'done', sent: 2, retrying: 0, failed: 0 });

    const [guest] = receivedBy('fiona@example.test') as [ReceivedMessage];
    expect(receivedBy('fiona@example.test')).toHaveLength(1);
    const { email } = guest;
    expect(email.from?.address).toBe(smtp.user);
    expect(email.subject).toContain('Your stay at The Tower is confirmed');
    for (const part of [email.text!, email.html!]) {
      expect(part).toContain(`/booking/${bookingReference(stay.id)}?key=${stay.manageKey}`);
      expect(part).toContain('Wednesday 9 December 2026, from 4:00 PM');
      expect(part).toContain('Saturday 12 December 2026, by 11:00 AM');
      expect(part).toContain('Accommodation (3 nights)');
      expect(part).toContain('£725');
      expect(part).toContain('£100');
      expect(part).toContain('£36');
      expect(part).toContain('£861');
      expect(part).toContain('access codes arrive by e-mail 24 hours before you arrive');
      expect(part).toContain(SITE_EMAIL);
      expect(part).toContain(`${SITE_URL}/terms-and-conditions`);
      expect(part).toContain('More than 30 days before check-in: 100%');
    }
    expect(email.text).toMatch(/Guests:\s+2/);

    expect(email.attachments).toHaveLength(1);
    const ics = email.attachments[0]!;
    expect(ics.filename).toBe('the-tower-stay.ics');
    expect(ics.mimeType).toBe('text/calendar');
    const icsText =
      typeof ics.content === 'string' ? ics.content : new TextDecoder().decode(ics.content as ArrayBuffer);
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(icsText)).getFirstSubcomponent('vevent')!);
    expect(event.uid).toBe(`${stay.id}@localhost`);
    // December is GMT in Aberdeen: 4:00 PM and 11:00 AM local are the same in UTC.
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-12-09T16:00:00.000Z');
    expect(event.endDate.toJSDate().toISOString()).toBe('2026-12-12T11:00:00.000Z');

    const owner = receivedBy(OWNER).find((m) => m.email.text?.includes(stay.id));
    expect(owner?.email.subject).toBe('New booking: Fiona MacLeod, 9 Dec 2026 – 12 Dec 2026 (£861)');
    expect(owner?.email.text).toContain('fiona@example.test');
    expect(owner?.email.text).toContain('Arriving late, around 9 PM');
    expect(owner?.email.attachments).toEqual([]);

    const rows = await db().select().from(outbox).where(eq(outbox.status, 'sent'));
    expect(rows.map((r) => r.kind).sort()).toEqual(
      [MESSAGE_KINDS.guestBookingConfirmed, MESSAGE_KINDS.ownerBookingConfirmed].sort(),
    );
  });

  it('queues each message once when the confirmation is handled twice (webhook and browser)', async () => {
    const stay = await confirmStay({
      checkIn: '2027-01-04',
      checkOut: '2027-01-06',
      contactEmail: 'twice@example.test',
    });
    await db().transaction((tx) => notifications.bookingConfirmed(tx, stay.id));
    const rows = (await outboxRows()).filter((r) => r.dedupeKey.includes(stay.id));
    expect(rows).toHaveLength(2);
    await t.app.jobs.run('email-outbox');
    await t.app.jobs.run('email-outbox');
    expect(receivedBy('twice@example.test')).toHaveLength(1);
  });

  it('queues nothing when the confirming transaction rolls back', async () => {
    const before = (await outboxRows()).length;
    await expect(
      db().transaction(async (tx) => {
        const stay = await insertConfirmedStay(tx, { checkIn: '2027-01-11', checkOut: '2027-01-13' });
        await notifications.bookingConfirmed(tx, stay.id);
        throw new Error('the payment check failed after all');
      }),
    ).rejects.toThrow('the payment check failed after all');
    expect(await outboxRows()).toHaveLength(before);
  });

  it('tells nobody about an owner block', async () => {
    const before = (await outboxRows()).length;
    await db().transaction(async (tx) => {
      const block = await insertConfirmedStay(tx, {
        kind: 'block',
        source: 'owner',
        contactName: 'Owner Block',
        contactEmail: '',
        checkIn: '2027-01-18',
        checkOut: '2027-01-20',
      });
      await notifications.bookingConfirmed(tx, block.id);
    });
    expect(await outboxRows()).toHaveLength(before);
  });
});

describe('outbox worker during an SMTP outage', () => {
  it('delivers all 10 confirmations made while the server was down, each exactly once, when it returns', async () => {
    await smtp.stop();
    const guests = Array.from({ length: 10 }, (_, i) => `outage-guest-${i}@example.test`);
    const booked: string[] = [];
    for (const [i, contactEmail] of guests.entries()) {
      const checkIn = `2027-02-${String(1 + i * 2).padStart(2, '0')}`;
      const checkOut = `2027-02-${String(3 + i * 2).padStart(2, '0')}`;
      booked.push((await confirmStay({ checkIn, checkOut, contactEmail, contactName: `Guest ${i}` })).id);
    }

    // An hour of outage, the worker trying every five minutes as its loop would.
    for (let elapsed = 0; elapsed <= 60; elapsed += 5) {
      const run = await t.app.jobs.run('email-outbox');
      expect(run.sent).toBe(0);
      t.clock.advance(minutes(5));
    }
    const waiting = await db().select().from(outbox).where(eq(outbox.status, 'queued'));
    expect(waiting).toHaveLength(20);
    expect(waiting.every((row) => row.attempts < MAX_ATTEMPTS && row.lastError)).toBe(true);
    for (const guest of guests) expect(receivedBy(guest)).toHaveLength(0);

    await smtp.start();
    t.clock.advance(RETRY_MAX_DELAY_MS);
    const run = await t.app.jobs.run('email-outbox');
    expect(run).toMatchObject({ status: 'done', sent: 20, failed: 0 });
    // Later runs find nothing more to send.
    t.clock.advance(RETRY_MAX_DELAY_MS);
    expect((await t.app.jobs.run('email-outbox')).sent).toBe(0);

    for (const [i, guest] of guests.entries()) {
      const messages = receivedBy(guest);
      expect(messages).toHaveLength(1);
      expect(messages[0]!.email.text).toContain(bookingReference(booked[i]!));
      expect(messages[0]!.email.attachments).toHaveLength(1);
    }
    const ownerCopies = receivedBy(OWNER).filter((m) => booked.some((id) => m.email.text?.includes(id)));
    expect(ownerCopies).toHaveLength(10);
    const rows = await db()
      .select()
      .from(outbox)
      .where(inArray(outbox.to, [...guests]));
    expect(rows.every((row) => row.status === 'sent' && row.sentAt)).toBe(true);
  });

  it("gives up on a message after the last retry and lists it for the admin; the admin's retry sends it", async () => {
    await smtp.stop();
    await db().transaction((tx) =>
      notifications.feedUnhealthy(tx, { sourceId: 'airbnb', reason: 'The feed answered 404 Not Found.' }),
    );
    let attempts = 0;
    for (; attempts < MAX_ATTEMPTS + 2; attempts++) {
      const run = await t.app.jobs.run('email-outbox');
      if (run.failed > 0) break;
      t.clock.advance(RETRY_MAX_DELAY_MS);
    }
    expect(attempts + 1).toBe(MAX_ATTEMPTS);

    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/outbox',
      headers: await adminHeaders(),
    });
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body.failed).toBe(1);
    const failed = body.messages.find((m: { status: string }) => m.status === 'failed');
    expect(failed).toMatchObject({
      kind: MESSAGE_KINDS.ownerFeedUnhealthy,
      to: OWNER,
      subject: 'Calendar sync needs a look: Airbnb',
      attempts: MAX_ATTEMPTS,
    });
    expect(failed.lastError).toMatch(/ECONNREFUSED|connect/i);
    // The owner reads what failed, with the server's own words after the colon.
    expect(failed.lastError).toMatch(/^Could not connect to the mail server: .*ECONNREFUSED/);

    await smtp.start();
    const retry = await t.app.inject({
      method: 'POST',
      url: `/api/admin/outbox/${failed.id}/retry`,
      headers: await adminHeaders(),
    });
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toMatchObject({ status: 'queued', attempts: 0 });
    expect((await t.app.jobs.run('email-outbox')).sent).toBe(1);
    expect(
      receivedBy(OWNER).filter((m) => m.email.subject === 'Calendar sync needs a look: Airbnb'),
    ).toHaveLength(1);
  });

  it('marks a message the server refuses for good (550) as failed at once, without holding up the others', async () => {
    await confirmStay({
      checkIn: '2027-03-01',
      checkOut: '2027-03-04',
      contactEmail: `typo${REJECTED_DOMAIN}`,
    });
    const run = await t.app.jobs.run('email-outbox');
    expect(run).toMatchObject({ sent: 1, failed: 1 });
    const [row] = await db()
      .select()
      .from(outbox)
      .where(eq(outbox.to, `typo${REJECTED_DOMAIN}`));
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row!.lastError).toContain('No such mailbox');
    expect(row!.lastError).toMatch(/^The mail server refused the sender or recipient: .*No such mailbox/);
  });
});

describe('outbox workers running at the same time', () => {
  it('send each message once between them (another process, or the loop and a manual run)', async () => {
    const guests = Array.from({ length: 6 }, (_, i) => `concurrent-${i}@example.test`);
    for (const [i, contactEmail] of guests.entries()) {
      const day = String(1 + i * 3).padStart(2, '0');
      const out = String(3 + i * 3).padStart(2, '0');
      await confirmStay({ checkIn: `2027-08-${day}`, checkOut: `2027-08-${out}`, contactEmail });
    }
    const smtpSettings = createSmtpSettings(
      t.config,
      createSecretBox({ secretKey: t.config.secretKey, dataDir: t.config.dataDir }),
    );
    const senders = [1, 2, 3].map(() =>
      createOutboxSender({ db: t.database.db, smtp: smtpSettings, clock: t.clock, log: t.app.log }),
    );
    const runs = await Promise.all([...senders.map((s) => s.send()), t.app.jobs.run('email-outbox')]);
    expect(runs.reduce((sum, run) => sum + run.sent, 0)).toBe(12);
    for (const guest of guests) expect(receivedBy(guest)).toHaveLength(1);
  });

  it("answer a call made during this process's run once that run is over, with a run of its own that finds nothing left", async () => {
    await confirmStay({ checkIn: '2027-10-04', checkOut: '2027-10-07', contactEmail: 'busy@example.test' });
    const first = t.app.jobs.run('email-outbox');
    const second = t.app.jobs.run('email-outbox');
    let firstOver = false;
    void first.then(() => {
      firstOver = true;
    });
    const secondAnswer = await second;
    expect(firstOver).toBe(true);
    expect(secondAnswer).toEqual({ status: 'done', sent: 0, retrying: 0, failed: 0 });
    expect(await first).toMatchObject({ status: 'done', sent: 2 });
    expect(receivedBy('busy@example.test')).toHaveLength(1);
  });
});

describe('GET /api/admin/outbox', () => {
  it('answers 401 without an admin token', async () => {
    await expectOwnerOnly(t.app, { method: 'GET', url: '/api/admin/outbox' });
  });

  it('says in a sentence that the mail server refused the login, with its own words after the colon', async () => {
    const smtpSettings = createSmtpSettings(
      t.config,
      createSecretBox({ secretKey: t.config.secretKey, dataDir: t.config.dataDir }),
    );
    // The stored password stopped working (changed at the provider).
    await smtpSettings.savePassword(db(), 'an-old-password');
    try {
      await confirmStay({
        checkIn: '2027-09-06',
        checkOut: '2027-09-09',
        contactEmail: 'login@example.test',
      });
      expect((await t.app.jobs.run('email-outbox')).sent).toBe(0);
      const list = await t.app.inject({
        method: 'GET',
        url: '/api/admin/outbox',
        headers: await adminHeaders(),
      });
      const waiting = list
        .json()
        .messages.filter((m: { to: string }) => m.to === 'login@example.test' || m.to === OWNER);
      expect(waiting.length).toBeGreaterThan(0);
      for (const message of waiting) {
        expect(message.lastError).toMatch(/^The mail server refused the login: /);
        expect(message.lastError).toContain(SMTP_AUTH_REJECTION);
      }
    } finally {
      await smtpSettings.savePassword(db(), smtp.password);
    }
    t.clock.advance(RETRY_MAX_DELAY_MS);
    await t.app.jobs.run('email-outbox');
    expect(receivedBy('login@example.test')).toHaveLength(1);
  });
});

describe('cancellation and other notifications', () => {
  it('tells the guest the refund amount and the owner the cancellation', async () => {
    const stay = await confirmStay({
      checkIn: '2027-04-05',
      checkOut: '2027-04-08',
      contactEmail: 'cancels@example.test',
    });
    await db().transaction(async (tx) => {
      await tx.update(stays).set({ status: 'canceled' }).where(eq(stays.id, stay.id));
      await notifications.bookingCanceled(tx, stay.id, 83_600);
    });
    await t.app.jobs.run('email-outbox');
    const guest = receivedBy('cancels@example.test').find((m) => m.email.subject?.includes('cancelled'));
    expect(guest?.email.text).toMatch(/Refund:\s+£836/);
    expect(guest?.email.text).toContain('We are refunding £836 to the card you paid with');
    const owner = receivedBy(OWNER).find((m) => m.email.subject?.startsWith('Booking cancelled:'));
    expect(owner?.email.text).toMatch(/Refund to the guest:\s+£836/);
  });

  it('tells the guest and the owner when a late payment was refunded because the nights were taken', async () => {
    const stay = await db().transaction(async (tx) => {
      const expired = await insertConfirmedStay(tx, {
        status: 'expired',
        checkIn: '2027-05-03',
        checkOut: '2027-05-05',
        contactEmail: 'late@example.test',
      });
      await notifications.paymentRefundedNightsTaken(tx, expired.id);
      return expired;
    });
    await t.app.jobs.run('email-outbox');
    const [guest] = receivedBy('late@example.test');
    expect(guest?.email.subject).toContain('full refund');
    expect(guest?.email.text).toContain('£861');
    const owner = receivedBy(OWNER).find((m) =>
      m.email.subject?.startsWith('Payment refunded, nights taken'),
    );
    expect(owner?.email.text).toContain(stay.id);
  });

  it('tells the owner about a calendar conflict once', async () => {
    const stay = await confirmStay({ checkIn: '2027-06-07', checkOut: '2027-06-10' });
    const conflict = {
      sourceId: 'booking',
      uid: 'booking-com-123',
      checkIn: '2027-06-08',
      checkOut: '2027-06-11',
      stayId: stay.id,
    };
    await db().transaction((tx) => notifications.calendarConflict(tx, conflict));
    await db().transaction((tx) => notifications.calendarConflict(tx, conflict));
    await t.app.jobs.run('email-outbox');
    const conflicts = receivedBy(OWNER).filter((m) => m.email.subject?.startsWith('Calendar conflict'));
    expect(conflicts).toHaveLength(1);
    expect(conflicts[0]!.email.subject).toContain('Booking.com');
    expect(conflicts[0]!.email.text).toContain(stay.id);
  });
});

describe('a booking paid online', () => {
  it("carries the booking's short reference, as the API gives it, in the guest's confirmation received by SMTP", async () => {
    const checkInDate = addDays(todayOnPropertyClock(t.clock.now()), 320);
    const request = bookingPageRequest(
      { checkInDate, checkOutDate: addDays(checkInDate, 3) },
      { guest: 'Ref Guest' },
    );
    const held = await t.app.inject({ method: 'POST', url: '/api/create-payment-intent', payload: request });
    expect(held.statusCode, held.body).toBe(200);
    const { bookingId, paymentIntentId, clientSecret } = held.json();
    const paid = await confirmDemoPayment(t.app, { paymentIntentId, clientSecret });
    expect(paid.json().status).toBe('succeeded');
    const success = await reportPaymentSuccess(t.app, { paymentIntentId, bookingId });
    expect(success.statusCode, success.body).toBe(200);
    expect(success.json().status).toBe('confirmed');
    // The reference the admin list gives is the one the browser derives from the id on the success page.
    const list = await t.app.inject({ method: 'GET', url: '/api/bookings', headers: await adminHeaders() });
    const reference = bookingReference(bookingId);
    expect(
      (list.json() as { id: string; reference: string }[]).find((b) => b.id === bookingId),
    ).toMatchObject({
      reference,
    });

    await t.app.jobs.run('email-outbox');
    const [guest] = receivedBy(request.booking.contactEmail);
    expect(guest?.email.subject).toContain('Your stay at The Tower is confirmed');
    for (const part of [guest!.email.text!, guest!.email.html!]) {
      expect(part).toMatch(new RegExp(`Booking reference:?\\s*(<[^>]+>\\s*)*${reference}`));
    }
    const owner = receivedBy(OWNER).find((m) => m.email.text?.includes(reference));
    expect(owner?.email.subject).toMatch(/^New booking: Ref Guest/);
  });
});
