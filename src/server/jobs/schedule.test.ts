import { describe, expect, it } from 'vitest';
import { dailyAt, every } from './schedule.ts';

describe('every', () => {
  it('is due one interval after the last run started, and says so in words', () => {
    const schedule = every(15 * 60_000);
    expect(schedule.nextAfter(new Date('2026-11-23T10:00:00Z'))).toEqual(new Date('2026-11-23T10:15:00Z'));
    expect(schedule.label).toBe('Every 15 minutes');
    expect(schedule.checkEveryMs).toBe(60_000);
    expect([every(60_000).label, every(15_000).label, every(3 * 3_600_000).label]).toEqual([
      'Every minute',
      'Every 15 seconds',
      'Every 3 hours',
    ]);
    expect(every(60_000).checkEveryMs).toBe(15_000);
  });
});

describe('dailyAt', () => {
  const threeAm = dailyAt(3);

  it('is due at the hour on the property clock: in winter (GMT) and in summer (BST)', () => {
    expect(threeAm.label).toBe('Daily at 03:00 (Aberdeen time)');
    // Winter: 03:00 in Aberdeen is 03:00 UTC.
    expect(threeAm.nextAfter(new Date('2026-11-23T01:00:00Z'))).toEqual(new Date('2026-11-23T03:00:00Z'));
    expect(threeAm.nextAfter(new Date('2026-11-23T03:00:00Z'))).toEqual(new Date('2026-11-24T03:00:00Z'));
    expect(threeAm.nextAfter(new Date('2026-11-23T21:30:00Z'))).toEqual(new Date('2026-11-24T03:00:00Z'));
    // Summer: 03:00 in Aberdeen is 02:00 UTC; 01:30 UTC is already 02:30 there.
    expect(threeAm.nextAfter(new Date('2027-07-01T01:30:00Z'))).toEqual(new Date('2027-07-01T02:00:00Z'));
    expect(threeAm.nextAfter(new Date('2027-07-01T02:00:05Z'))).toEqual(new Date('2027-07-02T02:00:00Z'));
  });

  it('keeps the hour across the change of the clocks', () => {
    // The clocks go forward on Sunday 28 March 2027 at 01:00 GMT.
    expect(threeAm.nextAfter(new Date('2027-03-27T03:00:00Z'))).toEqual(new Date('2027-03-28T02:00:00Z'));
    // … and back on Sunday 31 October 2027 at 02:00 BST.
    expect(threeAm.nextAfter(new Date('2027-10-30T02:00:00Z'))).toEqual(new Date('2027-10-31T03:00:00Z'));
  });

  it('refuses an hour that is not one', () => {
    expect(() => dailyAt(24)).toThrow('not an hour of the day: 24');
  });
});
