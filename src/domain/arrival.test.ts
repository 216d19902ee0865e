import { describe, expect, it } from 'vitest';
import { EMPTY_GUEST } from './api/arrival.ts';
import { DEFAULT_ARRIVAL_SETTINGS, readinessOf, registerComplete } from './arrival.ts';

const british = { ...EMPTY_GUEST, fullName: 'Ada Guest', nationality: 'GB' };
const american = { ...EMPTY_GUEST, fullName: 'Sam Guest', nationality: 'US' };

describe('readinessOf', () => {
  const base = {
    settings: DEFAULT_ARRIVAL_SETTINGS,
    guests: [british, { ...EMPTY_GUEST, under16: true }],
    guestCount: 2,
    agreementVersion: 3,
    acceptedVersion: 2,
  };

  it('is ready when every required step is done; an earlier version’s acceptance counts', () => {
    expect(readinessOf(base)).toMatchObject({ ready: true, missing: [] });
  });

  it('asks for the register until each guest of the booking has what the nationality requires', () => {
    expect(readinessOf({ ...base, guests: [british] }).missing).toEqual(['register']);
    expect(readinessOf({ ...base, guests: [british, american] }).missing).toEqual(['register']);
    const withPassport = { ...american, passportNumber: '123', passportPlaceOfIssue: 'Boston' };
    expect(readinessOf({ ...base, guests: [british, withPassport] }).ready).toBe(true);
  });

  it('asks for the agreement only once the owner has written one, and nothing the owner does not require', () => {
    expect(readinessOf({ ...base, acceptedVersion: null }).missing).toEqual(['agreement']);
    expect(readinessOf({ ...base, acceptedVersion: null, agreementVersion: null }).ready).toBe(true);
    const none = { ...DEFAULT_ARRIVAL_SETTINGS, requireRegister: false, requireAgreement: false };
    expect(readinessOf({ ...base, settings: none, guests: [], acceptedVersion: null }).ready).toBe(true);
  });

  it('needs one guest of 16 or over', () => {
    expect(registerComplete([{ ...EMPTY_GUEST, under16: true }], 1)).toBe(false);
  });
});
