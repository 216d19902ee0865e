import { describe, expect, it } from 'vitest';
import type { AdminBooking } from '../../../domain/api.ts';
import {
  canCancel,
  canConfirm,
  canRetryRefund,
  filterBookings,
  holdText,
  statusLabel,
  statusTone,
} from './booking-list.ts';

const booking = (overrides: Partial<AdminBooking>): AdminBooking => ({
  id: '5f1d7c2e-0000-4000-8000-000000000001',
  reference: 'TWR-BWEQ-RBG0',
  propertyId: 1,
  kind: 'guest',
  source: 'web',
  checkInDate: '2026-12-14',
  checkOutDate: '2026-12-17',
  guestCount: 2,
  contactName: 'Ada Guest',
  contactEmail: 'ada@example.test',
  contactPhone: '',
  specialRequests: '',
  reason: '',
  totalPrice: 809,
  status: 'confirmed',
  holdExpiresAt: null,
  flag: null,
  paidPence: 80_900,
  refundedPence: 0,
  refundDuePence: 0,
  createdAt: '2026-11-20T10:00:00.000Z',
  confirmedAt: null,
  canceledAt: null,
  ...overrides,
});

const block = booking({ id: 'b-1', kind: 'block', contactName: 'Owner Block', reason: 'Boiler service' });
const pending = booking({
  id: 'p-1',
  status: 'pending',
  contactName: 'Bea Phone',
  holdExpiresAt: '2026-11-26T10:00:00.000Z',
});
const canceled = booking({ id: 'c-1', status: 'canceled', contactEmail: 'cy@example.test' });
const all = [booking({}), block, pending, canceled];

describe('the bookings list', () => {
  it('searches name, e-mail, reference, dates and status', () => {
    const ids = (query: string) => filterBookings(all, { query, status: 'all' }).map((b) => b.id);
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
    const ids = (status: Parameters<typeof filterBookings>[1]['status']) =>
      filterBookings(all, { query: '', status }).map((b) => b.id);
    expect(ids('blocked')).toEqual(['b-1']);
    expect(ids('confirmed')).toEqual(['5f1d7c2e-0000-4000-8000-000000000001']);
    expect(ids('canceled')).toEqual(['c-1']);
  });

  it('offers Confirm only for pending guest rows, Cancel for every status but canceled', () => {
    expect(all.map(canConfirm)).toEqual([false, false, true, false]);
    expect(all.map(canCancel)).toEqual([true, true, true, false]);
    expect(canRetryRefund(booking({ status: 'canceled', refundDuePence: 100 }))).toBe(true);
  });

  it('reads BLOCKED in blue for an owner block; confirmed green, pending yellow, others red', () => {
    expect(all.map(statusLabel)).toEqual(['confirmed', 'BLOCKED', 'pending', 'canceled']);
    expect(all.map(statusTone)).toEqual(['green', 'blue', 'yellow', 'red']);
  });

  it('shows when a pending hold lapses on the London clock', () => {
    expect(holdText(pending, new Date('2026-11-23T10:00:00Z'))).toBe('Hold lapses 26 Nov, 10:00');
    expect(holdText(pending, new Date('2026-11-27T10:00:00Z'))).toBe('Hold lapsed 26 Nov, 10:00');
    expect(holdText(booking({}), new Date())).toBeNull();
  });
});
