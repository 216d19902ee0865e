import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatGbp } from '../../domain/format.ts';
import { auditLog, checkoutFollowUps, outbox } from '../db/schema.ts';
import { bookingPageRequest, startCheckout, stayDates } from '../payments/test/payment-harness.ts';
import { payForStay } from '../test/paid-booking.ts';
import { expectRefusal } from '../test/refusal.ts';
import { createSmtpTestApp, type SmtpTestApp, saveSmtpPassword } from '../test/smtp-test-app.ts';
import { adminToken } from '../test/test-app.ts';

/**
 * Follow-ups of lapsed checkouts (docs/decisions/032-checkout-follow-ups.md), under the controlled clock: a lapsed
 * hold gets exactly one e-mail about an hour later, at a real SMTP server, with a one-click opt-out; none after the
 * opt-out, none when the nights were taken or the guest booked, at most one per address a week, none when the owner
 * turned them off.
 */

const MINUTE = 60_000;
let app: SmtpTestApp;

beforeAll(async () => {
  app = await createSmtpTestApp();
  await saveSmtpPassword(app);
});

afterAll(async () => {
  await app?.close();
});

const t = () => app.t;
const call = async (method: 'GET' | 'POST', url: string, body?: object) => {
  const response = await t().app.inject({ method, url, ...(body ? { payload: body } : {}) });
  if (response.statusCode >= 400) throw new Error(`${method} ${url}: ${response.body}`);
  return response.json();
};
const followUps = () => t().app.jobs.run('checkout-follow-ups');
/** The owner's call, signed in afresh: the controlled clock moves past a session's lifetime. */
const admin = async (method: 'GET' | 'PUT', payload?: object) =>
  t().app.inject({
    method,
    url: '/api/admin/follow-ups',
    headers: { authorization: `Bearer ${await adminToken(t().app)}` },
    ...(payload ? { payload } : {}),
  });

/** A guest starts paying for `dates` and leaves: the hold lapses (15 minutes) and the sweep frees its nights. */
async function abandon(dates: { checkInDate: string; checkOutDate: string }, guest: string): Promise<string> {
  const held = await startCheckout(t().app, dates, { guest });
  expect(held.statusCode, held.body).toBe(200);
  t().clock.advance(16 * MINUTE);
  await t().app.jobs.run('hold-sweep');
  return held.json().bookingId as string;
}
const decision = async (stayId: string) =>
  (await t().database.db.select().from(checkoutFollowUps).where(eq(checkoutFollowUps.stayId, stayId)))[0]
    ?.outcome;

describe('the follow-up of a lapsed checkout', () => {
  it('goes once, about an hour after the hold lapsed, with the dates, today’s price and a one-click opt-out', async () => {
    const dates = stayDates(6);
    const id = await abandon(dates, 'Fay Follow');
    t().clock.advance(30 * MINUTE);
    expect((await followUps()).sent).toEqual([]); // 46 minutes after the hold began: too soon
    t().clock.advance(30 * MINUTE);
    expect((await followUps()).sent).toEqual([id]);
    expect((await followUps()).sent).toEqual([]); // decided once

    await t().app.jobs.run('email-outbox');
    const mail = app.smtp.received.find(
      (m) => m.envelopeTo.includes('fay.follow@example.test') && m.email.subject?.includes('still free'),
    );
    expect(mail?.email.subject).toBe('Your dates at The Tower are still free');
    const quote = await call(
      'GET',
      `/api/quote?propertyId=1&checkInDate=${dates.checkInDate}&checkOutDate=${dates.checkOutDate}`,
    );
    expect(mail?.email.text).toContain(formatGbp(Math.round(quote.total * 100)));
    expect(mail?.email.text).toContain(
      `/?checkIn=${dates.checkInDate}&checkOut=${dates.checkOutDate}&guests=2#booking`,
    );
    const unsubscribe = mail?.email.headers.find((h) => h.key === 'list-unsubscribe')?.value ?? '';
    expect(mail?.email.headers.find((h) => h.key === 'list-unsubscribe-post')?.value).toBe(
      'List-Unsubscribe=One-Click',
    );
    const optOutUrl = /<([^>]+)>/.exec(unsubscribe)?.[1] ?? '';
    expect(optOutUrl).toMatch(/\/api\/follow-ups\/opt-out\?token=[\w-]+\.[\w-]+$/);
    expect(mail?.email.text).toContain(optOutUrl);

    // The mail client's one-click button (RFC 8058): a POST with the form body.
    const path = new URL(optOutUrl).pathname + new URL(optOutUrl).search;
    const optOut = await t().app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(optOut.statusCode, optOut.body).toBe(200);
    // The link in the text, followed in a browser: a page in words, and opting out twice is fine.
    const page = await t().app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('we will not send you any more reminders');

    // A later checkout of the same address, weeks on: nothing, ever.
    t().clock.advance(10 * 24 * 60 * MINUTE);
    const later = await abandon(stayDates(10), 'Fay Follow');
    t().clock.advance(61 * MINUTE);
    expect((await followUps()).sent).toEqual([]);
    expect(await decision(later)).toBe('opted_out');
  });

  it('is never sent to a guest who refused it on the booking card, where they typed their address', async () => {
    const dates = stayDates(8);
    const held = await t().app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: { ...bookingPageRequest(dates, { guest: 'Nia No' }), noFollowUp: true },
    });
    expect(held.statusCode, held.body).toBe(200);
    t().clock.advance(16 * MINUTE);
    await t().app.jobs.run('hold-sweep');
    t().clock.advance(61 * MINUTE);
    expect((await followUps()).sent).toEqual([]);
    expect(await decision(held.json().bookingId)).toBe('opted_out');
  });

  it('refuses a link this site did not make, with a sentence', async () => {
    const response = await t().app.inject({
      method: 'GET',
      url: '/api/follow-ups/opt-out?token=madeUpHash.madeUpSignature',
    });
    expectRefusal(response, 400, {
      error: 'invalid_link',
      message: 'This link is not valid: please use the link in the e-mail as it is.',
    });
  });

  it('is not sent when the nights were taken meanwhile', async () => {
    const dates = stayDates(12);
    const id = await abandon(dates, 'Gil Gone');
    await payForStay(call, dates, { name: 'Hal Quick', email: 'hal@example.test' });
    t().clock.advance(61 * MINUTE);
    expect((await followUps()).sent).not.toContain(id);
    expect(await decision(id)).toBe('nights_taken');
  });

  it('is not sent when the guest booked since, and counts for the owner when they book after one', async () => {
    const id = await abandon(stayDates(14), 'Ivy Back');
    await payForStay(call, stayDates(15), { name: 'Ivy Back', email: 'ivy.back@example.test' });
    t().clock.advance(61 * MINUTE);
    await followUps();
    expect(await decision(id)).toBe('booked_since');

    const before = (await admin('GET')).json();
    const followed = await abandon(stayDates(17), 'Jo Later');
    t().clock.advance(61 * MINUTE);
    expect((await followUps()).sent).toEqual([followed]);
    await payForStay(call, stayDates(17), { name: 'Jo Later', email: 'jo.later@example.test' });
    expect((await admin('GET')).json()).toMatchObject({
      enabled: true,
      sent: before.sent + 1,
      bookedAfter: before.bookedAfter + 1,
    });
  });

  it('goes at most once a week to one address', async () => {
    const first = await abandon(stayDates(20), 'Kit Twice');
    const second = await abandon(stayDates(21), 'Kit Twice');
    t().clock.advance(61 * MINUTE);
    const run = await followUps();
    expect(run.sent).toEqual([first]);
    expect(await decision(second)).toBe('recently_followed_up');
  });

  it('stops when the owner turns it off, which is audited and shown', async () => {
    const off = await admin('PUT', { enabled: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().enabled).toBe(false);
    const audited = await t()
      .database.db.select()
      .from(auditLog)
      .where(eq(auditLog.action, 'follow_ups.saved'));
    expect(audited.map((row) => row.details)).toContainEqual({ enabled: false });
    const id = await abandon(stayDates(24), 'Lou Quiet');
    t().clock.advance(61 * MINUTE);
    expect((await followUps()).sent).toEqual([]);
    expect(await decision(id)).toBe('off');
    const queued = await t().database.db.select().from(outbox).where(eq(outbox.to, 'lou.quiet@example.test'));
    expect(queued).toEqual([]);
    const bad = await admin('PUT', { enabled: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('enabled must be true or false.');
  });
});
