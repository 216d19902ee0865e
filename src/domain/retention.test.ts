import { describe, expect, it } from 'vitest';
import {
  BOOKING_RECORDS_YEARS,
  GUEST_REGISTER_MONTHS,
  registerRetentionCutoff,
  retentionCutoff,
} from './retention.ts';

describe('retentionCutoff', () => {
  it('is the same day 7 years back: a stay that checked out on it is exactly 7 years old and kept', () => {
    expect(BOOKING_RECORDS_YEARS).toBe(7);
    expect(retentionCutoff('2026-11-23')).toBe('2019-11-23');
  });

  it('falls back to 28 February from a leap day', () => {
    expect(retentionCutoff('2028-02-29')).toBe('2021-02-28');
  });
});

describe('registerRetentionCutoff', () => {
  it('is the same day 12 months back', () => {
    expect(GUEST_REGISTER_MONTHS).toBe(12);
    expect(registerRetentionCutoff('2026-11-23')).toBe('2025-11-23');
  });
});
