import { describe, expect, it } from 'vitest';
import { BookingFormSchema } from './booking-form.ts';
import { daysBetween } from './dates.ts';
import {
  CONTROL_CHARACTERS_MESSAGE,
  hasControlCharacters,
  PG_INTEGER_MAX,
  textField,
  wholeNumber,
} from './input-fields.ts';
import { poundsToPence } from './pricing.ts';
import { CLEANING_FEE_GBP, MAX_PAYMENT_GBP, SERVICE_FEE_PERCENT, WEEKEND_RATE_GBP } from './property.ts';

describe('hasControlCharacters', () => {
  it.each([
    ['\u0000', 'NUL, a C0 control'],
    ['a\u0001b', 'a C0 control inside text'],
    ['\u001b[31m', 'a terminal colour escape'],
    ['x\u007f', 'DEL'],
    ['\u0085', 'NEL, a C1 control'],
    ['\u009f', 'the last C1 control'],
    ['\ud800', 'a lone high surrogate'],
    ['a\udc00', 'a lone low surrogate'],
    ['\udc00\ud800', 'surrogates in the wrong order'],
  ])('finds control characters and lone surrogates: %j, %s', (bad) => {
    expect(hasControlCharacters(bad)).toBe(true);
  });

  it.each(['', 'Ada Lovelace', 'Zoë O’Brien-Ünal', 'أحمد', '山田 太郎', 'Ada 🏰', '\u00a0£25'])(
    'lets ordinary text through: accents, other scripts, emoji, non-breaking spaces: %j',
    (good) => {
      expect(hasControlCharacters(good)).toBe(false);
    },
  );

  it('allows tab, line feed and carriage return only in multi-line text', () => {
    expect(hasControlCharacters('one\r\n\ttwo')).toBe(true);
    expect(hasControlCharacters('one\r\n\ttwo', true)).toBe(false);
    expect(hasControlCharacters('one\u0000two', true)).toBe(true);
  });
});

describe('textField', () => {
  it('refuses control characters with one sentence, before its other checks', () => {
    const name = textField().trim().min(2, 'Name is required').max(5);
    const result = name.safeParse('\u0000 far too long a name');
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([CONTROL_CHARACTERS_MESSAGE]);
    expect(name.parse('  Ada ')).toBe('Ada');
  });

  it('keeps the browser form’s messages for valid and ordinarily invalid input', () => {
    const form = {
      contactName: 'Ada Lovelace',
      contactEmail: 'ada@example.test',
      contactPhone: '+44 1224 000000',
      specialRequests: 'Arriving late,\nabout 22:00.',
      guestCount: 2,
    };
    expect(BookingFormSchema.safeParse(form).success).toBe(true);
    const blank = BookingFormSchema.safeParse({ ...form, contactName: ' ' });
    expect(blank.error?.issues.map((issue) => issue.message)).toEqual(['Name is required']);
    const nul = BookingFormSchema.safeParse({ ...form, contactPhone: '01224\u0000' });
    expect(nul.error?.issues).toEqual([
      expect.objectContaining({ path: ['contactPhone'], message: CONTROL_CHARACTERS_MESSAGE }),
    ]);
  });
});

describe('wholeNumber', () => {
  const id = wholeNumber('propertyId', { min: 1, max: PG_INTEGER_MAX, coerce: true });
  const message = 'propertyId must be a whole number from 1 to 2147483647';

  it('takes whole numbers in range, from text too', () => {
    expect(id.parse('1')).toBe(1);
    expect(id.parse(PG_INTEGER_MAX)).toBe(PG_INTEGER_MAX);
  });

  it('refuses anything else with one sentence naming the range', () => {
    for (const bad of ['999999999999', PG_INTEGER_MAX + 1, '0', '-1', '1.5', '1e400', 'abc', Number.NaN]) {
      expect(
        id.safeParse(bad).error?.issues.map((issue) => issue.message),
        String(bad),
      ).toEqual([message]);
    }
  });
});

describe('MAX_PAYMENT_GBP', () => {
  it('is above the longest owner booking at the weekend rate, and fits PostgreSQL’s integer in pence', () => {
    // 12 months with 29 February: 366 nights, priced as if every one were a weekend night.
    const nights = daysBetween('2027-06-01', '2028-06-01');
    const allWeekend = nights * WEEKEND_RATE_GBP * (1 + SERVICE_FEE_PERCENT / 100) + CLEANING_FEE_GBP;
    expect(nights).toBe(366);
    expect(MAX_PAYMENT_GBP).toBeGreaterThan(allWeekend);
    expect(poundsToPence(MAX_PAYMENT_GBP)).toBeLessThanOrEqual(PG_INTEGER_MAX);
  });
});
