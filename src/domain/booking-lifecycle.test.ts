import { describe, expect, it } from 'vitest';
import {
  type BookingStatus,
  balanceDuePence,
  canTransition,
  extendedHoldExpiresAt,
  holdExpiresAt,
  isLapsed,
  isLive,
  netPaidPence,
  refundOutstandingPence,
} from './booking-lifecycle.ts';
import { DAY_MS } from './dates.ts';

const now = new Date('2026-11-23T10:00:00Z');
const later = (ms: number) => new Date(now.getTime() + ms);

describe('status transitions', () => {
  it.each<[BookingStatus, BookingStatus, boolean]>([
    ['pending', 'confirmed', true],
    ['pending', 'expired', true],
    ['pending', 'canceled', true],
    ['confirmed', 'canceled', true],
    ['confirmed', 'pending', false],
    ['confirmed', 'expired', false],
    ['expired', 'pending', true],
    ['expired', 'confirmed', true],
    ['canceled', 'confirmed', false],
    ['canceled', 'pending', false],
  ])('%s → %s allowed: %s', (from, to, allowed) => {
    expect(canTransition(from, to)).toBe(allowed);
  });
});

describe('holds', () => {
  it('lapse after their duration', () => {
    expect(holdExpiresAt(now, 15 * 60_000)).toEqual(new Date('2026-11-23T10:15:00Z'));
    expect(holdExpiresAt(now, 3 * DAY_MS)).toEqual(new Date('2026-11-26T10:00:00Z'));
  });

  it('taken up again for paying keep at least the payment window, never less than they had', () => {
    expect(extendedHoldExpiresAt(null, now, 15 * 60_000)).toEqual(later(15 * 60_000));
    expect(extendedHoldExpiresAt(later(60_000), now, 15 * 60_000)).toEqual(later(15 * 60_000));
    expect(extendedHoldExpiresAt(later(2 * DAY_MS), now, 15 * 60_000)).toEqual(later(2 * DAY_MS));
  });

  it('are live until the moment they lapse, then lapsed until they expire', () => {
    const hold = { status: 'pending' as const, holdExpiresAt: later(1000) };
    expect(isLive(hold, now)).toBe(true);
    expect(isLapsed(hold, now)).toBe(false);
    expect(isLive(hold, later(1000))).toBe(false);
    expect(isLapsed(hold, later(1000))).toBe(true);
    expect(isLive({ status: 'pending', holdExpiresAt: null }, now)).toBe(true);
    expect(isLive({ status: 'confirmed', holdExpiresAt: null }, now)).toBe(true);
    for (const status of ['expired', 'canceled'] as const) {
      expect(isLive({ status, holdExpiresAt: later(1000) }, now)).toBe(false);
      expect(isLapsed({ status, holdExpiresAt: later(-1000) }, now)).toBe(false);
    }
  });
});

describe('money', () => {
  it('net paid is what was paid less what went back, never below zero', () => {
    expect(netPaidPence({ paidPence: 91_400, refundedPence: 0 })).toBe(91_400);
    expect(netPaidPence({ paidPence: 91_400, refundedPence: 66_050 })).toBe(25_350);
    expect(netPaidPence({ paidPence: 0, refundedPence: 100 })).toBe(0);
  });

  it('a live booking owes its total less what was paid; a cancelled or expired one owes nothing', () => {
    const stay = { totalPence: 91_400, paidPence: 27_420, holdExpiresAt: null };
    expect(balanceDuePence({ ...stay, status: 'confirmed' })).toBe(63_980);
    expect(balanceDuePence({ ...stay, status: 'pending' })).toBe(63_980);
    expect(balanceDuePence({ ...stay, status: 'canceled' })).toBe(0);
    expect(balanceDuePence({ ...stay, status: 'expired' })).toBe(0);
    expect(balanceDuePence({ ...stay, paidPence: 91_400, status: 'confirmed' })).toBe(0);
  });

  it('a refund still owed is never negative', () => {
    expect(refundOutstandingPence({ refundDuePence: 4_200 })).toBe(4_200);
    expect(refundOutstandingPence({ refundDuePence: -1 })).toBe(0);
  });
});
