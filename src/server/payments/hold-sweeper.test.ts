import { describe, expect, it } from 'vitest';
import { readStay, startCheckout, stayDates, usePaymentHarness } from './test/payment-harness.ts';

describe('the hold sweeper', () => {
  const h = usePaymentHarness('demo');

  it('expires holds whose time has lapsed, and only those', async () => {
    const hold = (weeksAhead: number) => startCheckout(h.t.app, stayDates(weeksAhead));
    const early = await hold(2);
    h.t.clock.advance(10 * 60_000);
    const later = await hold(3);
    h.t.clock.advance(6 * 60_000); // the first hold is 16 minutes old, the second 6
    // The app's own sweep (the registry's hold-sweep job, as plugins/jobs.ts wires it), run once.
    expect(await h.t.app.jobs.run('hold-sweep')).toEqual([early.json().bookingId]);
    expect((await readStay(h.t, early.json().bookingId))?.status).toBe('expired');
    expect((await readStay(h.t, later.json().bookingId))?.status).toBe('pending');
  });
});
