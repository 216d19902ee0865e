/**
 * The booking reference people read, say and type: 'TWR-8D38-6281'. It is derived from the booking's id (a random
 * UUID, which stays in URLs), so every booking has one from the moment it exists, old bookings included, and the
 * browser can show it without asking the server (docs/decisions/010-the-owners-bookings-list.md).
 *
 * Its eight symbols are the first 40 bits of the id in Crockford's base32 (https://www.crockford.com/base32.html):
 * digits and capital letters without I, L, O and U, so nothing reads as something else ('0'/'O', '1'/'I'/'L').
 * A UUID v4's first 48 bits are random, so references spread evenly over 2^40 values.
 */

export const BOOKING_REFERENCE_PREFIX = 'TWR';
/** Crockford's base32 alphabet: 0–9 and A–Z without I, L, O and U. */
export const CROCKFORD_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** Bits of the id a reference carries: eight base32 symbols. */
export const BOOKING_REFERENCE_BITS = 40;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Every booking id is a random UUID (the public booking look-up and the reference rely on it). */
export const isBookingId = (value: string) => UUID.test(value);

/** 'TWR-8D38-6281' for a booking id. Throws for anything that is not a booking id (a UUID). */
export function bookingReference(id: string): string {
  if (!isBookingId(id)) throw new TypeError(`Not a booking id: ${JSON.stringify(id)}`);
  // The first 10 hex digits: 40 bits, exact in a double.
  let value = Number.parseInt(id.slice(0, 8) + id.slice(9, 11), 16);
  let symbols = '';
  for (let i = 0; i < BOOKING_REFERENCE_BITS / 5; i++) {
    symbols = CROCKFORD_ALPHABET[value % 32] + symbols;
    value = Math.floor(value / 32);
  }
  return `${BOOKING_REFERENCE_PREFIX}-${symbols.slice(0, 4)}-${symbols.slice(4)}`;
}

/**
 * A reference as someone may type it ('twr-8d38-6281', 'TWR 8D38 6281', '8D386281'), reduced to its symbols:
 * capitals, no separators, no prefix, and 'O' read as '0', 'I' and 'L' as '1' (as Crockford's decoding does).
 */
export function normalizeReferenceInput(text: string): string {
  const compact = text.toUpperCase().replace(/[^0-9A-Z]/g, '');
  const symbols = compact.startsWith(BOOKING_REFERENCE_PREFIX)
    ? compact.slice(BOOKING_REFERENCE_PREFIX.length)
    : compact;
  return symbols.replaceAll('O', '0').replace(/[IL]/g, '1');
}

/** The fewest symbols a search must give to be read as (part of) a reference. */
const MIN_REFERENCE_SEARCH = 4;
const REFERENCE_SYMBOLS = /^[0-9A-HJKMNP-TV-Z]+$/;

/**
 * Whether `query` is this reference or a part of it of at least four symbols, typed in any of the forms above.
 * Shorter parts and text with letters outside the alphabet never match, so a guest's name is not read as one.
 */
export function referenceMatches(reference: string, query: string): boolean {
  const wanted = normalizeReferenceInput(query);
  if (wanted.length < MIN_REFERENCE_SEARCH || !REFERENCE_SYMBOLS.test(wanted)) return false;
  return normalizeReferenceInput(reference).includes(wanted);
}
