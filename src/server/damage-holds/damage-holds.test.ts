import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { DamageHoldView } from '../../domain/api/damage-holds.ts';
import { bookingReference } from '../../domain/booking-reference.ts';
import { type DamageHoldPlan, planDamageHold } from '../../domain/damage-hold.ts';
import { saveArrivalSettingsAsOwner } from '../arrival/test-support.ts';
import { auditLog, damageHolds, documents, jobRuns, outbox, stays } from '../db/schema.ts';
import type { DemoPaymentProvider } from '../payments/demo-provider.ts';
import {
  bookingPageRequest,
  DECLINED_CARD,
  GOOD_CARD,
  readStay,
  stayDates,
  usePaymentHarness,
} from '../payments/test/payment-harness.ts';

/**
 * The damage deposit on both providers (docs/decisions/031-damage-deposit-hold.md): demo payments, and Stripe
 * through its SDK against the local stand-in of its API. The job is run by the test under its clock, as its timer
 * would run it: a hold placed 30 hours before arrival, renewed once for a 5-night stay, a charge refunded for a
 * 14-night one, released at noon on the release day unless the owner claims part of it.
 */

const HOLD = 20_000;

describe.each(['demo', 'stripe'] as const)('the damage deposit with the %s provider', (mode) => {
  // A second server process on the same database, for two job runs at once.
  const h = usePaymentHarness(mode, { secondProcess: true });

  beforeEach(async () => {
    h.t.clock.set('2026-11-23T10:00:00Z');
    const { db } = h.t.database;
    await db.delete(outbox);
    await db.delete(documents);
    await db.delete(stays);
    await db.delete(jobRuns);
    await db.delete(auditLog);
  });

  /** The release days the owner last saved: the deposit's plan for a stay booked after follows them. */
  let savedReleaseDays = 0;
  const setHold = async (damageHoldPence: number, releaseDays: number) => {
    await saveArrivalSettingsAsOwner(h.asOwner, { damageHoldPence, releaseDays });
    savedReleaseDays = releaseDays;
  };
  const runJob = () => h.t.app.jobs.run('damage-holds');
  /** The job as its timer would run it at `instant`: the clock moved there first. */
  const runJobAt = (instant: Date) => {
    h.t.clock.set(instant);
    return runJob();
  };

  /**
   * The guest books on the booking page, agreeing to the card being saved for the deposit, and pays; `plan` is the
   * deposit's plan for the stay under the release days the owner saved (`setHold`), asserted to be of `kind`
   * when one is given.
   */
  async function book<Kind extends DamageHoldPlan['kind']>(
    dates: { checkInDate: string; checkOutDate: string },
    kind?: Kind,
  ) {
    const refused = await h.t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: bookingPageRequest(dates),
    });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ error: 'card_consent_required' });
    const bookingId = await h.bookWithSavedCard(dates);
    const stay = await readStay(h.t, bookingId);
    if (!stay) throw new Error('the stay was not booked');
    expect(stay.paymentMethodId).not.toBeNull();
    const manage = (path: string) => `/api/manage/${bookingReference(stay.id)}${path}?key=${stay.manageKey}`;
    const plan = planDamageHold({ ...toDates(dates), releaseDays: savedReleaseDays });
    if (kind !== undefined) expect(plan.kind, 'the deposit’s plan for these dates').toBe(kind);
    return { stay, manage, plan: plan as Extract<DamageHoldPlan, { kind: Kind }> };
  }
  const toDates = (dates: { checkInDate: string; checkOutDate: string }) => ({
    checkIn: dates.checkInDate,
    checkOut: dates.checkOutDate,
  });

  const checkIn = async (manage: (path: string) => string) => {
    const response = await h.t.app.inject({ url: manage('/check-in') });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { damageHold: DamageHoldView | null; readiness: Record<string, unknown> };
  };
  const rowsOf = (stayId: string) =>
    h.t.database.db
      .select()
      .from(damageHolds)
      .where(eq(damageHolds.stayId, stayId))
      .orderBy(damageHolds.sequence);
  const actions = async (stayId: string) =>
    (await h.t.database.db.select().from(auditLog))
      .filter((line) => (line.details as { stayId?: string }).stayId === stayId)
      .map((line) => line.action)
      .filter((action) => action.startsWith('damage_hold.'));
  const guestMail = async (stayId: string, kind: string) =>
    h.t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.stayId, stayId), eq(outbox.kind, kind)));
  const claim = (reference: string, body: object) =>
    h.asOwner('POST', `/api/admin/bookings/${reference}/damage-hold/claim`, body);
  async function replaceSavedCard(paymentMethodId: string, card: string) {
    if (h.standIn) h.standIn.replaceCard(paymentMethodId, card);
    else await (h.provider as DemoPaymentProvider).replaceSavedCard!(paymentMethodId, card);
  }

  it('tells the guest before paying, holds the deposit 30 hours before arrival once however often the job runs, and releases it at noon on the release day', async () => {
    await setHold(HOLD, 0);
    const config = (await h.t.app.inject({ url: '/api/config' })).json();
    expect(config.damageHold).toEqual({ amountPence: HOLD, releaseDays: 0 });
    const dates = stayDates(2, 2); // Monday 7 to Wednesday 9 December 2026: 74 hours, one hold
    const { stay, manage, plan } = await book(dates, 'hold');

    await runJobAt(new Date(plan.placeAt.getTime() - 60_000));
    const before = await checkIn(manage);
    expect(before.damageHold).toMatchObject({ status: 'planned', kind: 'hold', amountPence: HOLD });
    expect(before.damageHold?.description).toContain(
      '£200 will be held on your card the day before you arrive',
    );
    // Not yet a step the guest can take, but the stay is not ready for its code without it.
    expect(before.readiness).toMatchObject({ missing: [], ready: false, holdInPlace: false });

    h.t.clock.set(plan.placeAt);
    await Promise.all([runJob(), h.secondApp().jobs.run('damage-holds'), runJob()]);
    const rows = await rowsOf(stay.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'held', method: 'hold', amountPence: HOLD });
    const intent = await h.provider.retrievePaymentIntent(rows[0]!.paymentIntentId!);
    expect(intent).toMatchObject({ status: 'requires_capture', amount: HOLD, amountReceived: 0 });
    if (h.standIn) {
      const holds = h.standIn.requests.filter(
        (request) =>
          request.method === 'POST' &&
          request.path === '/v1/payment_intents' &&
          request.idempotencyKey?.startsWith(`damage-hold-${stay.id}`),
      );
      expect(new Set(holds.map((request) => request.idempotencyKey))).toEqual(
        new Set([`damage-hold-${stay.id}-1`]),
      );
    }
    const held = await checkIn(manage);
    expect(held.damageHold).toMatchObject({ status: 'held', placeAt: plan.placeAt.toISOString() });
    expect(held.readiness).toMatchObject({ ready: true, holdInPlace: true, missing: [] });

    await runJobAt(new Date(plan.releaseAt.getTime() - 60_000));
    expect((await rowsOf(stay.id))[0]?.status).toBe('held');
    const released = await runJobAt(plan.releaseAt);
    expect(released.released).toEqual([stay.id]);
    expect((await h.provider.retrievePaymentIntent(rows[0]!.paymentIntentId!))?.status).toBe('canceled');
    expect((await checkIn(manage)).damageHold).toMatchObject({ status: 'released', claimedPence: null });
    await runJob();
    expect(await actions(stay.id)).toEqual(['damage_hold.placed', 'damage_hold.released']);

    const csv = (await h.asOwner('GET', '/api/admin/bookings.csv')).body;
    expect(csv.split('\r\n')[0]).toContain(
      'Damage deposit status,Damage deposit (GBP),Damage deposit claimed (GBP)',
    );
    expect(csv).toContain('released,200.00,,');
  });

  it('takes part of a hold the owner claims with a reason, releases the rest, e-mails the guest with a receipt; refuses bad claims', async () => {
    await setHold(HOLD, 0);
    const { stay, plan } = await book(stayDates(3, 2));
    const reference = bookingReference(stay.id);

    const early = await claim(reference, { amountPence: 5_000, reason: 'A broken lamp.' });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({
      error: 'nothing_held',
      message: expect.stringMatching(/^Nothing is held/),
    });

    await runJobAt(plan.placeAt);
    for (const [body, field] of [
      [{ amountPence: 0, reason: 'A broken lamp.' }, 'amountPence'],
      [{ amountPence: HOLD + 1, reason: 'A broken lamp.' }, 'amountPence'],
      [{ amountPence: 5_000, reason: '  ' }, 'reason'],
    ] as const) {
      const bad = await claim(reference, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(bad.json()).toMatchObject({ error: 'invalid_input' });
      expect(bad.json().message).toMatch(
        new RegExp(field === 'reason' ? 'Say why' : '^(amountPence|You can claim at most £200)'),
      );
    }
    expect(
      (
        await h.asOwner('POST', '/api/admin/bookings/TWR-0000-0000/damage-hold/claim', {
          amountPence: 1,
          reason: 'x',
        })
      ).statusCode,
    ).toBe(404);

    h.t.clock.set(new Date(plan.releaseAt.getTime() - 3_600_000));
    const claimed = await claim(reference, {
      amountPence: 7_550,
      reason: 'A broken lamp and a stained rug.',
    });
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(claimed.json()).toMatchObject({
      status: 'claimed',
      amountPence: HOLD,
      claimedPence: 7_550,
      claimReason: 'A broken lamp and a stained rug.',
    });
    const [row] = await rowsOf(stay.id);
    expect(await h.provider.retrievePaymentIntent(row!.paymentIntentId!)).toMatchObject({
      status: 'succeeded',
      amountReceived: 7_550,
    });
    const owners = await h.asOwner('GET', `/api/admin/bookings/${stay.id}/check-in`);
    expect(owners.json().damageHold).toMatchObject({ status: 'claimed', claimedPence: 7_550 });
    const again = await claim(reference, { amountPence: 100, reason: 'More.' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This damage deposit has already been claimed.');

    const [receipt] = await h.t.database.db
      .select()
      .from(documents)
      .where(and(eq(documents.stayId, stay.id), eq(documents.payment, 'damage_deposit')));
    expect(receipt).toMatchObject({ kind: 'receipt', amountPence: 7_550 });
    const [mail] = await guestMail(stay.id, 'guest.damage_hold_claimed');
    expect(mail?.text).toContain('A broken lamp and a stained rug.');
    expect(mail?.text).toContain('The other £124.50 has been released from your card.');
    expect(mail?.attachments).toHaveLength(1);

    // The release time passes: nothing more is taken or released.
    expect(await runJobAt(plan.releaseAt)).toMatchObject({ released: [], refunded: [] });
    expect(await actions(stay.id)).toEqual(['damage_hold.placed', 'damage_hold.claimed']);
    const csv = (await h.asOwner('GET', '/api/admin/bookings.csv')).body;
    expect(csv).toContain('claimed,200.00,75.50,A broken lamp and a stained rug.');
  });

  it('e-mails the guest a link when the bank declines the hold, tells the owner, and takes the guest’s authorisation on their page', async () => {
    await setHold(HOLD, 0);
    const { stay, manage, plan } = await book(stayDates(4, 2));
    await replaceSavedCard(stay.paymentMethodId!, DECLINED_CARD);
    const nothing = await h.t.app.inject({ method: 'POST', url: manage('/damage-hold/authorise') });
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json()).toMatchObject({ error: 'nothing_to_authorise' });

    expect((await runJobAt(plan.placeAt)).failed).toEqual([stay.id]);
    const waiting = await checkIn(manage);
    expect(waiting.damageHold).toMatchObject({ status: 'needs_authorisation' });
    expect(waiting.readiness).toMatchObject({ missing: ['hold'], ready: false });
    const [link] = await guestMail(stay.id, 'guest.damage_hold_failed');
    expect(link?.text).toContain(`/booking/${bookingReference(stay.id)}?key=${stay.manageKey}#deposit`);
    expect(await guestMail(stay.id, 'owner.damage_hold_failed')).toHaveLength(1);
    expect((await readStay(h.t, stay.id))?.status).toBe('confirmed');

    const asked = await h.t.app.inject({ method: 'POST', url: manage('/damage-hold/authorise') });
    expect(asked.statusCode, asked.body).toBe(200);
    const url = new URL(asked.json().url, 'http://site.test');
    expect(url.pathname).toBe(`/checkout/${stay.id}`);
    expect(url.searchParams.get('return')).toBe(
      `/booking/${bookingReference(stay.id)}?key=${stay.manageKey}#deposit`,
    );
    const intent = {
      paymentIntentId: url.searchParams.get('damageHold')!,
      clientSecret: url.searchParams.get('clientSecret')!,
    };
    // Asked twice (a second tap), the same intent.
    const twice = await h.t.app.inject({ method: 'POST', url: manage('/damage-hold/authorise') });
    expect(new URL(twice.json().url, 'http://site.test').searchParams.get('damageHold')).toBe(
      intent.paymentIntentId,
    );
    // The on-session payment is never a booking's payment.
    expect((await h.pay(intent, GOOD_CARD)).status).toBe('requires_capture');
    const success = await h.t.app.inject({
      method: 'POST',
      url: '/api/payment-success',
      payload: { ...intent, bookingId: stay.id },
    });
    expect(success.statusCode).toBe(409);

    const done = await checkIn(manage);
    expect(done.damageHold).toMatchObject({ status: 'held' });
    expect(done.readiness).toMatchObject({ missing: [], ready: true, holdInPlace: true });
    expect(await actions(stay.id)).toEqual(['damage_hold.failed', 'damage_hold.placed']);
    const after = await h.t.app.inject({ method: 'POST', url: manage('/damage-hold/authorise') });
    expect(after.statusCode).toBe(409);
  });

  it('places a second hold before the first lapses for a 5-night stay, telling the guest a day before, then releases the first', async () => {
    await setHold(HOLD, 2);
    const dates = stayDates(5, 5);
    const { stay, manage, plan } = await book(dates, 'hold_renewed');

    await runJobAt(plan.placeAt);
    await runJobAt(new Date(plan.renewAt.getTime() - 25 * 3_600_000));
    expect(await guestMail(stay.id, 'guest.damage_hold_renewal')).toHaveLength(0);
    await runJobAt(new Date(plan.renewAt.getTime() - 24 * 3_600_000));
    const [notice] = await guestMail(stay.id, 'guest.damage_hold_renewal');
    expect(notice?.text).toContain('we will hold the damage deposit of £200 on your card once more');

    h.t.clock.set(plan.renewAt);
    expect(
      (await Promise.all([runJob(), h.secondApp().jobs.run('damage-holds')])).flatMap((run) => run.renewed),
    ).toEqual([stay.id]);
    const [first, renewed] = await rowsOf(stay.id);
    expect(first).toMatchObject({ status: 'replaced' });
    expect(renewed).toMatchObject({ status: 'held', sequence: 2 });
    expect((await h.provider.retrievePaymentIntent(first!.paymentIntentId!))?.status).toBe('canceled');
    expect((await h.provider.retrievePaymentIntent(renewed!.paymentIntentId!))?.status).toBe(
      'requires_capture',
    );
    expect((await checkIn(manage)).damageHold).toMatchObject({ status: 'held', kind: 'hold_renewed' });

    await runJobAt(plan.releaseAt);
    expect((await rowsOf(stay.id)).map((row) => row.status)).toEqual(['replaced', 'released']);
    expect(await actions(stay.id)).toEqual([
      'damage_hold.placed',
      'damage_hold.renewed',
      'damage_hold.released',
      'damage_hold.released',
    ]);
  });

  it('charges the deposit of a 14-night stay and refunds it in full on the release day', async () => {
    await setHold(HOLD, 2);
    const dates = stayDates(6, 14);
    const { stay, manage, plan } = await book(dates, 'charge');

    await runJobAt(plan.placeAt);
    const [row] = await rowsOf(stay.id);
    expect(row).toMatchObject({ status: 'charged', method: 'charge' });
    expect(await h.provider.retrievePaymentIntent(row!.paymentIntentId!)).toMatchObject({
      status: 'succeeded',
      amountReceived: HOLD,
    });
    expect((await checkIn(manage)).damageHold).toMatchObject({ status: 'charged', kind: 'charge' });

    h.t.clock.set(plan.releaseAt);
    expect(
      (await Promise.all([runJob(), h.secondApp().jobs.run('damage-holds')])).flatMap((run) => run.refunded),
    ).toEqual([stay.id]);
    expect((await h.provider.retrievePaymentIntent(row!.paymentIntentId!))?.amountRefunded).toBe(HOLD);
    expect((await checkIn(manage)).damageHold).toMatchObject({ status: 'refunded' });
    expect(await actions(stay.id)).toEqual(['damage_hold.placed', 'damage_hold.refunded']);
  });

  it('keeps part of a charged deposit the owner claims and refunds the rest', async () => {
    await setHold(HOLD, 2);
    const dates = stayDates(8, 14);
    const { stay, plan } = await book(dates);
    await runJobAt(plan.placeAt);
    const claimed = await claim(stay.id, { amountPence: 5_000, reason: 'A cracked window.' });
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(claimed.json()).toMatchObject({ status: 'claimed', claimedPence: 5_000 });
    const [row] = await rowsOf(stay.id);
    expect((await h.provider.retrievePaymentIntent(row!.paymentIntentId!))?.amountRefunded).toBe(
      HOLD - 5_000,
    );
    const [mail] = await guestMail(stay.id, 'guest.damage_hold_claimed');
    expect(mail?.text).toContain('The other £150 has been refunded to your card');
  });

  it('asks the guest to authorise a renewal the bank declines, while the first hold still runs', async () => {
    await setHold(HOLD, 2);
    const dates = stayDates(9, 5);
    const { stay, manage, plan } = await book(dates, 'hold_renewed');
    await runJobAt(plan.placeAt);
    await replaceSavedCard(stay.paymentMethodId!, DECLINED_CARD);
    expect((await runJobAt(plan.renewAt)).failed).toEqual([stay.id]);
    expect((await rowsOf(stay.id)).map((row) => row.status)).toEqual(['held', 'needs_authorisation']);
    expect((await checkIn(manage)).damageHold).toMatchObject({ status: 'needs_authorisation' });
    expect(await guestMail(stay.id, 'guest.damage_hold_failed')).toHaveLength(1);
    // The owner can still claim from the first hold.
    const claimed = await claim(stay.id, { amountPence: 1_000, reason: 'A chipped mug.' });
    expect(claimed.statusCode, claimed.body).toBe(200);
    // At the release time the renewal never authorised holds nothing.
    await runJobAt(plan.releaseAt);
    expect((await rowsOf(stay.id)).map((row) => row.status)).toEqual(['claimed', 'canceled']);
  });

  it('releases the deposit of a stay the owner cancels', async () => {
    await setHold(HOLD, 0);
    const { stay, plan } = await book(stayDates(7, 2));
    await runJobAt(plan.placeAt);
    const cancelled = await h.asOwner('POST', `/api/bookings/${stay.id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await runJob()).released).toEqual([stay.id]);
    const [row] = await rowsOf(stay.id);
    expect(row?.status).toBe('released');
    expect((await h.provider.retrievePaymentIntent(row!.paymentIntentId!))?.status).toBe('canceled');
  });
});

describe('a placement whose call to Stripe failed', () => {
  const h = usePaymentHarness('stripe');

  it('is made again with the same key after 5 minutes, and holds once', async () => {
    h.t.clock.set('2026-11-23T10:00:00Z');
    await saveArrivalSettingsAsOwner(h.asOwner, { damageHoldPence: HOLD, releaseDays: 0 });
    const dates = stayDates(2, 2);
    const held = await h.t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: { ...bookingPageRequest(dates), saveCardConsent: true },
    });
    const intent = { paymentIntentId: held.json().paymentIntentId, clientSecret: held.json().clientSecret };
    await h.pay(intent, GOOD_CARD);
    await h.t.app.inject({
      method: 'POST',
      url: '/api/payment-success',
      payload: { ...intent, bookingId: held.json().bookingId },
    });
    const stayId: string = held.json().bookingId;
    const plan = planDamageHold({ checkIn: dates.checkInDate, checkOut: dates.checkOutDate, releaseDays: 0 });

    h.t.clock.set(plan.placeAt);
    h.standIn!.outage(true);
    await h.t.app.jobs.run('damage-holds');
    h.standIn!.outage(false);
    const row = async () =>
      (await h.t.database.db.select().from(damageHolds).where(eq(damageHolds.stayId, stayId)))[0];
    expect((await row())?.status).toBe('placing');
    h.t.clock.set(new Date(plan.placeAt.getTime() + 4 * 60_000));
    await h.t.app.jobs.run('damage-holds');
    expect((await row())?.status).toBe('placing');
    h.t.clock.set(new Date(plan.placeAt.getTime() + 5 * 60_000));
    await h.t.app.jobs.run('damage-holds');
    expect((await row())?.status).toBe('held');
    const calls = h.standIn!.requests.filter(
      (request) => request.idempotencyKey === `damage-hold-${stayId}-1`,
    );
    expect(calls).toHaveLength(2);
    const holdId = (await row())?.id;
    expect([...h.standIn!.intents.values()].filter((i) => i.metadata.holdId === holdId)).toHaveLength(1);
  });
});
