import { describe, expect, it } from 'vitest';
import { checkStayRules, lastBookableCheckIn, STAY_RULE_MESSAGES } from './stay-rules.ts';

const NOW = new Date('2026-11-23T10:00:00Z');

describe('checkStayRules', () => {
  it('accepts 2 to 28 nights from today', () => {
    expect(checkStayRules({ checkIn: '2026-11-23', checkOut: '2026-11-25' }, NOW)).toBeNull();
    expect(checkStayRules({ checkIn: '2027-03-01', checkOut: '2027-03-29' }, NOW)).toBeNull();
  });

  it('refuses malformed dates, including 29 February of a common year', () => {
    expect(checkStayRules({ checkIn: '2027-02-29', checkOut: '2027-03-03' }, NOW)).toBe('invalid_date');
    expect(checkStayRules({ checkIn: '2027-03-01', checkOut: 'soon' }, NOW)).toBe('invalid_date');
  });

  it('refuses a check-out that is not after the check-in', () => {
    expect(checkStayRules({ checkIn: '2027-03-04', checkOut: '2027-03-04' }, NOW)).toBe(
      'checkout_not_after_checkin',
    );
    expect(checkStayRules({ checkIn: '2027-03-04', checkOut: '2027-03-01' }, NOW)).toBe(
      'checkout_not_after_checkin',
    );
  });

  it('refuses 1 night and 29 nights', () => {
    expect(checkStayRules({ checkIn: '2027-03-04', checkOut: '2027-03-05' }, NOW)).toBe('too_few_nights');
    expect(checkStayRules({ checkIn: '2027-03-01', checkOut: '2027-03-30' }, NOW)).toBe('too_many_nights');
  });

  it('lets owner-made stays break the night limits but not the past', () => {
    const owner = { ownerMade: true };
    expect(checkStayRules({ checkIn: '2027-03-04', checkOut: '2027-03-05' }, NOW, owner)).toBeNull();
    expect(checkStayRules({ checkIn: '2027-03-01', checkOut: '2027-05-01' }, NOW, owner)).toBeNull();
    expect(checkStayRules({ checkIn: '2026-11-22', checkOut: '2026-11-24' }, NOW, owner)).toBe(
      'checkin_in_past',
    );
  });

  it('keeps owner-made stays within 24 months ahead and 12 months long, with messages that say so', () => {
    const owner = { ownerMade: true };
    // A guest may not book 13 months ahead; the owner may, up to 24.
    expect(checkStayRules({ checkIn: '2027-12-23', checkOut: '2027-12-26' }, NOW)).toBe(
      'checkin_too_far_ahead',
    );
    expect(checkStayRules({ checkIn: '2028-11-23', checkOut: '2028-11-26' }, NOW, owner)).toBeNull();
    expect(checkStayRules({ checkIn: '2028-11-24', checkOut: '2028-11-26' }, NOW, owner)).toBe(
      'owner_checkin_too_far_ahead',
    );
    // 12 months exactly (366 nights across 29 February 2028) is allowed; a night more is not.
    expect(checkStayRules({ checkIn: '2027-06-01', checkOut: '2028-06-01' }, NOW, owner)).toBeNull();
    expect(checkStayRules({ checkIn: '2027-06-01', checkOut: '2028-06-02' }, NOW, owner)).toBe(
      'owner_stay_too_long',
    );
    expect(checkStayRules({ checkIn: '2026-12-01', checkOut: '9999-12-31' }, NOW, owner)).toBe(
      'owner_stay_too_long',
    );
    expect(checkStayRules({ checkIn: '0001-01-01', checkOut: '0001-01-03' }, NOW, owner)).toBe(
      'invalid_date',
    );
    expect(STAY_RULE_MESSAGES.owner_checkin_too_far_ahead).toBe(
      'Owner bookings and blocks can start at most 24 months ahead. Please choose an earlier check-in date.',
    );
    expect(STAY_RULE_MESSAGES.owner_stay_too_long).toBe(
      'An owner booking or block can last at most 12 months. For a longer period, add another one after it.',
    );
  });

  it('judges the past on the property clock: yesterday is refused, today accepted', () => {
    expect(checkStayRules({ checkIn: '2026-11-22', checkOut: '2026-11-24' }, NOW)).toBe('checkin_in_past');
    // 23:30 UTC on 30 June is already 1 July in Aberdeen (BST), so 30 June is the past.
    const summerNight = new Date('2027-06-30T23:30:00Z');
    expect(checkStayRules({ checkIn: '2027-06-30', checkOut: '2027-07-02' }, summerNight)).toBe(
      'checkin_in_past',
    );
    expect(checkStayRules({ checkIn: '2027-07-01', checkOut: '2027-07-03' }, summerNight)).toBeNull();
  });

  it('judges "today" across the October clock change', () => {
    const justAfterMidnightBst = new Date('2027-10-30T23:10:00Z'); // 00:10 on 31 Oct in Aberdeen
    expect(checkStayRules({ checkIn: '2027-10-30', checkOut: '2027-11-01' }, justAfterMidnightBst)).toBe(
      'checkin_in_past',
    );
    expect(
      checkStayRules({ checkIn: '2027-10-31', checkOut: '2027-11-02' }, justAfterMidnightBst),
    ).toBeNull();
  });

  it('refuses a check-in more than 12 months ahead', () => {
    expect(checkStayRules({ checkIn: '2027-11-23', checkOut: '2027-11-25' }, NOW)).toBeNull();
    expect(checkStayRules({ checkIn: '2027-11-24', checkOut: '2027-11-26' }, NOW)).toBe(
      'checkin_too_far_ahead',
    );
    expect(lastBookableCheckIn('2027-02-28')).toBe('2028-02-28');
    expect(lastBookableCheckIn('2028-02-29')).toBe('2029-02-28');
  });

  it('has a message for every violation', () => {
    expect(STAY_RULE_MESSAGES.too_many_nights).toBe(
      'Bookings are limited to a maximum of 28 nights. For longer stays, please contact us directly.',
    );
    expect(STAY_RULE_MESSAGES.too_few_nights).toBe(
      'The Tower requires a minimum stay of 2 nights for all bookings.',
    );
  });
});
