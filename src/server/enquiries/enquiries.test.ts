import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOO_MANY_LINKS_MESSAGE } from '../../domain/api/enquiries.ts';
import { expectRefusal } from '../test/refusal.ts';
import { createSmtpTestApp, saveSmtpPassword } from '../test/smtp-test-app.ts';
import type { SmtpTestServer } from '../test/smtp-test-server.ts';
import { adminToken, type TestApp } from '../test/test-app.ts';
import { FORM_TOKEN_MESSAGE, TOO_FAST_MESSAGE } from './service.ts';
import { dayHireEnquiry, dayHireQuoteForm, formToken, sendEnquiry } from './test-support.ts';

const OWNER = 'owner@example.test';

let smtp: SmtpTestServer;
let t: TestApp;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ smtp, t, close } = await createSmtpTestApp({ OWNER_EMAIL: OWNER }));
  await saveSmtpPassword({ smtp, t });
});

afterAll(async () => {
  await close?.();
});

/** A fresh sign-in each time: the tests move the clock by hours. */
async function ownerHeaders() {
  return { authorization: `Bearer ${await adminToken(t.app)}` };
}
const advance = (ms: number) => t.clock.advance(ms);
const send = (...args: Parameters<typeof sendEnquiry> extends [unknown, unknown, ...infer R] ? R : never) =>
  sendEnquiry(t.app, advance, ...args);
const receivedBy = (address: string) => smtp.received.filter((m) => m.envelopeTo.includes(address));
const HOUR = 60 * 60_000;

describe('an enquiry from the Contact page', () => {
  it('is answered 201, acknowledged to the enquirer and told to the owner through the outbox', async () => {
    const response = await send(dayHireEnquiry(), { remoteAddress: '127.0.0.10' });
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toContain('We typically respond within 24 hours');

    const run = await t.app.jobs.run('email-outbox');
    expect(run).toMatchObject({ status: 'done', sent: 2, failed: 0 });
    const [ack] = receivedBy('grace@example.test');
    expect(ack?.email.subject).toBe('We have your enquiry about The Tower');
    expect(ack?.email.text).toContain('We typically respond within 24 hours');
    expect(ack?.email.text).toContain('Wednesday 20 January 2027');
    const [notice] = receivedBy(OWNER);
    expect(notice?.email.subject).toBe('New enquiry from Grace Hopper: Corporate day hire');
    expect(notice?.email.text).toContain('roof terrace');
    expect(notice?.email.text).toContain('01224 000000');

    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/enquiries',
      headers: await ownerHeaders(),
    });
    const [enquiry] = list.json().enquiries;
    expect(enquiry).toMatchObject({
      id: response.json().id,
      kind: 'day_hire',
      dateFrom: '2027-01-20',
      people: 12,
      status: 'new',
    });
    expect(enquiry.thread.map((event: { kind: string }) => event.kind)).toEqual(['received', 'acknowledged']);
  });

  it('refuses bad input with a sentence for each field', async () => {
    const response = await send(
      dayHireEnquiry({ name: 'G', email: 'not an address', dateFrom: '', message: 'Hi' }),
      { remoteAddress: '127.0.0.11' },
    );
    expect(response.statusCode).toBe(400);
    const { error, message } = response.json();
    expect(error).toBe('invalid_input');
    expect(message).toContain('name: Name is required');
    expect(message).toContain('email: Valid email is required');
    expect(message).toContain('message: Tell us a little more');
    expect(message).toContain('dateFrom: Give the date you would like to hire The Tower');
  });

  it('refuses the hidden field filled, a form sent too fast, a missing token and a link-heavy message, each with what to do', async () => {
    const from = { remoteAddress: '127.0.0.12' };
    const honeypot = await send(dayHireEnquiry({ website: 'https://spam.example' }), from);
    expect(honeypot.statusCode).toBe(400);
    expect(honeypot.json()).toMatchObject({ error: 'honeypot_filled' });
    expect(honeypot.json().message).toContain('Leave this empty');

    const fast = await send(dayHireEnquiry(), { ...from, typingMs: 1_000 });
    expectRefusal(fast, 400, { error: 'sent_too_fast', message: TOO_FAST_MESSAGE });

    const noToken = await t.app.inject({
      method: 'POST',
      url: '/api/enquiries',
      ...from,
      payload: dayHireEnquiry(),
    });
    expect(noToken.json()).toEqual({ error: 'form_token_invalid', message: FORM_TOKEN_MESSAGE });
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/enquiries',
      ...from,
      payload: { ...dayHireEnquiry(), formToken: 'eyJ2IjoxfQ' },
    });
    expect(forged.json().error).toBe('form_token_invalid');
    const token = await formToken(t.app);
    advance(25 * HOUR);
    const stale = await t.app.inject({
      method: 'POST',
      url: '/api/enquiries',
      ...from,
      payload: { ...dayHireEnquiry(), formToken: token },
    });
    expect(stale.json().error).toBe('form_token_invalid');

    const links = await send(
      dayHireEnquiry({ message: 'See https://a.example, https://b.example and www.c.example for details' }),
      from,
    );
    expect(links.statusCode).toBe(400);
    expect(links.json().message).toBe(`message: ${TOO_MANY_LINKS_MESSAGE}`);
  });

  it('lets one address send three an hour, then answers 429 with Retry-After and a sentence', async () => {
    const from = { remoteAddress: '127.0.0.13' };
    for (let i = 0; i < 3; i++) expect((await send(dayHireEnquiry(), from)).statusCode).toBe(201);
    const refused = await send(dayHireEnquiry(), from);
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(refused.json().message).toMatch(
      /Please send this one in \d+ minutes?, or e-mail it to .+: what you typed is kept\./,
    );
    // Another address is not held back; the first one is again once its hour has passed.
    expect((await send(dayHireEnquiry(), { remoteAddress: '127.0.0.14' })).statusCode).toBe(201);
    advance(retryAfter * 1000);
    expect((await send(dayHireEnquiry(), from)).statusCode).toBe(201);
  });

  it('can be declined by the owner, which its thread records', async () => {
    const sent = await send(dayHireEnquiry({ name: 'Decline Me' }), { remoteAddress: '127.0.0.15' });
    const id = sent.json().id;
    const headers = await ownerHeaders();
    const declined = await t.app.inject({
      method: 'POST',
      url: `/api/admin/enquiries/${id}/decline`,
      headers,
    });
    expect(declined.statusCode).toBe(200);
    const again = await t.app.inject({ method: 'POST', url: `/api/admin/enquiries/${id}/decline`, headers });
    expect(again.statusCode).toBe(409);
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/enquiries', headers });
    const enquiry = list.json().enquiries.find((e: { id: string }) => e.id === id);
    expect(enquiry.status).toBe('declined');
    expect(enquiry.thread.at(-1)).toMatchObject({ kind: 'declined' });
  });
});

describe("an enquirer's data (UK GDPR)", () => {
  it('is in the guest-data export, and erased with the rest: their words and address, not the dates and prices', async () => {
    const email = 'erase.me@example.test';
    const sent = await send(dayHireEnquiry({ name: 'Erin Erase', email }), { remoteAddress: '127.0.0.16' });
    const headers = await ownerHeaders();
    const quote = await t.app.inject({
      method: 'POST',
      url: '/api/admin/quotes',
      headers,
      payload: dayHireQuoteForm({ enquiryId: sent.json().id, contactEmail: email, holdDates: false }),
    });
    expect(quote.statusCode, quote.body).toBe(201);

    const exported = await t.app.inject({
      method: 'GET',
      url: `/api/admin/guests/export?email=${email}`,
      headers,
    });
    expect(exported.json().enquiries).toEqual([expect.objectContaining({ name: 'Erin Erase', email })]);
    expect(exported.json().quotes).toEqual([
      expect.objectContaining({ contactEmail: email, totalPence: 85_000 }),
    ]);

    const erased = await t.app.inject({
      method: 'POST',
      url: '/api/admin/guests/erase',
      headers,
      payload: { email },
    });
    expect(erased.json()).toMatchObject({ erasedEnquiries: 1, erasedQuotes: 1 });
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/enquiries', headers });
    const enquiry = list.json().enquiries.find((e: { id: string }) => e.id === sent.json().id);
    expect(enquiry).toMatchObject({ name: 'Erased guest', email: '', message: '', dateFrom: '2027-01-20' });
    expect(enquiry.thread.every((event: { text: string }) => event.text === '(erased)')).toBe(true);
    expect(enquiry.quotes[0]).toMatchObject({
      contactName: 'Erased guest',
      contactEmail: '',
      totalPrice: 850,
    });
  });
});
