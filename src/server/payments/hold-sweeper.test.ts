import { describe, expect, it } from 'vitest';
import { bookingPageRequest, readStay, stayDates, usePaymentHarness } from './test/payment-harness.ts';

describe('the hold sweeper', () => {
  const h = usePaymentHarness('demo');

  it('expires holds whose time has lapsed, and only those', async () => {
    const early = await h.t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: bookingPageRequest(stayDates(2)),
    });
    h.t.clock.advance(10 * 60_000);
    const later = await h.t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: bookingPageRequest(stayDates(3)),
    });
    h.t.clock.advance(6 * 60_000); // the first hold is 16 minutes old, the second 6
    // The app's own sweep (the registry's hold-sweep job, as plugins/jobs.ts wires it), run once.
    expect(await h.t.app.jobs.run('hold-sweep')).toEqual([early.json().bookingId]);
    expect((await readStay(h.t, early.json().bookingId))?.status).toBe('expired');
    expect((await readStay(h.t, later.json().bookingId))?.status).toBe('pending');
  });
});
