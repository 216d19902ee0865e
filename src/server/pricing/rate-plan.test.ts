import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BASE_RATES } from '../../domain/test-fixtures.ts';
import {
  bookingPageRequest,
  createPaymentHarness,
  type PaymentHarness,
  readStay,
} from '../payments/test/payment-harness.ts';
import { expectRefusal } from '../test/refusal.ts';
import { adminToken, startSecondProcess } from '../test/test-app.ts';
import { RATE_PLAN_CACHE_MS } from './rate-plan-repository.ts';

const GOOD_CARD = '4242424242424242';

/**
 * The owner's rate plan through HTTP: its routes need the admin token, refuse plans that break a
 * rule with a sentence, and every quote, hold and payment follows the plan — except a hold already made, which
 * keeps its price.
 * See docs/decisions/013-rate-plan.md.
 */
describe('the rate plan', () => {
  let h: PaymentHarness;
  let auth: { authorization: string };
  beforeAll(async () => {
    h = await createPaymentHarness('demo');
    auth = { authorization: `Bearer ${await adminToken(h.t.app)}` };
  });
  afterAll(async () => {
    await h?.close();
  });

  const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers = auth) =>
    h.t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const quote = (checkInDate: string, checkOutDate: string, promoCode?: string) =>
    h.t.app.inject({
      method: 'GET',
      url: `/api/quote?${new URLSearchParams({
        propertyId: '1',
        checkInDate,
        checkOutDate,
        ...(promoCode ? { promoCode } : {}),
      })}`,
    });
  /** The booking page's hold, for `amountPence` and the promo code the guest applied. */
  const hold = (
    dates: { checkInDate: string; checkOutDate: string },
    amountPence: number,
    options: { promoCode?: string; holdToken?: string; guest?: string } = {},
  ) => {
    const request = bookingPageRequest(dates, {
      amount: amountPence,
      ...(options.guest ? { guest: options.guest } : {}),
      ...(options.holdToken ? { holdToken: options.holdToken } : {}),
    });
    return h.t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: {
        ...request,
        booking: { ...request.booking, totalPrice: amountPence / 100, promoCode: options.promoCode },
      },
    });
  };
  const payAndConfirm = async (held: { json(): Record<string, string> }) => {
    const { paymentIntentId, clientSecret, bookingId } = held.json();
    expect(
      (await h.pay({ paymentIntentId: paymentIntentId!, clientSecret: clientSecret! }, GOOD_CARD)).status,
    ).toBe('succeeded');
    const confirmed = await h.t.app.inject({
      method: 'POST',
      url: '/api/payment-success',
      payload: { paymentIntentId, bookingId },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return readStay(h.t, bookingId!);
  };

  it('answers 401 on every plan route without the admin token', async () => {
    const routes: ['GET' | 'POST' | 'PUT' | 'DELETE', string][] = [
      ['GET', '/api/admin/rate-plan'],
      ['PUT', '/api/admin/rate-plan/base'],
      ['POST', '/api/admin/rate-plan/seasons'],
      ['PUT', '/api/admin/rate-plan/seasons/x'],
      ['DELETE', '/api/admin/rate-plan/overrides/x'],
      ['POST', '/api/admin/rate-plan/discounts'],
      ['POST', '/api/admin/promo-codes'],
      ['PUT', '/api/admin/promo-codes/1'],
      ['DELETE', '/api/admin/promo-codes/1'],
    ];
    for (const [method, url] of routes) {
      const response = await inject(method, url, method === 'GET' || method === 'DELETE' ? undefined : {}, {
        authorization: '',
      });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('starts from the specification’s figures: £914 Thursday–Sunday and £573 for two weekday nights', async () => {
    const content = (await h.t.app.inject({ method: 'GET', url: '/api/site-content' })).json();
    expect(content.prices).toMatchObject({ weekdayGbp: 225, weekendGbp: 275, fromGbp: 225, toGbp: 275 });
    const plan = (await h.t.app.inject({ method: 'GET', url: '/api/rate-plan' })).json();
    expect(plan).toMatchObject({ ...DEFAULT_BASE_RATES, seasons: [] });
    expect((await quote('2027-03-04', '2027-03-07')).json()).toMatchObject({
      total: 914,
      totalPence: 91_400,
    });
    expect((await quote('2027-03-01', '2027-03-03')).json()).toMatchObject({
      total: 573,
      totalPence: 57_300,
    });
  });

  it('refuses negative prices and overlapping seasons with a sentence, and changes nothing', async () => {
    const negative = await inject('PUT', '/api/admin/rate-plan/base', {
      ...DEFAULT_BASE_RATES,
      weekdayPence: -1,
    });
    expectRefusal(negative, 400, {
      error: 'invalid_input',
      message: 'The weekday price cannot be negative.',
    });

    const summer = {
      name: 'Summer',
      firstNight: '2027-06-01',
      lastNight: '2027-06-30',
      weekdayPence: 30_000,
      weekendPence: 35_000,
      minNights: 3,
    };
    expect((await inject('POST', '/api/admin/rate-plan/seasons', summer)).statusCode).toBe(201);
    const overlapping = await inject('POST', '/api/admin/rate-plan/seasons', {
      ...summer,
      name: 'Midsummer',
      firstNight: '2027-06-20',
      lastNight: '2027-07-05',
    });
    expect(overlapping.statusCode).toBe(400);
    expect(overlapping.json().error).toBe('invalid_input');
    expect(overlapping.json().message).toBe(
      'Seasons cannot overlap: Midsummer (20 Jun 2027 – 5 Jul 2027) overlaps Summer (1 Jun 2027 – 30 Jun 2027).',
    );
    const negativeSeason = await inject('POST', '/api/admin/rate-plan/seasons', {
      ...summer,
      firstNight: '2027-08-01',
      lastNight: '2027-08-02',
      weekendPence: -500,
    });
    expect(negativeSeason.statusCode).toBe(400);
    expect(negativeSeason.json().message).toBe('The weekend price cannot be negative.');
    const state = (await inject('GET', '/api/admin/rate-plan')).json();
    expect(state.plan.seasons.map((season: { name: string }) => season.name)).toEqual(['Summer']);
    expect(state.plan.weekdayPence).toBe(22_500);
  });

  it('prices across a season boundary and over an override, asks the season’s minimum stay and logs each change', async () => {
    // Summer (1–30 June 2027, £300 / £350, minimum 3 nights) from the test above.
    // Sun 30 May, Mon 31 May at the base weekday rate; Tue 1, Wed 2 June at Summer's weekday rate.
    expect((await quote('2027-05-30', '2027-06-03')).json()).toMatchObject({
      nightsPence: 2 * 22_500 + 2 * 30_000,
      lines: [
        { kind: 'weekday', season: null, pricePence: 22_500, nights: 2 },
        { kind: 'weekday', season: 'Summer', pricePence: 30_000, nights: 2 },
      ],
    });
    const twoNights = await quote('2027-06-07', '2027-06-09');
    expectRefusal(twoNights, 400, {
      error: 'too_few_nights',
      message: 'The Tower requires a minimum stay of 3 nights for stays starting during Summer.',
    });

    // An override on Saturday 12 June: £500, and no departures on Monday 14 June.
    const added = await inject('POST', '/api/admin/rate-plan/overrides', {
      firstNight: '2027-06-12',
      lastNight: '2027-06-12',
      pricePence: 50_000,
      closedToArrival: false,
      closedToDeparture: false,
      note: 'Wedding weekend',
    });
    expect(added.statusCode).toBe(201);
    await inject('POST', '/api/admin/rate-plan/overrides', {
      firstNight: '2027-06-14',
      lastNight: '2027-06-14',
      pricePence: null,
      closedToArrival: false,
      closedToDeparture: true,
    });
    const weekend = (await quote('2027-06-10', '2027-06-13')).json();
    expect(weekend.nightly.map((night: { pricePence: number }) => night.pricePence)).toEqual([
      30_000, 35_000, 50_000,
    ]);
    expect(weekend.totalPence).toBe(115_000 + 10_000 + 5_800);
    const closed = await quote('2027-06-10', '2027-06-14');
    expect(closed.statusCode).toBe(400);
    expect(closed.json().message).toBe(
      'Stays cannot end on Monday 14 June 2027. Please choose a different check-out date.',
    );

    // Edit then delete the price override: the weekend goes back to the season's price.
    const overrideId = added.json().plan.overrides[0].id;
    const edited = await inject('PUT', `/api/admin/rate-plan/overrides/${overrideId}`, {
      firstNight: '2027-06-12',
      lastNight: '2027-06-12',
      pricePence: 45_000,
      closedToArrival: false,
      closedToDeparture: false,
    });
    expect(edited.statusCode).toBe(200);
    expect((await quote('2027-06-10', '2027-06-13')).json().nightsPence).toBe(30_000 + 35_000 + 45_000);
    expect((await inject('DELETE', `/api/admin/rate-plan/overrides/${overrideId}`)).statusCode).toBe(200);
    expect((await inject('DELETE', `/api/admin/rate-plan/overrides/${overrideId}`)).statusCode).toBe(404);
    expect((await quote('2027-06-10', '2027-06-13')).json().nightsPence).toBe(30_000 + 2 * 35_000);

    const audit = (await inject('GET', '/api/admin/audit?limit=20')).json() as {
      action: string;
      actor: string;
    }[];
    expect(audit.map((entry) => entry.action)).toEqual(
      expect.arrayContaining([
        'prices.season_added',
        'prices.date_override_added',
        'prices.date_override_changed',
        'prices.date_override_deleted',
      ]),
    );
    expect(audit[0]?.actor).toBe('owner');
  });

  it('gives a promo code’s last allowed use to one booking, records it, and tells the next guest it is used up', async () => {
    const created = await inject('POST', '/api/admin/promo-codes', {
      code: 'Golf10',
      kind: 'percent',
      percent: 10,
      maxUses: 1,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(
      (
        await inject('POST', '/api/admin/promo-codes', { code: 'GOLF10', kind: 'fixed', amountPence: 500 })
      ).json().message,
    ).toBe('There is already a promo code GOLF10 (codes do not depend on upper or lower case).');
    const unknown = await quote('2027-03-01', '2027-03-03', 'NOPE');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      error: 'promo_code_invalid',
      message: 'We do not recognise that promo code. Please check it.',
    });

    // Any case: 10 % off 2 weekday nights (£450 → £405), fee 5 % = £20.25 → £20; total £525.
    const first = { checkInDate: '2027-03-01', checkOutDate: '2027-03-03' };
    const priced = (await quote(first.checkInDate, first.checkOutDate, 'golf10')).json();
    expect(priced).toMatchObject({
      promoCode: 'Golf10',
      discounts: [{ kind: 'promo', label: 'Promo code Golf10 (10 % off)', amountPence: 4_500 }],
      totalPence: 52_500,
    });
    // The server prices the hold itself: the page's total without the code is refused.
    expect((await hold(first, 57_300, { promoCode: 'golf10' })).statusCode).toBe(409);
    const held = await hold(first, 52_500, { promoCode: 'golf10' });
    expect(held.statusCode, held.body).toBe(200);

    // While that hold is live the code's one use is taken.
    const second = { checkInDate: '2027-03-08', checkOutDate: '2027-03-10' };
    const refused = await hold(second, 52_500, { promoCode: 'GOLF10', guest: 'Grace Hopper' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('The promo code Golf10 has been used up.');

    const stay = await payAndConfirm(held);
    expect(stay).toMatchObject({
      status: 'confirmed',
      totalPence: 52_500,
      discountPence: 4_500,
      paidPence: 52_500,
    });
    const promo = (await inject('GET', '/api/admin/rate-plan')).json().promoCodes[0];
    expect(stay?.promoCodeId).toBe(promo.id);
    expect(promo.uses).toBe(1);
    expect((await quote(second.checkInDate, second.checkOutDate, 'golf10')).json().message).toBe(
      'The promo code Golf10 has been used up.',
    );
    // A code on a booking is kept: it can be switched off, not deleted.
    const deleted = await inject('DELETE', `/api/admin/promo-codes/${promo.id}`);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().message).toContain('switch it off instead');
  });

  it('leaves a live hold’s price alone when the owner changes the plan while the guest pays', async () => {
    const dates = { checkInDate: '2027-03-15', checkOutDate: '2027-03-17' };
    const held = await hold(dates, 57_300);
    expect(held.statusCode, held.body).toBe(200);
    const changed = await inject('PUT', '/api/admin/rate-plan/base', {
      ...DEFAULT_BASE_RATES,
      weekdayPence: 30_000,
      weekendPence: 35_000,
    });
    expect(changed.statusCode).toBe(200);
    // The public pages print the new rates (site content, decision 012) …
    await h.t.app.siteContent.settled();
    const content = (await h.t.app.inject({ method: 'GET', url: '/api/site-content' })).json();
    expect(content.prices).toMatchObject({ weekdayGbp: 300, weekendGbp: 350, cleaningFeeGbp: 100 });
    expect(content.prices.exampleWeekend).toEqual({
      accommodation: 700,
      cleaningFee: 100,
      serviceFee: 35,
      total: 835,
    });
    // … new guests see the new price …
    expect((await quote(dates.checkInDate, dates.checkOutDate)).json().totalPence).toBe(
      60_000 + 10_000 + 3_000,
    );
    // … while the guest who holds the nights retries at the price they were given, and is charged it.
    const retried = await hold(dates, 57_300, { holdToken: held.json().holdToken });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ bookingId: held.json().bookingId, amount: 57_300 });
    const stay = await payAndConfirm(retried);
    expect(stay).toMatchObject({ status: 'confirmed', totalPence: 57_300, paidPence: 57_300 });
    const booking = await h.t.app.inject({ method: 'GET', url: `/api/bookings/${stay!.id}` });
    expect(booking.json().totalPrice).toBe(573);
  });

  it('adds the visitor levy as its own line from its start date, in the total charged', async () => {
    const early = await inject('PUT', '/api/admin/rate-plan/base', {
      ...DEFAULT_BASE_RATES,
      levy: { percent: 7, startDate: '2027-03-01' },
    });
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toContain('cannot start before 1 April 2027');
    expect(
      (
        await inject('PUT', '/api/admin/rate-plan/base', {
          ...DEFAULT_BASE_RATES,
          levy: { percent: 7, startDate: '2027-04-01' },
        })
      ).statusCode,
    ).toBe(200);
    expect((await quote('2027-03-04', '2027-03-07')).json()).toMatchObject({
      levy: null,
      totalPence: 91_400,
    });
    const dates = { checkInDate: '2027-05-06', checkOutDate: '2027-05-09' };
    const levied = (await quote(dates.checkInDate, dates.checkOutDate)).json();
    expect(levied).toMatchObject({ levy: { percent: 7, nights: 3, pence: 5_425 }, totalPence: 96_825 });
    const stay = await payAndConfirm(await hold(dates, 96_825));
    expect(stay).toMatchObject({ levyPence: 5_425, totalPence: 96_825 });
  });

  it('another server process on the database quotes the owner’s new rates within 2 seconds', async () => {
    const other = await startSecondProcess(h.t);
    try {
      const otherQuote = async () =>
        (
          await other.app.inject({
            method: 'GET',
            url: '/api/quote?propertyId=1&checkInDate=2027-03-01&checkOutDate=2027-03-03',
          })
        ).json().totalPence;
      expect(await otherQuote()).toBe(57_300);
      const changed = await inject('PUT', '/api/admin/rate-plan/base', {
        ...DEFAULT_BASE_RATES,
        weekdayPence: 25_000,
      });
      expect(changed.statusCode).toBe(200);
      // This process sees its own change at once; another process within RATE_PLAN_CACHE_MS (each app keeps
      // its own copy, also when two share one PGlite handle as here).
      expect((await quote('2027-03-01', '2027-03-03')).json().totalPence).toBe(50_000 + 10_000 + 2_500);
      expect(await otherQuote()).toBe(57_300);
      h.t.clock.advance(RATE_PLAN_CACHE_MS);
      expect(await otherQuote()).toBe(62_500);
    } finally {
      await other.close();
    }
  });
});
