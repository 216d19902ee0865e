import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookingReference } from '../../domain/booking-reference.ts';
import { saveArrivalSettingsAsOwner } from '../arrival/test-support.ts';
import { damageHolds, guestRegister, jobRuns, outbox, stays } from '../db/schema.ts';
import { createPaymentProvider } from '../payments/create-payment-provider.ts';
import type { DemoPaymentProvider } from '../payments/demo-provider.ts';
import { confirmDemoPayment, readStay } from '../payments/test/payment-harness.ts';
import { payForStay } from '../test/paid-booking.ts';
import { guestMessagesTestAppForFile } from '../test/smtp-test-app.ts';
import { ownerRequests } from '../test/test-app.ts';

/**
 * The damage deposit as a check-in step (docs/decisions/031-damage-deposit-hold.md), under the controlled clock,
 * through a real SMTP server: the arrival e-mail carries the access code only once the hold is in place; a hold
 * the bank declines (Stripe's test card 4000 0000 0000 0002, on demo payments) e-mails the guest a link, and the
 * code goes the moment the guest has authorised it on their page.
 */

const OWNER = 'owner@example.test';
const GUEST = 'ada@example.test';
/** Check-in Wednesday 9 December 2026, 16:00 GMT; the hold is placed 30 hours before, the arrival e-mail 24. */
const STAY = { checkInDate: '2026-12-09', checkOutDate: '2026-12-11' };
const PLACE_AT = '2026-12-08T10:00:00Z';
const ARRIVAL_AT = '2026-12-08T16:00:00Z';

const s = guestMessagesTestAppForFile(OWNER, {
  emptied: [outbox, guestRegister, damageHolds, stays, jobRuns],
});
beforeAll(async () => {
  await saveArrivalSettingsAsOwner(ownerRequests(s.t.app), {
    requireRegister: true,
    damageHoldPence: 15_000,
    releaseDays: 0,
  });
});

/** Moves the clock to `at` and runs what the timers would: the deposits, the messages, then the outbox. */
async function at(instant: string) {
  s.t.clock.set(instant);
  await s.t.app.jobs.run('damage-holds');
  await s.t.app.jobs.run('guest-messages');
  await s.t.app.jobs.run('email-outbox');
}

/** The guest books and pays with a test card, agreeing to the card being saved for the deposit, and registers. */
async function bookAndRegister() {
  const { bookingId } = await payForStay(
    s.call,
    STAY,
    { name: 'Ada Guest', email: GUEST, count: 1 },
    { saveCardConsent: true },
  );
  const stay = await readStay(s.t, bookingId);
  if (!stay) throw new Error('the stay was not booked');
  const url = (path: string) => `/api/manage/${bookingReference(stay.id)}${path}?key=${stay.manageKey}`;
  const registered = await s.call('PUT', url('/check-in'), {
    guests: [{ fullName: 'Ada Guest', nationality: 'GB' }],
  });
  expect(registered.readiness).toMatchObject({ missing: [], ready: false, holdInPlace: false });
  return { stay, url };
}

describe('the access code waits for the damage deposit', () => {
  it('a guest who completed the register gets the code in the arrival e-mail once the deposit is held', async () => {
    const { url } = await bookAndRegister();
    await at('2026-12-08T09:55:00Z');
    expect((await s.call('GET', url('/check-in'))).damageHold).toMatchObject({ status: 'planned' });

    await at(PLACE_AT);
    const held = await s.call('GET', url('/check-in'));
    expect(held.damageHold).toMatchObject({ status: 'held', amountPence: 15_000 });
    expect(held.readiness).toMatchObject({ ready: true, holdInPlace: true });

    await at('2026-12-08T15:55:00Z');
    expect(s.mailTo(GUEST, /arrival/i)).toHaveLength(0);
    await at(ARRIVAL_AT);
    const arrival = s.mailTo(GUEST, /arrival/i);
    expect(arrival).toHaveLength(1);
    expect(arrival[0]?.email.text).toMatch(/Access code: +2468/);
  });

  it('a declined deposit e-mails the guest the link and the owner a notice; the code goes the moment the guest authorises it', async () => {
    const { stay, url } = await bookAndRegister();
    const provider = createPaymentProvider(s.t.config, s.t.database.db, s.t.clock) as DemoPaymentProvider;
    await provider.replaceSavedCard!(stay.paymentMethodId!, '4000000000000002');

    await at(PLACE_AT);
    const [link] = s.mailTo(GUEST, /authorise the damage deposit/i);
    expect(link?.email.text).toContain('your bank declined it');
    expect(link?.email.text).toContain(`/booking/${bookingReference(stay.id)}?key=${stay.manageKey}#deposit`);
    const [notice] = s.mailTo(OWNER, /damage deposit not held/i);
    expect(notice?.email.text).toContain('Nothing is cancelled.');

    await at(ARRIVAL_AT);
    const [missing] = s.mailTo(GUEST, /arrival/i);
    expect(missing?.email.subject).toContain('check in online for your access code');
    expect(missing?.email.text).toContain('The damage deposit');
    expect(missing?.email.text).not.toContain('2468');

    s.t.clock.set('2026-12-08T18:00:00Z');
    const { url: authorise } = await s.call('POST', url('/damage-hold/authorise'));
    const params = new URL(authorise, 'http://site.test').searchParams;
    const confirmed = await confirmDemoPayment(s.t.app, {
      paymentIntentId: params.get('damageHold')!,
      clientSecret: params.get('clientSecret')!,
    });
    expect(confirmed.json()).toMatchObject({ status: 'requires_capture' });
    // Back on the manage page: the deposit is found in place and the code queued in the same request.
    const back = await s.call('GET', url('/check-in'));
    expect(back.damageHold).toMatchObject({ status: 'held' });
    expect(back.readiness).toMatchObject({ ready: true, missing: [] });
    expect(await s.t.database.db.select().from(outbox).where(eq(outbox.kind, 'guest.arrival'))).toHaveLength(
      1,
    );
    await s.t.app.jobs.run('email-outbox');
    const code = s.mailTo(GUEST, /arrival at The Tower tomorrow: check-in instructions/i);
    expect(code).toHaveLength(1);
    expect(code[0]?.email.text).toMatch(/Access code: +2468/);
  });
});
