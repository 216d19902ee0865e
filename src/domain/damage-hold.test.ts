import { describe, expect, it } from 'vitest';
import { describeDamageHold, HOLD_MARGIN_HOURS, HOLD_VALID_HOURS, planDamageHold } from './damage-hold.ts';
import { addDays } from './dates.ts';

const HOUR = 3_600_000;
const plan = (nights: number, releaseDays = 2, checkIn = '2027-06-04') =>
  planDamageHold({ checkIn, checkOut: addDays(checkIn, nights), releaseDays });
/** Every hold of a plan is relied on only inside its window less the margin. */
const usable = (HOLD_VALID_HOURS - HOLD_MARGIN_HOURS) * HOUR;

describe('the damage deposit hold’s timing', () => {
  it('places the hold at 10:00 the day before a 16:00 arrival, and releases at noon on the release day', () => {
    const p = plan(2);
    expect(p.placeAt.toISOString()).toBe('2027-06-03T09:00:00.000Z'); // 10:00 BST
    expect(p.releaseOn).toBe('2027-06-08');
    expect(p.releaseAt.toISOString()).toBe('2027-06-08T11:00:00.000Z'); // noon BST
  });

  it('a 2-night stay with 2 release days: one hold renewed once, each inside Visa’s window', () => {
    const p = plan(2);
    expect(p.kind).toBe('hold_renewed');
    if (p.kind !== 'hold_renewed') return;
    expect(p.renewAt.getTime() - p.placeAt.getTime()).toBe(usable);
    expect(p.releaseAt.getTime() - p.renewAt.getTime()).toBeLessThanOrEqual(usable);
  });

  it('a 5-night stay: one hold renewed once', () => {
    const p = plan(5);
    expect(p.kind).toBe('hold_renewed');
    if (p.kind !== 'hold_renewed') return;
    expect(p.releaseAt.getTime() - p.renewAt.getTime()).toBeLessThanOrEqual(usable);
  });

  it('14- and 28-night stays: charged, refunded on the release day', () => {
    expect(plan(14)).toMatchObject({ kind: 'charge', releaseOn: '2027-06-20' });
    expect(plan(28)).toMatchObject({ kind: 'charge', releaseOn: '2027-07-04' });
  });

  it('a short stay released the next day fits one hold', () => {
    const p = plan(2, 1);
    expect(p.kind).toBe('hold');
    expect(p.releaseAt.getTime() - p.placeAt.getTime()).toBeLessThanOrEqual(usable);
  });

  it('counts real hours across the clocks going back (GMT from 31 October 2027)', () => {
    // 28 Oct 10:00 BST → 2 Nov noon GMT is 123 hours, not 122: too long for one hold.
    const p = plan(2, 2, '2027-10-29');
    expect(p.placeAt.toISOString()).toBe('2027-10-28T09:00:00.000Z');
    expect(p.releaseAt.toISOString()).toBe('2027-11-02T12:00:00.000Z');
    expect(p.kind).toBe('hold_renewed');
  });

  it('tells the guest in plain words which applies', () => {
    expect(describeDamageHold(plan(2, 1), 20_000)).toBe(
      'A damage deposit of £200 will be held on your card the day before you arrive: no money is taken, and the hold is released on Monday 7 June 2027 unless we find damage.',
    );
    expect(describeDamageHold(plan(5), 20_000)).toMatch(
      /we will place it once more on Monday 7 June 2027 \(and release the first\), and release it on Friday 11 June 2027/,
    );
    expect(describeDamageHold(plan(14), 15_050)).toBe(
      'A damage deposit of £150.50 will be charged to your card the day before you arrive, because your stay is longer than a bank lets a hold last. It is refunded in full on Sunday 20 June 2027 unless we find damage.',
    );
  });
});
