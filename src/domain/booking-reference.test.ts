import { describe, expect, it } from 'vitest';
import {
  BOOKING_REFERENCE_BITS,
  bookingReference,
  CROCKFORD_ALPHABET,
  isBookingId,
  normalizeReferenceInput,
  referenceMatches,
} from './booking-reference.ts';

/** A seeded source of UUID v4 strings (SplitMix64), so the collision check is the same on every run. */
function seededUuids(seed: bigint) {
  let state = seed;
  const next64 = () => {
    state = (state + 0x9e3779b97f4a7c15n) & 0xffffffffffffffffn;
    let z = state;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & 0xffffffffffffffffn;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & 0xffffffffffffffffn;
    return z ^ (z >> 31n);
  };
  return () => {
    const hex = (next64().toString(16).padStart(16, '0') + next64().toString(16).padStart(16, '0')).split('');
    hex[12] = '4'; // version 4
    hex[16] = '89ab'[Number.parseInt(hex[16]!, 16) & 3]!; // RFC 4122 variant
    const h = hex.join('');
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  };
}

/** The birthday bound: the chance that some two of `n` references are the same. */
const collisionChance = (n: number) => (n * (n - 1)) / 2 / 2 ** BOOKING_REFERENCE_BITS;

describe('bookingReference', () => {
  it.each([
    ['00000000-0000-4000-8000-000000000000', 'TWR-0000-0000'],
    ['ffffffff-ffff-4fff-bfff-ffffffffffff', 'TWR-ZZZZ-ZZZZ'],
    // 0x8d386281a7 = 606,536,368,551 = symbols 17 20 28 6 5 0 13 7 in base 32.
    ['8d386281-a7c4-4b0e-9f51-2d6e8a0c4b13', 'TWR-HMW6-50D7'],
    ['8D386281-A7C4-4B0E-9F51-2D6E8A0C4B13', 'TWR-HMW6-50D7'],
  ])(
    'writes the first 40 bits of the id as TWR and two groups of four Crockford symbols: %s as %s',
    (id, reference) => {
      expect(bookingReference(id)).toBe(reference);
    },
  );

  it('uses no I, L, O or U, so no symbol reads as another', () => {
    expect(CROCKFORD_ALPHABET).toHaveLength(32);
    expect(CROCKFORD_ALPHABET).not.toMatch(/[ILOU]/);
    const next = seededUuids(7n);
    for (let i = 0; i < 2_000; i++)
      expect(bookingReference(next())).toMatch(/^TWR-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
  });

  it('gives ids that differ in their first 40 bits different references', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 4_096; i++) {
      // Every bit position of the 40 is exercised: 12 low bits counted through, then each high bit set alone.
      const prefix = i < 4_000 ? i : 2 ** (12 + ((i - 4_000) % 28));
      const hex = prefix.toString(16).padStart(10, '0');
      seen.add(bookingReference(`${hex.slice(0, 8)}-${hex.slice(8)}00-4000-8000-000000000000`));
    }
    expect(seen.size).toBe(4_000 + 28);
  });

  it('has no collision among 100,000 random booking ids, and the bound stays small for the sizes we have', () => {
    const next = seededUuids(2026n);
    const references = new Set<string>();
    for (let i = 0; i < 100_000; i++) references.add(bookingReference(next()));
    expect(references.size).toBe(100_000);
    // One let, 2 nights at least: at most 183 stays a year. A decade of full bookings with ten abandoned
    // checkouts for each stay is ~20,000 rows: about 1 in 5,000 that any two share a reference.
    expect(collisionChance(20_000)).toBeLessThan(2e-4);
    expect(collisionChance(2_000)).toBeLessThan(2e-6);
  });

  it('refuses what is not a booking id', () => {
    expect(isBookingId('8d386281-a7c4-4b0e-9f51-2d6e8a0c4b13')).toBe(true);
    expect(isBookingId('8d386281')).toBe(false);
    expect(() => bookingReference('8d386281')).toThrow(TypeError);
    expect(() => bookingReference('')).toThrow(TypeError);
  });
});

describe('finding a booking by its reference', () => {
  const reference = 'TWR-HMW6-50D7';

  it('reads the reference with or without dashes, prefix and spaces, in any case', () => {
    for (const typed of [
      'TWR-HMW6-50D7',
      'twr-hmw6-50d7',
      'TWRHMW650D7',
      'hmw650d7',
      'HMW6 5OD7',
      'hmw6-50d7',
    ]) {
      expect(referenceMatches(reference, typed), typed).toBe(true);
    }
  });

  it("reads O as 0 and I or L as 1, as Crockford's decoding does", () => {
    expect(normalizeReferenceInput('twr-o1il')).toBe('0111');
    expect(referenceMatches('TWR-0000-1111', 'TWR-OOOO-IlLi')).toBe(true);
  });

  it('matches a part of four symbols or more, and never a short word or a name', () => {
    expect(referenceMatches(reference, '50D7')).toBe(true);
    expect(referenceMatches(reference, '0D7')).toBe(false);
    expect(referenceMatches(reference, 'TWR')).toBe(false);
    expect(referenceMatches(reference, 'HMW6-50D8')).toBe(false);
    expect(referenceMatches('TWR-BRUC-E000', 'Bruce')).toBe(false); // U is not a symbol
  });
});
