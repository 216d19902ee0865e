import { describe, expect, it } from 'vitest';
import { SettingsFormSchema } from './arrival-tab.tsx';

const steps = { requireRegister: true, requireAgreement: true };
const messages = (values: unknown) =>
  SettingsFormSchema.safeParse(values).error?.issues.map((i) => i.message);

describe("the owner's arrival settings as typed", () => {
  it('takes the damage deposit in pounds and sends pence; 0 holds nothing', () => {
    expect(SettingsFormSchema.parse({ ...steps, damageHoldPounds: 250.5, releaseDays: 2 })).toEqual({
      ...steps,
      damageHoldPence: 25_050,
      releaseDays: 2,
    });
    expect(SettingsFormSchema.parse({ ...steps, damageHoldPounds: 0, releaseDays: 0 }).damageHoldPence).toBe(
      0,
    );
  });

  it('says what is wrong in the owner’s words', () => {
    expect(messages({ ...steps, damageHoldPounds: Number.NaN, releaseDays: 2 })).toEqual([
      'Give the damage deposit in pounds, or 0 for none.',
    ]);
    expect(messages({ ...steps, damageHoldPounds: 100, releaseDays: 15 })).toEqual([
      'Give the days after check-out, from 0 to 14.',
    ]);
  });
});
