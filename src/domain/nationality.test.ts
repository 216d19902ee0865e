import { describe, expect, it } from 'vitest';
import {
  isNationality,
  nationalityGroup,
  needsPassport,
  SCHEDULE_3_COMMONWEALTH,
  STATELESS,
} from './nationality.ts';

describe('the guest register’s nationality rule', () => {
  it.each([
    {
      who: 'a British citizen, from the UK, a Crown Dependency or an overseas territory',
      codes: ['GB', 'JE', 'IM', 'GI', 'BM'],
      group: 'british',
      passport: false,
    },
    { who: 'an Irish citizen', codes: ['IE'], group: 'irish', passport: false },
    {
      who: 'a Commonwealth citizen of Schedule 3',
      codes: ['AU', 'CA', 'IN', 'NZ', 'ZA', 'TG'],
      group: 'commonwealth',
      passport: false,
    },
    {
      who: 'another nationality, a country that left Schedule 3 among them',
      codes: ['US', 'FR', 'DE', 'CN', 'GM'],
      group: 'other',
      passport: true,
    },
    { who: 'a stateless guest', codes: [STATELESS], group: 'stateless', passport: true },
  ])('asks $who for a passport or travel document: $passport', ({ codes, group, passport }) => {
    for (const code of codes) {
      expect(nationalityGroup(code), code).toBe(group);
      expect(needsPassport(code), code).toBe(passport);
    }
  });

  it('knows the 55 countries of Schedule 3, each a real ISO 3166-1 code', () => {
    expect(SCHEDULE_3_COMMONWEALTH.size).toBe(55);
    for (const code of SCHEDULE_3_COMMONWEALTH) expect(isNationality(code), code).toBe(true);
  });

  it('takes an ISO 3166-1 alpha-2 code or stateless, and nothing else', () => {
    expect(isNationality('FR')).toBe(true);
    expect(isNationality(STATELESS)).toBe(true);
    expect(isNationality('fr')).toBe(false);
    expect(isNationality('QQ')).toBe(false);
    expect(isNationality('FRA')).toBe(false);
  });
});
