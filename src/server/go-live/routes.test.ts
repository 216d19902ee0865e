import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GO_LIVE_ITEM_IDS, type GoLiveChecklist, type GoLiveItemId } from '../../domain/go-live.ts';
import {
  type FeedServer,
  readFixture,
  serveCalendar,
  startFeedServer,
} from '../calendar-sync/test-feed-server.ts';
import { auditLog } from '../db/schema.ts';
import { expectOwnerOnly, expectRefusal } from '../test/refusal.ts';
import { smtpEnv } from '../test/smtp-test-app.ts';
import { REJECTED_DOMAIN, type SmtpTestServer, startSmtpTestServer } from '../test/smtp-test-server.ts';
import { adminToken, createTestApp, type TestApp } from '../test/test-app.ts';
import type { PhotosReady } from './checklist.ts';

const SECRET_KEY = 'a-test-secret-key-of-at-least-32-characters';
const HOUR = 3_600_000;

let smtp: SmtpTestServer;
let feeds: FeedServer;
let t: TestApp;
let token: string;
let photos = { ready: 0, missingAlt: 0 };
const photosReady: PhotosReady = async () => photos;

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  feeds = await startFeedServer();
  feeds.set('/airbnb.ics', serveCalendar(readFixture('airbnb')));
  feeds.set('/booking.ics', serveCalendar(readFixture('booking')));
  t = await createTestApp({
    env: {
      ...smtpEnv(smtp),
      SECRET_KEY,
      ICAL_ALLOW_PRIVATE_HOSTS: 'true',
      SYNC_INTERVAL_MINUTES: '0', // the test moves the clock: no automatic sync in between
    },
    overrides: { photosReady },
  });
  token = await adminToken(t.app);
});
afterAll(async () => {
  await t?.close();
  await feeds?.close();
  await smtp?.stop();
});

const auth = () => ({ authorization: `Bearer ${token}` });
const admin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: auth(),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const checklist = async (): Promise<GoLiveChecklist> => {
  const response = await admin('GET', '/api/admin/go-live');
  expect(response.statusCode).toBe(200);
  return response.json();
};
const open = async () => (await checklist()).items.filter((item) => !item.done).map((item) => item.id);
const item = async (id: GoLiveItemId) => (await checklist()).items.find((one) => one.id === id)!;
const facts = (change: Record<string, unknown> = {}) => ({
  licenceNumber: '',
  epcRating: '',
  maxOccupancy: 4,
  streetAddress: '',
  postcode: '',
  addressPublic: true,
  social: { facebook: '', instagram: '', tiktok: '' },
  hashtags: [],
  enquiriesEmail: '',
  ...change,
});

describe('the go-live checklist', () => {
  it('answers 401 without the admin token', async () => {
    await expectOwnerOnly(
      t.app,
      { method: 'GET', url: '/api/admin/go-live' },
      { method: 'POST', url: '/api/admin/go-live/choice', payload: { choice: 'export_given', value: true } },
    );
  });

  it('on a fresh install lists every item open but the occupancy, each saying where it is fixed', async () => {
    const list = await checklist();
    expect(list.items.map((one) => one.id)).toEqual(GO_LIVE_ITEM_IDS);
    expect(list.open).toBe(9);
    expect(list.offerDemoTick).toBe(true);
    expect(await open()).not.toContain('occupancy');
    const byId = Object.fromEntries(list.items.map((one) => [one.id, one]));
    expect(byId.licence?.fixAt).toEqual({ href: '/admin?tab=property', label: 'Property tab' });
    expect(byId.photos?.detail).toBe(
      '0 of 18 photos on the site; until the first, the slideshow shows drawn stand-ins.',
    );
    expect(byId.email?.fixAt.href).toBe('/admin?tab=email');
    expect(byId.email?.detail).toBe('Enter the e-mail account’s password in the Email tab.');
    expect(byId.site_url?.detail).toMatch(
      /^SITE_URL is http:\/\/localhost:3000: set it to the site's public https/,
    );
    expect(byId.channel_feeds?.detail).toBe('No Airbnb feed saved; no Booking.com feed saved.');
    expect(byId.channel_feeds?.fixAt.href).toBe('/admin/calendar-sync');
  });

  it('turns green item by item as the owner completes them', async () => {
    await admin('PUT', '/api/admin/property-facts', facts({ licenceNumber: 'AC-00123-F' }));
    expect(await open()).not.toContain('licence');
    expect(await open()).toContain('epc');

    await admin('PUT', '/api/admin/property-facts', facts({ licenceNumber: 'AC-00123-F', epcRating: 'C' }));
    expect(await open()).not.toContain('epc');

    await admin(
      'PUT',
      '/api/admin/property-facts',
      facts({ licenceNumber: 'AC-00123-F', epcRating: 'C', streetAddress: '1 Kirk Court' }),
    );
    expect((await item('address')).detail).toBe('Missing: the postcode.');
    await admin(
      'PUT',
      '/api/admin/property-facts',
      facts({
        licenceNumber: 'AC-00123-F',
        epcRating: 'C',
        streetAddress: '1 Kirk Court',
        postcode: 'AB10 1AA',
      }),
    );
    expect(await open()).not.toContain('address');

    photos = { ready: 18, missingAlt: 2 };
    expect((await item('photos')).detail).toBe('2 photos have no alt text yet.');
    photos = { ready: 18, missingAlt: 0 };
    expect(await open()).not.toContain('photos');

    expect(
      (await admin('POST', '/api/admin/set-email-password', { password: smtp.password })).statusCode,
    ).toBe(200);
    expect((await item('email')).detail).toBe(
      'Send a test message from the Email tab and check that it arrives.',
    );
    const sent = await admin('POST', '/api/admin/email/test-message');
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({
      to: 'stay@example.test',
      message: 'A test message was sent to stay@example.test.',
    });
    expect(smtp.received.at(-1)?.email.subject).toBe('Test message from The Tower');
    expect(smtp.received.at(-1)?.envelopeTo).toEqual(['stay@example.test']);
    expect(await open()).not.toContain('email');

    expect((await item('payments')).detail).toMatch(/^Demo payments: nobody is charged\./);
    const chosen = await admin('POST', '/api/admin/go-live/choice', { choice: 'demo_payments', value: true });
    expect(chosen.statusCode).toBe(200);
    expect(await open()).not.toContain('payments');

    expect(
      (await admin('POST', '/api/admin/sync-airbnb', { icalUrl: feeds.url('/airbnb.ics') })).statusCode,
    ).toBe(200);
    expect((await item('channel_feeds')).detail).toBe('No Booking.com feed saved.');
    expect(
      (await admin('POST', '/api/admin/sync-booking', { icalUrl: feeds.url('/booking.ics') })).statusCode,
    ).toBe(200);
    expect(await open()).not.toContain('channel_feeds');

    const ticked = await admin('POST', '/api/admin/go-live/choice', { choice: 'export_given', value: true });
    expect(ticked.json().open).toBe(1);
    expect(await open()).toEqual(['site_url']);
  });

  it('opens the channel item again when a feed has not synced for more than 6 hours', async () => {
    t.clock.advance(6 * HOUR + 60_000);
    expect((await item('channel_feeds')).detail).toBe(
      'Airbnb last synced 6 hours ago; Booking.com last synced 6 hours ago.',
    );
    expect(
      (await admin('POST', '/api/admin/sync-airbnb', { icalUrl: feeds.url('/airbnb.ics') })).statusCode,
    ).toBe(200);
    expect((await item('channel_feeds')).detail).toBe('Booking.com last synced 6 hours ago.');
  });

  it('records each tick in the audit log, and an untick opens the item again', async () => {
    const response = await admin('POST', '/api/admin/go-live/choice', {
      choice: 'export_given',
      value: false,
    });
    expect(response.statusCode).toBe(200);
    expect(await open()).toContain('export_given');
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'go_live.choice'))
      .orderBy(desc(auditLog.id));
    expect(entry?.details).toEqual({ choice: 'export_given', value: false });
  });

  it('answers 400 with a sentence for an unknown tick', async () => {
    const response = await admin('POST', '/api/admin/go-live/choice', { choice: 'licence', value: true });
    expectRefusal(response, 400, {
      error: 'invalid_input',
      message: 'choice: choice must be one of: demo_payments, export_given',
    });
  });

  it('asks for a new test message after the e-mail password changes', async () => {
    await admin('POST', '/api/admin/set-email-password', { password: smtp.password });
    expect(await open()).toContain('email');
  });
});

describe('POST /api/admin/email/test-message', () => {
  it('answers 401 without the admin token', async () => {
    await expectOwnerOnly(t.app, { method: 'POST', url: '/api/admin/email/test-message' });
  });

  it('answers 409 with a sentence before any password is saved', async () => {
    const fresh = await createTestApp({ env: { ...smtpEnv(smtp), SECRET_KEY } });
    try {
      const response = await fresh.app.inject({
        method: 'POST',
        url: '/api/admin/email/test-message',
        headers: { authorization: `Bearer ${await adminToken(fresh.app)}` },
      });
      expectRefusal(response, 409, {
        error: 'email_not_configured',
        message: 'Save the e-mail password first; then send a test message.',
      });
    } finally {
      await fresh.close();
    }
  });

  it('answers 400 with the mail server’s words when it refuses the owner’s address', async () => {
    const refused = await createTestApp({
      env: { ...smtpEnv(smtp), SECRET_KEY, OWNER_EMAIL: `owner${REJECTED_DOMAIN}` },
    });
    try {
      const headers = { authorization: `Bearer ${await adminToken(refused.app)}` };
      await refused.app.inject({
        method: 'POST',
        url: '/api/admin/set-email-password',
        headers,
        payload: { password: smtp.password },
      });
      const response = await refused.app.inject({
        method: 'POST',
        url: '/api/admin/email/test-message',
        headers,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe('email_test_failed');
      expect(response.json().message).toContain(`No such mailbox: owner${REJECTED_DOMAIN}`);
    } finally {
      await refused.close();
    }
  });
});

describe('the checklist of a site configured for production', () => {
  it('counts Stripe with its webhook secret and an https SITE_URL as done, and Stripe without the secret as open', async () => {
    const stripe = { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x' };
    const complete = await createTestApp({
      env: { ...stripe, STRIPE_WEBHOOK_SECRET: 'whsec_x', SITE_URL: 'https://thetower.example' },
    });
    const partial = await createTestApp({ env: stripe });
    try {
      const read = async (app: TestApp) =>
        (
          await app.app.inject({
            method: 'GET',
            url: '/api/admin/go-live',
            headers: { authorization: `Bearer ${await adminToken(app.app)}` },
          })
        ).json() as GoLiveChecklist;
      const done = (list: GoLiveChecklist, id: GoLiveItemId) => list.items.find((one) => one.id === id)?.done;
      const completeList = await read(complete);
      expect(done(completeList, 'payments')).toBe(true);
      expect(done(completeList, 'site_url')).toBe(true);
      const partialList = await read(partial);
      expect(done(partialList, 'payments')).toBe(false);
      expect(partialList.items.find((one) => one.id === 'payments')?.detail).toMatch(
        /^Stripe keys are set but not STRIPE_WEBHOOK_SECRET/,
      );
    } finally {
      await complete.close();
      await partial.close();
    }
  });

  it('counts PAYMENTS=demo as demo payments chosen on purpose', async () => {
    const demo = await createTestApp({ env: { PAYMENTS: 'demo' } });
    try {
      const response = await demo.app.inject({
        method: 'GET',
        url: '/api/admin/go-live',
        headers: { authorization: `Bearer ${await adminToken(demo.app)}` },
      });
      expect(response.json().items.find((one: { id: string }) => one.id === 'payments').done).toBe(true);
      expect(response.json().offerDemoTick).toBe(false);
    } finally {
      await demo.close();
    }
  });

  it('logs the open items at start in production, and nothing in other environments', async () => {
    const lines: string[] = [];
    const logStream = { write: (line: string) => lines.push(line) };
    const production = await createTestApp({
      env: { NODE_ENV: 'production', LOG_LEVEL: 'warn' },
      overrides: { logger: true, logStream },
    });
    await production.close();
    const warning = lines.map((line) => JSON.parse(line)).find((entry) => entry.goLiveBlockers);
    expect(warning?.level).toBe(40);
    expect(warning?.goLiveBlockers).toEqual(expect.arrayContaining(['licence', 'epc', 'address', 'photos']));
    expect(warning?.msg).toMatch(
      /^Not ready for guests yet \(\d+ open on the admin's go-live checklist\): Short-term let licence number: Required/,
    );

    const quiet: string[] = [];
    const test = await createTestApp({
      env: { LOG_LEVEL: 'warn' },
      overrides: { logger: true, logStream: { write: (line: string) => quiet.push(line) } },
    });
    await test.close();
    expect(quiet.filter((line) => line.includes('goLiveBlockers'))).toEqual([]);
  });
});
