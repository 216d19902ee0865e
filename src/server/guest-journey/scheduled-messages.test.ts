import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { StayDetails } from '../../domain/api/guest-journey.ts';
import { createRecordingRefunds, insertPaidBooking } from '../admin-bookings/test-support.ts';
import { saveArrivalSettingsAsOwner } from '../arrival/test-support.ts';
import { jobRuns, outbox, stays } from '../db/schema.ts';
import { MESSAGE_KINDS } from '../email/notifications.ts';
import { signedInTestApp } from '../test/per-file.ts';
import { createTestApp, openSecondConnection } from '../test/test-app.ts';

const OWNER = 'owner@example.test';
const INSTRUCTIONS = 'The key safe is to the left of the door.\n\nParking is free after 6 PM.';

const t = signedInTestApp(
  { env: { OWNER_EMAIL: OWNER }, overrides: { refunds: createRecordingRefunds() } },
  { emptied: [outbox, stays, jobRuns] },
);

beforeEach(async () => {
  const saved = await t.asOwner('PUT', '/api/admin/guest-messages', {
    checkInInstructions: INSTRUCTIONS,
    defaultAccessCode: '',
    reviewUrl: 'https://reviews.example.test/the-tower',
    showAddress: false,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  // These stays need no online check-in: the arrival e-mail carries the code (arrival/ tests the steps).
  await saveArrivalSettingsAsOwner(t.asOwner);
});

/** A confirmed, paid stay of 9–12 December 2026 (check-in 4 PM GMT = 16:00 UTC on the 9th). */
const december = (overrides: Parameters<typeof insertPaidBooking>[1] | object = {}) =>
  insertPaidBooking(t.database.db, { checkIn: '2026-12-09', checkOut: '2026-12-12', ...overrides });

const messagesOfKind = (kind: string) => t.database.db.select().from(outbox).where(eq(outbox.kind, kind));
const run = () => t.app.jobs.runIfDue('guest-messages');
/** The messages job as its timer would run it at `to`. */
const runAt = async (to: string) => {
  await t.setClock(to);
  await run();
};

describe('the arrival e-mail', () => {
  it('is queued once, 24 hours before check-in on the property clock, with the stay’s own access code', async () => {
    const stay = await december();
    const code = await t.asOwner('PUT', `/api/admin/bookings/${stay.id}/access-code`, { accessCode: '2468' });
    expect(code.statusCode, code.body).toBe(200);

    await runAt('2026-12-08T15:55:00Z');
    expect(await messagesOfKind(MESSAGE_KINDS.guestArrival)).toHaveLength(0);

    await runAt('2026-12-08T16:00:00Z');
    await t.app.jobs.run('guest-messages');
    await runAt('2026-12-08T16:30:00Z');
    const arrival = await messagesOfKind(MESSAGE_KINDS.guestArrival);
    expect(arrival).toHaveLength(1);
    expect(arrival[0]!.to).toBe('ada@example.test');
    expect(arrival[0]!.stayId).toBe(stay.id);
    expect(arrival[0]!.text).toMatch(/Access code: +2468/);
    expect(arrival[0]!.text).toContain('The key safe is to the left of the door.');
    expect(arrival[0]!.text).toContain('Parking is free after 6 PM.');

    const journey = (await t.asOwner('GET', `/api/admin/bookings/${stay.id}/journey`)).json<StayDetails>();
    expect(journey.messages.find((m) => m.kind === MESSAGE_KINDS.guestArrival)).toMatchObject({
      status: 'queued',
    });
  });

  it("gives the house's address from the Property tab, kept off the public pages, to the booked guest", async () => {
    const facts = await t.asOwner('PUT', '/api/admin/property-facts', {
      licenceNumber: null,
      epcRating: null,
      maxOccupancy: 4,
      streetAddress: '12 Kirk Court, Union Street',
      postcode: 'AB10 1AA',
      addressPublic: false,
      social: { facebook: null, instagram: null, tiktok: null },
      hashtags: [],
      enquiriesEmail: null,
    });
    expect(facts.statusCode, facts.body).toBe(200);
    try {
      await december();
      await runAt('2026-12-08T16:00:00Z');
      const [arrival] = await messagesOfKind(MESSAGE_KINDS.guestArrival);
      expect(arrival?.text).toMatch(/Address: +12 Kirk Court, Union Street, Aberdeen, AB10 1AA/);
      const publicFacts = await t.app.inject({ url: '/api/site-content' });
      expect(publicFacts.body).not.toContain('Kirk Court');
    } finally {
      await t.asOwner('PUT', '/api/admin/property-facts', {
        licenceNumber: null,
        epcRating: null,
        maxOccupancy: 4,
        streetAddress: null,
        postcode: null,
        addressPublic: false,
        social: { facebook: null, instagram: null, tiktok: null },
        hashtags: [],
        enquiriesEmail: null,
      });
    }
  });

  it('uses the default access code when the stay has none, in summer time too (T-24 h is 15:00 UTC)', async () => {
    await t.asOwner('PUT', '/api/admin/guest-messages', {
      checkInInstructions: INSTRUCTIONS,
      defaultAccessCode: '1357',
      reviewUrl: '',
      showAddress: false,
    });
    await insertPaidBooking(t.database.db, { checkIn: '2027-07-10', checkOut: '2027-07-13' });
    await runAt('2027-07-09T14:55:00Z');
    expect(await messagesOfKind(MESSAGE_KINDS.guestArrival)).toHaveLength(0);
    await runAt('2027-07-09T15:00:00Z');
    const [arrival] = await messagesOfKind(MESSAGE_KINDS.guestArrival);
    expect(arrival?.text).toMatch(/Access code: +1357/);
  });

  it('is never sent for a cancelled stay, and the owner sees it cancelled', async () => {
    const stay = await december();
    const canceled = await t.asOwner('POST', `/api/bookings/${stay.id}/cancel`, {});
    expect(canceled.statusCode, canceled.body).toBe(200);
    const before = (await t.asOwner('GET', `/api/admin/bookings/${stay.id}/journey`)).json<StayDetails>();
    expect(before.messages.find((m) => m.kind === MESSAGE_KINDS.guestArrival)?.status).toBe('canceled');

    for (const at of ['2026-12-08T16:00:00Z', '2026-12-09T12:00:00Z', '2026-12-13T09:00:00Z']) {
      await runAt(at);
    }
    expect(await messagesOfKind(MESSAGE_KINDS.guestArrival)).toHaveLength(0);
    expect(await messagesOfKind(MESSAGE_KINDS.guestThankYou)).toHaveLength(0);
    expect(await messagesOfKind(MESSAGE_KINDS.ownerAccessCodeMissing)).toHaveLength(0);
  });

  it('moves with the stay when the owner changes its dates', async () => {
    const stay = await december();
    const moved = await t.asOwner('POST', `/api/admin/bookings/${stay.id}/dates`, {
      checkInDate: '2026-12-16',
      checkOutDate: '2026-12-19',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const journey = (await t.asOwner('GET', `/api/admin/bookings/${stay.id}/journey`)).json<StayDetails>();
    expect(journey.messages.find((m) => m.kind === MESSAGE_KINDS.guestArrival)).toMatchObject({
      status: 'scheduled',
      at: '2026-12-15T16:00:00.000Z',
    });

    await runAt('2026-12-08T16:00:00Z');
    expect(await messagesOfKind(MESSAGE_KINDS.guestArrival)).toHaveLength(0);
    await runAt('2026-12-15T16:00:00Z');
    const arrival = await messagesOfKind(MESSAGE_KINDS.guestArrival);
    expect(arrival).toHaveLength(1);
    expect(arrival[0]!.text).toContain('Wednesday 16 December 2026');
  });

  it('a move onto taken nights is refused with a 409 and changes nothing', async () => {
    const stay = await december();
    await insertPaidBooking(t.database.db, { checkIn: '2026-12-16', checkOut: '2026-12-19' });
    const moved = await t.asOwner('POST', `/api/admin/bookings/${stay.id}/dates`, {
      checkInDate: '2026-12-15',
      checkOutDate: '2026-12-17',
    });
    expect(moved.statusCode).toBe(409);
    expect(moved.json()).toMatchObject({ error: 'dates_unavailable' });
    const [row] = await t.database.db.select().from(stays).where(eq(stays.id, stay.id));
    expect(row?.checkIn).toBe('2026-12-09');
  });

  it('two runs racing, in two server processes, queue it once', async () => {
    await december();
    const second = await createTestApp({
      database: await openSecondConnection(t.database),
    });
    try {
      await t.setClock('2026-12-08T16:00:00Z');
      second.clock.set('2026-12-08T16:00:00Z');
      const runs = await Promise.all([
        run(),
        second.app.jobs.runIfDue('guest-messages'),
        t.app.jobs.run('guest-messages'),
        second.app.jobs.run('guest-messages'),
      ]);
      expect(runs.slice(0, 2).filter((r) => (r as { ran: boolean }).ran)).toHaveLength(1);
      expect(await messagesOfKind(MESSAGE_KINDS.guestArrival)).toHaveLength(1);
    } finally {
      await second.close();
    }
  });
});

describe('the access code warning', () => {
  it('tells the owner 36 hours before arrival when the stay has no code and there is no default', async () => {
    const stay = await december();
    await runAt('2026-12-08T03:55:00Z');
    expect(await messagesOfKind(MESSAGE_KINDS.ownerAccessCodeMissing)).toHaveLength(0);
    await runAt('2026-12-08T04:00:00Z');
    const warnings = await messagesOfKind(MESSAGE_KINDS.ownerAccessCodeMissing);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ to: OWNER, stayId: stay.id });
  });

  it('is not sent when the stay has a code', async () => {
    const stay = await december();
    await t.asOwner('PUT', `/api/admin/bookings/${stay.id}/access-code`, { accessCode: '9090' });
    await runAt('2026-12-08T05:00:00Z');
    expect(await messagesOfKind(MESSAGE_KINDS.ownerAccessCodeMissing)).toHaveLength(0);
  });
});

describe('the thank-you e-mail', () => {
  it('goes the morning after check-out (9 AM), once, with the review link', async () => {
    const stay = await december();
    await runAt('2026-12-12T12:00:00Z');
    await runAt('2026-12-13T08:55:00Z');
    expect(await messagesOfKind(MESSAGE_KINDS.guestThankYou)).toHaveLength(0);
    await runAt('2026-12-13T09:00:00Z');
    await runAt('2026-12-13T12:00:00Z');
    const thanks = await messagesOfKind(MESSAGE_KINDS.guestThankYou);
    expect(thanks).toHaveLength(1);
    expect(thanks[0]!.text).toContain('https://reviews.example.test/the-tower');
    const journey = (await t.asOwner('GET', `/api/admin/bookings/${stay.id}/journey`)).json<StayDetails>();
    // The clock jumped past the whole stay: an arrival e-mail after check-out is not worth sending.
    expect(journey.messages.map((m) => [m.kind, m.status])).toEqual([
      [MESSAGE_KINDS.guestThankYou, 'queued'],
    ]);
  });
});

describe('the owner’s view of a stay', () => {
  it('lists the messages to come and previews every template', async () => {
    const stay = await december();
    const journey = (await t.asOwner('GET', `/api/admin/bookings/${stay.id}/journey`)).json<StayDetails>();
    expect(journey.messages.map((m) => [m.kind, m.status, m.at])).toEqual([
      [MESSAGE_KINDS.ownerAccessCodeMissing, 'scheduled', '2026-12-08T04:00:00.000Z'],
      [MESSAGE_KINDS.guestArrival, 'scheduled', '2026-12-08T16:00:00.000Z'],
      [MESSAGE_KINDS.guestThankYou, 'scheduled', '2026-12-13T09:00:00.000Z'],
    ]);
    const templates = await t.asOwner('GET', '/api/admin/email-templates');
    expect(templates.statusCode).toBe(200);
    const kinds = templates.json<{ kind: string; text: string }[]>();
    expect(kinds.map((k) => k.kind)).toEqual(expect.arrayContaining(Object.values(MESSAGE_KINDS)));
    expect(kinds.find((k) => k.kind === MESSAGE_KINDS.guestArrival)?.text).toContain(
      'The key safe is to the left of the door.',
    );
  });

  it('keeps the admin routes behind the login', async () => {
    for (const url of ['/api/admin/guest-messages', '/api/admin/email-templates']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });
});
