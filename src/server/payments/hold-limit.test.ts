import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
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
