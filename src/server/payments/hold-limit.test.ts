import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../domain/dates.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { createPaymentProvider } from './create-payment-provider.ts';
import { bookingPageRequest, stayDates } from './test/payment-harness.ts';

describe('POST /api/create-payment-intent: holds per client address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { HOLD_LIMIT_PER_HOUR: '3' } });
  });
  afterAll(async () => {
    await t.close();
  });

  const hold = (weeksAhead: number, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: bookingPageRequest(stayDates(weeksAhead)),
      remoteAddress,
    });

  it('answers 429 with a message and Retry-After once an address has started HOLD_LIMIT_PER_HOUR holds', async () => {
    for (const week of [3, 4, 5]) expect((await hold(week, '198.51.100.7')).statusCode).toBe(200);

    const refused = await hold(6, '198.51.100.7');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      error: 'too_many_requests',
      message: expect.stringMatching(
        /^Too many booking attempts from your connection\. Please try again in \d+ minutes/,
      ),
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    // No nights were held by the refused call.
    const calendar = await t.app.inject({ method: 'GET', url: '/api/unavailable-dates/1' });
    expect(calendar.json().unavailableDates).not.toContain(stayDates(6).checkInDate);
  });

  it('counts each address on its own and leaves the calendar readable', async () => {
    expect((await hold(8, '203.0.113.9')).statusCode).toBe(200);
    const calendar = await t.app.inject({
      method: 'GET',
      url: '/api/unavailable-dates/1',
      remoteAddress: '198.51.100.7',
    });
    expect(calendar.statusCode).toBe(200);
  });
});

describe('POST /api/create-payment-intent: live holds per client address', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The default allowance (2 live holds an address), within the per-hour limit.
    t = await createTestApp({ env: { LIVE_HOLDS_PER_CLIENT: '2', HOLD_LIMIT_PER_HOUR: '20' } });
  });
  afterAll(async () => {
    await t.close();
  });

  const longHold = (index: number, remoteAddress: string) => {
    const checkInDate = addDays('2026-11-24', index * 28);
    return t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: bookingPageRequest({ checkInDate, checkOutDate: addDays(checkInDate, 28) }),
      remoteAddress,
    });
  };
  const heldNights = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/unavailable-dates/1' })).json().unavailableDates.length;

  it('lets one address hold at most two stays’ worth of nights, however many long holds it starts', async () => {
    const intents: string[] = [];
    for (let i = 0; i < 13; i++) {
      t.clock.advance(1000); // back to back, a second apart
      const response = await longHold(i, '198.51.100.20');
      expect(response.statusCode).toBe(200);
      intents.push(response.json().paymentIntentId);
    }
    expect(await heldNights()).toBe(2 * 28);
    // The replaced holds can no longer be paid; the two newest can.
    const provider = createPaymentProvider(t.config, t.database.db, t.clock);
    expect((await provider.retrievePaymentIntent(intents[0]!))?.status).toBe('canceled');
    expect((await provider.retrievePaymentIntent(intents[12]!))?.status).toBe('requires_payment_method');

    // Another address is not affected by the first one's allowance.
    expect((await longHold(13, '198.51.100.21')).statusCode).toBe(200);
    expect(await heldNights()).toBe(3 * 28);
  });
});
