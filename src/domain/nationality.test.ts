import { describe, expect, it } from 'vitest';
import {
  isNationality,
  nationalityGroup,
  needsPassport,
  SCHEDULE_3_COMMONWEALTH,
  STATELESS,
} from './nationality.ts';

describe('the guest register’s nationality rule', () => {
  it('asks a British citizen, from the UK, a Crown Dependency or an overseas territory, for no passport', () => {
    for (const code of ['GB', 'JE', 'IM', 'GI', 'BM']) {
      expect(nationalityGroup(code)).toBe('british');
      expect(needsPassport(code)).toBe(false);
    }
  });

  it('asks an Irish citizen for no passport', () => {
    expect(nationalityGroup('IE')).toBe('irish');
    expect(needsPassport('IE')).toBe(false);
  });

  it('asks a Commonwealth citizen of Schedule 3 for no passport', () => {
    for (const code of ['AU', 'CA', 'IN', 'NZ', 'ZA', 'TG']) {
      expect(nationalityGroup(code)).toBe('commonwealth');
      expect(needsPassport(code)).toBe(false);
    }
  });

  it('asks another nationality, a country that left Schedule 3 among them, for the passport', () => {
    for (const code of ['US', 'FR', 'DE', 'CN', 'GM']) {
      expect(nationalityGroup(code)).toBe('other');
      expect(needsPassport(code)).toBe(true);
    }
  });

  it('asks a stateless guest for their travel document', () => {
    expect(nationalityGroup(STATELESS)).toBe('stateless');
    expect(needsPassport(STATELESS)).toBe(true);
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
