import { describe, expect, it } from 'vitest';
import { CheckInUpdateSchema } from './arrival.ts';

describe('CheckInUpdateSchema', () => {
  it('refuses values of the wrong type with a sentence, never by throwing', () => {
    for (const guest of [{ fullName: 5 }, { under16: 'x', nationality: 7 }, null, { passportNumber: [] }]) {
      const parsed = CheckInUpdateSchema.safeParse({ guests: [guest] });
      expect(parsed.success).toBe(false);
    }
  });

  it('keeps only what the nationality requires', () => {
    const parsed = CheckInUpdateSchema.parse({
      guests: [
        { fullName: 'Ada Guest', nationality: 'gb', passportNumber: 'X1', passportPlaceOfIssue: 'London' },
        { under16: true, fullName: 'Kid', nationality: 'FR' },
      ],
    });
    expect(parsed.guests[0]).toMatchObject({
      nationality: 'GB',
      passportNumber: '',
      passportPlaceOfIssue: '',
    });
    expect(parsed.guests[1]).toEqual({
      under16: true,
      fullName: '',
      nationality: '',
      passportNumber: '',
      passportPlaceOfIssue: '',
      nextDestination: '',
    });
  });
});
