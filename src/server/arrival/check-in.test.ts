import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CheckIn, StayCheckIn } from '../../domain/api/arrival.ts';
import { bookingReference } from '../../domain/booking-reference.ts';
import { addDays, todayOnPropertyClock } from '../../domain/dates.ts';
import { insertPaidBooking } from '../admin-bookings/test-support.ts';
import {
  agreementAcceptances,
  auditLog,
  guestRegister,
  houseAgreements,
  outbox,
  settings,
  stays,
} from '../db/schema.ts';
import { signedInTestApp } from '../test/per-file.ts';
import { ARRIVAL_SETTING } from './settings.ts';
import { saveArrivalSettingsAsOwner } from './test-support.ts';

const t = signedInTestApp(undefined, {
  emptied: [outbox, guestRegister, agreementAcceptances, stays, houseAgreements],
});

beforeEach(async () => {
  await t.database.db.delete(settings).where(eq(settings.key, ARRIVAL_SETTING));
});

const today = () => todayOnPropertyClock(t.clock.now());
/** A paid, confirmed stay of two guests, 10 days from today. */
const paidStay = () =>
  insertPaidBooking(t.database.db, { checkIn: addDays(today(), 10), checkOut: addDays(today(), 13) });
const checkInUrl = (stay: { id: string; manageKey: string }, path = '/check-in') =>
  `/api/manage/${bookingReference(stay.id)}${path}?key=${stay.manageKey}`;
const put = (url: string, payload: object) => t.app.inject({ method: 'PUT', url, payload });

const BRITISH = { fullName: 'Ada Guest', nationality: 'GB' };
const FRENCH = {
  fullName: 'Jeanne Invitée',
  nationality: 'FR',
  passportNumber: '19AB12345',
  passportPlaceOfIssue: 'Paris',
  nextDestination: 'Hôtel du Lac, Annecy',
};

describe('the guest register on the manage page', () => {
  it('saves every guest, keeping the passport only for the nationality that needs it', async () => {
    const stay = await paidStay();
    const before = await t.app.inject({ url: checkInUrl(stay) });
    expect(before.statusCode, before.body).toBe(200);
    expect(before.headers['cache-control']).toBe('no-store');
    expect(before.json<CheckIn>()).toMatchObject({
      guestCount: 2,
      guests: [],
      readiness: { ready: false, missing: ['register'] },
    });

    const saved = await put(checkInUrl(stay), {
      guests: [{ ...BRITISH, passportNumber: 'GB0001', passportPlaceOfIssue: 'London' }, FRENCH],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const body = saved.json<CheckIn>();
    expect(body.guests[0]).toMatchObject({ ...BRITISH, passportNumber: '', passportPlaceOfIssue: '' });
    expect(body.guests[1]).toMatchObject(FRENCH);
    expect(body.readiness).toMatchObject({ registerComplete: true, ready: true, missing: [] });

    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'check_in.register_saved'));
    expect(JSON.stringify(audit)).not.toContain('19AB12345');
  });

  it('answers a sentence per field and saves nothing when one guest is wrong', async () => {
    const stay = await paidStay();
    const first = await put(checkInUrl(stay), { guests: [BRITISH, { ...BRITISH, fullName: 'Bo Guest' }] });
    expect(first.statusCode, first.body).toBe(200);

    const wrong = await put(checkInUrl(stay), {
      guests: [
        { ...BRITISH, fullName: 'Ada Changed' },
        { fullName: '', nationality: 'US' },
      ],
    });
    expect(wrong.statusCode).toBe(400);
    const { error, message } = wrong.json<{ error: string; message: string }>();
    expect(error).toBe('invalid_input');
    expect(message).toContain('guests.1.fullName: Give the guest’s full name.');
    expect(message).toContain(
      'guests.1.passportNumber: Give the number of the passport or other identity document.',
    );
    expect(message).toContain(
      'guests.1.passportPlaceOfIssue: Give the place where the passport or document was issued.',
    );

    const unknown = await put(checkInUrl(stay), { guests: [BRITISH, { fullName: 'Bo', nationality: 'QQ' }] });
    expect(unknown.json().message).toContain(
      'guests.1.nationality: Choose the guest’s nationality from the list.',
    );

    const tooFew = await put(checkInUrl(stay), { guests: [BRITISH] });
    expect(tooFew.statusCode).toBe(400);
    expect(tooFew.json().message).toBe('This booking is for 2 guests: give the details of each of them.');

    const now = (await t.app.inject({ url: checkInUrl(stay) })).json<CheckIn>();
    expect(now.guests.map((guest) => guest.fullName)).toEqual(['Ada Guest', 'Bo Guest']);
  });

  it('asks nothing of a guest under 16, but needs one guest of 16 or over', async () => {
    const stay = await paidStay();
    const saved = await put(checkInUrl(stay), { guests: [BRITISH, { under16: true, fullName: 'Kid' }] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<CheckIn>().guests[1]).toMatchObject({ under16: true, fullName: '', nationality: '' });
    const children = await put(checkInUrl(stay), { guests: [{ under16: true }, { under16: true }] });
    expect(children.statusCode).toBe(400);
    expect(children.json().message).toBe('At least one guest must be 16 or over.');
  });

  it('answers a wrong key as no booking, and a cancelled stay with a 409', async () => {
    const stay = await paidStay();
    const wrong = await put(checkInUrl({ ...stay, manageKey: 'nope' }), { guests: [BRITISH, BRITISH] });
    expect(wrong.statusCode).toBe(404);
    await t.database.db.update(stays).set({ status: 'canceled' }).where(eq(stays.id, stay.id));
    const canceled = await put(checkInUrl(stay), { guests: [BRITISH, BRITISH] });
    expect(canceled.statusCode).toBe(409);
  });
});

describe('the owner’s list', () => {
  it('shows each confirmed guest stay’s check-in steps still open', async () => {
    const stay = await paidStay();
    const missing = async () =>
      (await t.asOwner('GET', '/api/bookings'))
        .json<{ id: string; checkInMissing: string[] | null }[]>()
        .find((booking) => booking.id === stay.id)?.checkInMissing;
    expect(await missing()).toEqual(['register']);
    await t.asOwner('PUT', '/api/admin/house-agreement', { text: 'No parties.' });
    expect(await missing()).toEqual(['register', 'agreement']);
    await put(checkInUrl(stay), { guests: [BRITISH, FRENCH] });
    expect(await missing()).toEqual(['agreement']);
    await saveArrivalSettingsAsOwner(t.asOwner, { requireRegister: true });
    expect(await missing()).toEqual([]);
  });
});

describe('the owner’s register', () => {
  it('shows a stay’s register and exports the register for dates as JSON and CSV', async () => {
    const stay = await paidStay();
    await put(checkInUrl(stay), { guests: [BRITISH, FRENCH] });
    const other = await insertPaidBooking(t.database.db, {
      checkIn: addDays(today(), 40),
      checkOut: addDays(today(), 42),
    });
    await put(checkInUrl(other), { guests: [{ ...BRITISH, fullName: 'Later Guest' }, { under16: true }] });

    const one = await t.asOwner('GET', `/api/admin/bookings/${stay.id}/check-in`);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json<StayCheckIn>().guests).toHaveLength(2);

    const json = await t.asOwner(
      'GET',
      `/api/admin/guest-register?from=${today()}&to=${addDays(today(), 20)}`,
    );
    expect(json.statusCode, json.body).toBe(200);
    expect(json.json().entries).toEqual([
      expect.objectContaining({
        reference: bookingReference(stay.id),
        fullName: 'Ada Guest',
        nationality: 'GB',
      }),
      expect.objectContaining({ fullName: 'Jeanne Invitée', passportNumber: '19AB12345' }),
    ]);

    const csv = await t.asOwner(
      'GET',
      `/api/admin/guest-register?from=${today()}&to=${addDays(today(), 60)}&format=csv`,
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'Booking reference,Arrival,Departure,Full name,Nationality,Passport or document number,Place of issue,Next destination',
    );
    expect(lines).toHaveLength(4); // the child under 16 is not in the register
    expect(lines[2]).toContain('France (FR),19AB12345,Paris');

    const backwards = await t.asOwner(
      'GET',
      `/api/admin/guest-register?from=${today()}&to=${addDays(today(), -1)}`,
    );
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toContain('to must not be before from.');
  });
});

describe('the house agreement', () => {
  it('is versioned by the owner and accepted by the guest typing their name, recorded with the address', async () => {
    const stay = await paidStay();
    const first = await t.asOwner('PUT', '/api/admin/house-agreement', { text: 'No parties.' });
    expect(first.statusCode, first.body).toBe(200);
    const second = await t.asOwner('PUT', '/api/admin/house-agreement', { text: 'No parties. No pets.' });
    const versions = (await t.asOwner('GET', '/api/admin/house-agreement')).json().versions;
    expect(versions.map((v: { text: string }) => v.text)).toEqual(['No parties. No pets.', 'No parties.']);

    const read = (await t.app.inject({ url: checkInUrl(stay) })).json<CheckIn>();
    expect(read.agreement).toMatchObject({ version: second.json().version, text: 'No parties. No pets.' });
    expect(read.readiness.missing).toEqual(['register', 'agreement']);

    const stale = await t.app.inject({
      method: 'POST',
      url: checkInUrl(stay, '/agreement'),
      payload: { version: first.json().version, fullName: 'Ada Guest' },
    });
    expect(stale.statusCode).toBe(409);
    const noName = await t.app.inject({
      method: 'POST',
      url: checkInUrl(stay, '/agreement'),
      payload: { version: second.json().version, fullName: ' ' },
    });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toContain('Type your full name to accept the agreement.');

    const accepted = await t.app.inject({
      method: 'POST',
      url: checkInUrl(stay, '/agreement'),
      remoteAddress: '203.0.113.7',
      payload: { version: second.json().version, fullName: 'Ada Lovelace Guest' },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json<CheckIn>().acceptance).toMatchObject({ name: 'Ada Lovelace Guest' });
    expect(accepted.body).not.toContain('203.0.113.7');
    expect(accepted.json<CheckIn>().readiness.missing).toEqual(['register']);

    const owner = (await t.asOwner('GET', `/api/admin/bookings/${stay.id}/check-in`)).json<StayCheckIn>();
    expect(owner.acceptance).toMatchObject({
      version: second.json().version,
      name: 'Ada Lovelace Guest',
      address: '203.0.113.7',
      acceptedAt: t.clock.now().toISOString(),
    });
  });
});

describe('the arrival settings', () => {
  it('default to the register and the agreement required and no hold, and are validated', async () => {
    const defaults = await t.asOwner('GET', '/api/admin/arrival-settings');
    expect(defaults.json()).toEqual({
      requireRegister: true,
      requireAgreement: true,
      damageHoldPence: 0,
      releaseDays: 2,
    });
    const saved = await t.asOwner('PUT', '/api/admin/arrival-settings', {
      requireRegister: false,
      requireAgreement: true,
      damageHoldPence: 15000,
      releaseDays: 3,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ requireRegister: false, damageHoldPence: 15000, releaseDays: 3 });
    // The booking card says the deposit before payment (docs/decisions/031-damage-deposit-hold.md).
    const config = await t.app.inject({ url: '/api/config' });
    expect(config.json().damageHold).toEqual({ amountPence: 15000, releaseDays: 3 });
    const bad = await t.asOwner('PUT', '/api/admin/arrival-settings', {
      requireRegister: true,
      requireAgreement: true,
      damageHoldPence: -1,
      releaseDays: 99,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('damageHoldPence must be a whole number from 0 to 1000000');
    expect(bad.json().message).toContain('releaseDays must be a whole number from 0 to 14');
  });
});

describe('the register’s retention', () => {
  it('is kept 12 months after check-out, then erased by the daily retention job; the booking stays', async () => {
    const stay = await paidStay();
    await put(checkInUrl(stay), { guests: [BRITISH, FRENCH] });
    const registered = () =>
      t.database.db.select().from(guestRegister).where(eq(guestRegister.stayId, stay.id));

    t.clock.set(`${addDays(stay.checkOut, 365)}T12:00:00Z`);
    const kept = await t.app.jobs.run('guest-data-retention');
    expect(kept.erasedRegisters).toBe(0);
    expect(await registered()).toHaveLength(2);

    t.clock.set(`${addDays(stay.checkOut, 367)}T12:00:00Z`);
    const erased = await t.app.jobs.run('guest-data-retention');
    expect(erased.erasedRegisters).toBe(1);
    expect(await registered()).toHaveLength(0);
    const [booking] = await t.database.db.select().from(stays).where(eq(stays.id, stay.id));
    expect(booking?.contactName).toBe('Ada Guest');
  });

  it('is in the guest’s data export, and erased with the guest', async () => {
    const stay = await paidStay();
    await put(checkInUrl(stay), { guests: [BRITISH, FRENCH] });
    await t.asOwner('PUT', '/api/admin/house-agreement', { text: 'No parties.' });
    const version = (await t.app.inject({ url: checkInUrl(stay) })).json<CheckIn>().agreement?.version;
    await t.app.inject({
      method: 'POST',
      url: checkInUrl(stay, '/agreement'),
      payload: { version, fullName: 'Ada Guest' },
    });

    const exported = await t.asOwner('GET', '/api/admin/guests/export?email=ada@example.test');
    expect(exported.statusCode).toBe(200);
    expect(exported.json().stays[0]).toMatchObject({
      guestRegister: [expect.objectContaining(BRITISH), expect.objectContaining(FRENCH)],
      houseAgreementAcceptance: expect.objectContaining({ name: 'Ada Guest', version }),
    });

    const erase = await t.asOwner('POST', '/api/admin/guests/erase', { email: 'ada@example.test' });
    expect(erase.statusCode, erase.body).toBe(200);
    expect(await t.database.db.select().from(guestRegister)).toHaveLength(0);
    expect(await t.database.db.select().from(agreementAcceptances)).toHaveLength(0);
  });
});
