import { describe, expect, it } from 'vitest';
import { adminBooking } from '../shared/admin-booking.fixture.ts';
import { AWAITING_PAYMENT, NO_ACCESS_CODE, todayOverview } from './today.ts';

const TODAY = '2026-12-14';
const names = (list: { contactName: string }[]) => list.map((b) => b.contactName);

describe('todayOverview', () => {
  const stay = (contactName: string, checkInDate: string, checkOutDate: string, more = {}) =>
    adminBooking({ id: contactName, contactName, checkInDate, checkOutDate, ...more });

  it('lists arrivals and departures today and in the next 7 days, soonest first; nothing else', () => {
    const overview = todayOverview(
      [
        stay('Leaving Today', '2026-12-11', '2026-12-14'),
        stay('Arriving Today', '2026-12-14', '2026-12-16'),
        stay('In A Week', '2026-12-21', '2026-12-24'),
        stay('Day After', '2026-12-15', '2026-12-18'),
        stay('Too Far', '2026-12-22', '2026-12-25'),
        stay('Cancelled', '2026-12-14', '2026-12-16', { status: 'canceled' }),
        stay('Owner Block', '2026-12-14', '2026-12-20', { kind: 'block', source: 'owner' }),
      ],
      TODAY,
    );
    expect(names(overview.arrivalsToday)).toEqual(['Arriving Today']);
    expect(names(overview.arrivalsSoon)).toEqual(['Day After', 'In A Week']);
    expect(names(overview.departuresToday)).toEqual(['Leaving Today']);
    expect(names(overview.departuresSoon)).toEqual(['Arriving Today', 'Day After']);
  });

  it('sums the balances still owed on bookings that are not over', () => {
    const overview = todayOverview(
      [
        stay('Owes', '2027-01-10', '2027-01-13', { duePence: 30_000 }),
        stay('Owes Too', '2026-12-20', '2026-12-22', { duePence: 12_550 }),
        stay('Paid', '2027-01-20', '2027-01-22'),
        stay('Cancelled', '2027-01-24', '2027-01-26', { status: 'canceled', duePence: 5_000 }),
      ],
      TODAY,
    );
    expect(names(overview.moneyDue)).toEqual(['Owes Too', 'Owes']);
    expect(overview.moneyDuePence).toBe(42_550);
  });

  it('needs the owner for an attention, a stay arriving soon without a code, and a booking not yet paid', () => {
    const overview = todayOverview(
      [
        stay('Conflict', '2027-02-01', '2027-02-04', {
          attention: 'calendar_conflict',
          flag: 'Overlaps Airbnb.',
        }),
        stay('Old Note', '2026-11-01', '2026-11-04', { attention: 'calendar_conflict', flag: 'Long over.' }),
        stay('Refund Owed', '2026-11-01', '2026-11-04', {
          status: 'canceled',
          attention: 'refund_failed',
          flag: 'Refund failed.',
          refundDuePence: 100,
        }),
        stay('No Code Soon', '2026-12-16', '2026-12-18', { hasAccessCode: false }),
        stay('No Code Later', '2027-03-01', '2027-03-03', { hasAccessCode: false }),
        stay('Unpaid Phone', '2026-12-17', '2026-12-19', { status: 'pending', source: 'owner' }),
      ],
      TODAY,
    );
    expect(overview.needs.map((need) => [need.booking.contactName, need.sentence])).toEqual([
      ['Conflict', 'Overlaps Airbnb.'],
      ['Refund Owed', 'Refund failed.'],
      ['No Code Soon', NO_ACCESS_CODE],
      ['Unpaid Phone', AWAITING_PAYMENT],
    ]);
  });
});
