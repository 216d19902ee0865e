import { describe, expect, it } from 'vitest';
import type { AdminBooking } from '../../../../domain/api/admin-bookings.ts';
import { adminBooking } from '../shared/admin-booking.fixture.ts';
import { canChargeBalance, paymentLines } from './balance-summary.ts';

/** A stay booked with a deposit, its balance still to be charged. */
const deposit = (overrides: Partial<AdminBooking> = {}): AdminBooking =>
  adminBooking({
    checkInDate: '2027-02-01',
    checkOutDate: '2027-02-04',
    paidPence: 24_270,
    scheduleKind: 'deposit',
    depositPence: 24_270,
    balancePence: 56_630,
    balanceDueOn: '2026-12-21',
    balanceStatus: 'scheduled',
    duePence: 56_630,
    ...overrides,
  });

describe("the owner's view of a booking's money", () => {
  it('a scheduled balance: paid, due and the next charge date', () => {
    expect(paymentLines(deposit())).toEqual(['Paid £242.70', 'Due £566.30', 'Next charge Mon 21 Dec 2026']);
    expect(canChargeBalance(deposit())).toBe(true);
  });

  it('a declined balance says so in the provider’s words', () => {
    const failed = deposit({
      balanceStatus: 'failed',
      balanceFailureCode: 'declined',
      balanceLastError: 'Your card has insufficient funds.',
    });
    expect(paymentLines(failed).at(-1)).toBe(
      'Last charge declined: Your card has insufficient funds; the guest has the payment link',
    );
  });

  it('paid in full, and no balance actions', () => {
    const paid = deposit({ balanceStatus: 'succeeded', paidPence: 80_900, duePence: 0 });
    expect(paymentLines(paid)).toEqual(['Paid in full']);
    expect(canChargeBalance(paid)).toBe(false);
  });

  it('no charge while one is in flight; a cancelled booking shows its cancelled balance', () => {
    expect(canChargeBalance(deposit({ balanceStatus: 'processing' }))).toBe(false);
    expect(paymentLines(deposit({ status: 'canceled', balanceStatus: 'canceled' }))).toEqual([
      'Scheduled balance cancelled',
    ]);
  });
});
