import { describe, expect, it } from 'vitest';
import { adminBooking } from '../shared/admin-booking.fixture.ts';
import { checkInWords, notCheckedIn } from './check-in-words.ts';

describe('checkInWords', () => {
  const stay = adminBooking({ checkInDate: '2026-12-09', checkOutDate: '2026-12-12' });

  it('says a stay to come is checked in, or which steps are missing', () => {
    expect(checkInWords({ ...stay, checkInMissing: [] }, '2026-12-01')).toBe('Checked in online');
    expect(checkInWords({ ...stay, checkInMissing: ['register', 'agreement'] }, '2026-12-01')).toBe(
      'Not checked in: the guest register, the house agreement missing',
    );
    expect(notCheckedIn({ ...stay, checkInMissing: ['register'] }, '2026-12-01')).toBe(true);
  });

  it('says nothing of a stay that is over or not a confirmed guest stay', () => {
    expect(checkInWords({ ...stay, checkInMissing: ['register'] }, '2026-12-13')).toBeNull();
    expect(checkInWords({ ...stay, checkInMissing: null }, '2026-12-01')).toBeNull();
    expect(notCheckedIn({ ...stay, checkInMissing: ['register'] }, '2026-12-13')).toBe(false);
  });
});
