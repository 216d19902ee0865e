import { describe, expect, it } from 'vitest';
import { bookingReference } from '../../../../domain/booking-reference.ts';
import { adminBooking } from '../shared/admin-booking.fixture.ts';
import * as rules from './booking-list.ts';

const booking = adminBooking;

const block = booking({ id: 'b-1', kind: 'block', contactName: 'Owner Block', reason: 'Boiler service' });
const pending = booking({
  id: 'p-1',
  status: 'pending',
  // Taken by the owner by phone: only the owner's own pending bookings are theirs to confirm.
  source: 'owner',
  contactName: 'Bea Phone',
  holdExpiresAt: '2026-11-26T10:00:00.000Z',
});
const canceled = booking({ id: 'c-1', status: 'canceled', contactEmail: 'cy@example.test' });
const all = [booking({}), block, pending, canceled];

describe('the bookings list', () => {
  it('searches name, e-mail, reference, dates and status', () => {
    const ids = (query: string) => rules.filterBookings(all, { query, status: 'all' }).map((b) => b.id);
    expect(ids('bea')).toEqual(['p-1']);
    expect(ids('CY@EXAMPLE')).toEqual(['c-1']);
    expect(ids('5f1d7c2e')).toEqual(['5f1d7c2e-0000-4000-8000-000000000001']);
    expect(ids('blocked')).toEqual(['b-1']);
    expect(ids('pending')).toEqual(['p-1']);
    expect(ids('2026-12-17')).toHaveLength(4);
    expect(ids('14 Dec 2026')).toHaveLength(4);
    expect(ids('15 Dec')).toEqual([]);
  });

  it('filters by status, owner blocks apart from confirmed guests', () => {
    const ids = (status: Parameters<typeof rules.filterBookings>[1]['status']) =>
      rules.filterBookings(all, { query: '', status }).map((b) => b.id);
    expect(ids('blocked')).toEqual(['b-1']);
    expect(ids('confirmed')).toEqual(['5f1d7c2e-0000-4000-8000-000000000001']);
    expect(ids('canceled')).toEqual(['c-1']);
  });

  it('offers Confirm only for pending guest rows, Cancel for every status but canceled', () => {
    expect(all.map(rules.canConfirm)).toEqual([false, false, true, false]);
    expect(all.map(rules.canCancel)).toEqual([true, true, true, false]);
    expect(rules.canRetryRefund(booking({ status: 'canceled', refundDuePence: 100 }))).toBe(true);
  });

  it('reads BLOCKED in blue for an owner block; confirmed green, pending yellow, others red', () => {
    expect(all.map(rules.statusLabel)).toEqual(['confirmed', 'BLOCKED', 'pending', 'canceled']);
    expect(all.map(rules.statusTone)).toEqual(['green', 'blue', 'yellow', 'red']);
  });

  it('shows when a pending hold lapses on the London clock', () => {
    expect(rules.holdText(pending, new Date('2026-11-23T10:00:00Z'))).toBe('Hold lapses 26 Nov, 10:00');
    expect(rules.holdText(pending, new Date('2026-11-27T10:00:00Z'))).toBe('Hold lapsed 26 Nov, 10:00');
    expect(rules.holdText(booking({}), new Date())).toBeNull();
  });
});

describe("the owner's dialogs", () => {
  it('name a stay by its guest, then its dates', () => {
    const stay = booking({ contactName: 'Bea Phone', checkInDate: '2027-03-04', checkOutDate: '2027-03-07' });
    expect(rules.guestAndDates(stay)).toBe('Bea Phone, Thu 4 Mar 2027 – Sun 7 Mar 2027');
  });
});

describe("guests' online checkouts", () => {
  const now = new Date('2026-11-23T14:20:00Z');
  const live = booking({
    id: 'w-1',
    status: 'pending',
    contactName: 'Live Checkout',
    holdExpiresAt: '2026-11-23T14:32:00Z',
  });
  const lapsed = booking({
    id: 'w-2',
    status: 'pending',
    contactName: 'Lapsed Unswept',
    holdExpiresAt: '2026-11-23T14:05:00Z',
  });
  const expired = booking({ id: 'w-3', status: 'expired', contactName: 'Gone Away' });
  const ownerExpired = booking({
    id: 'o-1',
    status: 'expired',
    source: 'owner',
    contactName: 'Phone Expired',
  });
  const list = [live, lapsed, expired, ownerExpired, pending];

  it('tells a live hold from a lapsed one, and the owner’s bookings from guests’ checkouts', () => {
    expect(list.map((b) => rules.checkoutState(b, now))).toEqual(['live', 'lapsed', 'lapsed', null, null]);
    expect(rules.checkoutState(booking({}), now)).toBeNull();
  });

  it('never offers Confirm for a checkout, live or lapsed', () => {
    expect(list.map(rules.canConfirm)).toEqual([false, false, false, false, true]);
  });

  it('says a live checkout is in progress and when its hold lapses on the London clock', () => {
    expect(rules.holdText(live, now)).toBe('Checkout in progress, hold lapses 14:32');
    expect(rules.statusLabel(booking({ status: 'pending', holdExpiresAt: '2099-01-01T00:00:00Z' }))).toBe(
      'checkout in progress',
    );
    expect(rules.statusLabel(expired)).toBe('checkout lapsed');
    // In summer London is an hour ahead of UTC; another day's time carries its date.
    const summer = booking({ status: 'pending', holdExpiresAt: '2027-07-01T13:32:00Z' });
    expect(rules.holdText(summer, new Date('2027-07-01T13:20:00Z'))).toBe(
      'Checkout in progress, hold lapses 14:32',
    );
    expect(rules.holdText(summer, new Date('2027-06-30T13:20:00Z'))).toBe(
      'Checkout in progress, hold lapses 1 Jul, 14:32',
    );
    expect(rules.holdText(lapsed, now)).toBe('Checkout abandoned, hold lapsed 14:05');
  });

  it('hides lapsed checkouts unless asked, and counts them', () => {
    const ids = (filters: Parameters<typeof rules.filterBookings>[1]) =>
      rules.filterBookings(list, filters, now).map((b) => b.id);
    expect(ids({ query: '', status: 'all' })).toEqual(['w-1', 'o-1', 'p-1']);
    expect(ids({ query: '', status: 'all', showLapsed: true })).toEqual(['w-1', 'w-2', 'w-3', 'o-1', 'p-1']);
    expect(ids({ query: '', status: 'expired' })).toEqual(['o-1']);
    expect(ids({ query: '', status: 'expired', showLapsed: true })).toEqual(['w-3', 'o-1']);
    expect(rules.countLapsedCheckouts(list, { query: '', status: 'all' }, now)).toBe(2);
    expect(rules.countLapsedCheckouts(list, { query: 'gone', status: 'all' }, now)).toBe(1);
  });
});

describe('searching by the booking reference', () => {
  const id = '8d386281-a7c4-4b0e-9f51-2d6e8a0c4b13';
  const found = booking({ id, reference: bookingReference(id), contactName: 'Found By Reference' });
  const list = [booking({}), found];
  const ids = (query: string) => rules.filterBookings(list, { query, status: 'all' }).map((b) => b.id);

  it('finds the booking by its reference with or without the dashes, in any case', () => {
    for (const query of [
      'TWR-HMW6-50D7',
      'twr-hmw6-50d7',
      'TWRHMW650D7',
      'hmw650d7',
      'HMW6-50D7',
      'hmw6 50d7',
    ]) {
      expect(ids(query), query).toEqual([id]);
    }
  });

  it('still finds it by the start of its long id', () => {
    expect(ids('8d386281')).toEqual([id]);
  });
});
