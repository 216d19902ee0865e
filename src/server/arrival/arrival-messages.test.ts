import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookingReference } from '../../domain/booking-reference.ts';
import {
  agreementAcceptances,
  guestRegister,
  houseAgreements,
  jobRuns,
  outbox,
  stays,
} from '../db/schema.ts';
import { MESSAGE_KINDS } from '../email/notifications.ts';
import { payForStay } from '../test/paid-booking.ts';
import { guestMessagesTestAppForFile } from '../test/smtp-test-app.ts';

/**
 * The access code when everything is done (docs/decisions/025-online-check-in.md), under the controlled clock,
 * through a real SMTP server: the arrival e-mail carries the code only once the guest register and the house
 * agreement are done; until then the guest is reminded and told what is missing, and the owner warned.
 */

const OWNER = 'owner@example.test';
const GUEST = 'ada@example.test';
const STAY = { checkInDate: '2026-12-09', checkOutDate: '2026-12-12' }; // check-in 4 PM GMT = 16:00 UTC

const s = guestMessagesTestAppForFile(OWNER, {
  emptied: [outbox, guestRegister, agreementAcceptances, stays, houseAgreements, jobRuns],
});

/** Moves the clock to `at` and runs what the timers would: the messages job, then the outbox to the SMTP server. */
async function at(instant: string) {
  s.t.clock.set(instant);
  await s.t.app.jobs.runIfDue('guest-messages');
  await s.t.app.jobs.run('email-outbox');
}

async function bookWithAgreement() {
  await s.asOwner('PUT', '/api/admin/house-agreement', { text: 'No parties. Quiet after 10 PM.' });
  const { bookingId } = await payForStay(s.call, STAY, { name: 'Ada Guest', email: GUEST });
  const [stay] = await s.t.database.db.select().from(stays).where(eq(stays.id, bookingId));
  if (!stay) throw new Error('the stay was not booked');
  const url = (path: string) => `/api/manage/${bookingReference(stay.id)}${path}?key=${stay.manageKey}`;
  return { stay, url };
}

async function checkInOnline(url: (path: string) => string) {
  const register = await s.t.app.inject({
    method: 'PUT',
    url: url('/check-in'),
    payload: {
      guests: [
        { fullName: 'Ada Guest', nationality: 'GB' },
        {
          fullName: 'Jean Invité',
          nationality: 'FR',
          passportNumber: '19AB12345',
          passportPlaceOfIssue: 'Paris',
        },
      ],
    },
  });
  expect(register.statusCode, register.body).toBe(200);
  return acceptAgreement(url);
}

/** The guest accepts the agreement in force by typing their name. */
async function acceptAgreement(url: (path: string) => string) {
  const { agreement } = (await s.t.app.inject({ url: url('/check-in') })).json();
  const accepted = await s.t.app.inject({
    method: 'POST',
    url: url('/agreement'),
    payload: { version: agreement.version, fullName: 'Ada Guest' },
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
  return accepted.json();
}

describe('the access code when everything is done', () => {
  it('the confirmation invites online check-in; a guest who completes it gets the code in the arrival e-mail', async () => {
    const { url } = await bookWithAgreement();
    await s.t.app.jobs.run('email-outbox');
    const [confirmation] = s.mailTo(GUEST, /confirmed/);
    expect(confirmation?.email.text).toContain(
      'Check in online before you arrive: complete the guest register and the house agreement on',
    );
    expect(confirmation?.email.text).toContain(
      '(your booking page). Your access code is sent once it is done.',
    );

    const done = await checkInOnline(url);
    expect(done.readiness).toMatchObject({ ready: true, missing: [] });

    await at('2026-12-06T16:00:00Z');
    await at('2026-12-07T16:00:00Z');
    await at('2026-12-08T04:00:00Z');
    expect(s.mailTo(GUEST, /check in online/i)).toHaveLength(0);
    expect(s.mailTo(OWNER, /not checked in/i)).toHaveLength(0);

    await at('2026-12-08T15:55:00Z');
    expect(s.mailTo(GUEST, /arrival/i)).toHaveLength(0);
    await at('2026-12-08T16:00:00Z');
    const arrival = s.mailTo(GUEST, /arrival/i);
    expect(arrival).toHaveLength(1);
    expect(arrival[0]?.email.text).toMatch(/Access code: +2468/);
    expect(arrival[0]?.email.text).toContain('The key safe is to the left of the door.');
  });

  it('one not done is reminded at 72 and 48 hours, the owner warned at 36, the arrival e-mail lists what is missing; the code goes the moment it is done', async () => {
    const { stay, url } = await bookWithAgreement();

    await at('2026-12-06T15:55:00Z');
    expect(s.mailTo(GUEST, /check in online/i)).toHaveLength(0);
    await at('2026-12-06T16:00:00Z');
    expect(s.mailTo(GUEST, /check in online/i)).toHaveLength(1);
    await at('2026-12-07T16:00:00Z');
    const reminders = s.mailTo(GUEST, /check in online before your stay/i);
    expect(reminders).toHaveLength(2);
    expect(reminders[1]?.email.text).toContain(`/booking/${bookingReference(stay.id)}?key=${stay.manageKey}`);

    await at('2026-12-08T03:55:00Z');
    expect(s.mailTo(OWNER, /not checked in/i)).toHaveLength(0);
    await at('2026-12-08T04:00:00Z');
    const warning = s.mailTo(OWNER, /not checked in/i);
    expect(warning).toHaveLength(1);
    expect(warning[0]?.email.text).toContain('has not completed the guest register and the house agreement');

    await at('2026-12-08T16:00:00Z');
    const missing = s.mailTo(GUEST, /arrival/i);
    expect(missing).toHaveLength(1);
    expect(missing[0]?.email.subject).toContain('check in online for your access code');
    expect(missing[0]?.email.text).toContain('The guest register');
    expect(missing[0]?.email.text).toContain('The house agreement');
    expect(missing[0]?.email.text).toContain(`/booking/${bookingReference(stay.id)}?key=${stay.manageKey}`);
    expect(missing[0]?.email.text).not.toContain('2468');

    // Half done: still no code.
    s.t.clock.set('2026-12-08T18:00:00Z');
    const register = await s.t.app.inject({
      method: 'PUT',
      url: url('/check-in'),
      payload: { guests: [{ fullName: 'Ada Guest', nationality: 'GB' }, { under16: true }] },
    });
    expect(register.statusCode, register.body).toBe(200);
    expect(
      await s.t.database.db.select().from(outbox).where(eq(outbox.kind, MESSAGE_KINDS.guestArrival)),
    ).toHaveLength(0);

    // The last step: the code is queued in the same request, before any job runs.
    await acceptAgreement(url);
    const queued = await s.t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.kind, MESSAGE_KINDS.guestArrival));
    expect(queued).toHaveLength(1);
    await s.t.app.jobs.run('email-outbox');
    const code = s.mailTo(GUEST, /arrival at The Tower tomorrow: check-in instructions/i);
    expect(code).toHaveLength(1);
    expect(code[0]?.email.text).toMatch(/Access code: +2468/);

    // Nothing more is sent: no second code, no reminder.
    await at('2026-12-08T20:00:00Z');
    expect(s.mailTo(GUEST, /arrival/i)).toHaveLength(2);
  });
});
