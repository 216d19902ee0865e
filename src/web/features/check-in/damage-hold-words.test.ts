import { describe, expect, it } from 'vitest';
import type { DamageHoldView } from '../../../domain/api/damage-holds.ts';
import { guestHoldStatus } from './damage-hold-words.ts';

const hold: DamageHoldView = {
  amountPence: 25_000,
  kind: 'hold',
  description: 'A damage deposit of £250 will be held on your card the day before you arrive…',
  status: 'planned',
  // 10:00 in Aberdeen the day before a 16:00 check-in on Thursday 4 March 2027; noon on Monday 8 March.
  placeAt: '2027-03-03T10:00:00.000Z',
  releaseAt: '2027-03-08T12:00:00.000Z',
  claimedPence: null,
  claimReason: null,
};

describe("the guest's words for where the damage deposit stands", () => {
  it('says when a planned hold or charge is placed, on the property’s day', () => {
    expect(guestHoldStatus(hold)).toBe(
      'Nothing is held yet: it is held on your card on Wednesday 3 March 2027.',
    );
    expect(guestHoldStatus({ ...hold, kind: 'charge' })).toBe(
      'Nothing is charged yet: it is charged to your card on Wednesday 3 March 2027.',
    );
  });

  it('says that no money is taken while held, and when it is released or refunded', () => {
    expect(guestHoldStatus({ ...hold, status: 'held' })).toBe(
      'Held on your card: no money has been taken. It is released on Monday 8 March 2027 unless we find damage.',
    );
    expect(guestHoldStatus({ ...hold, kind: 'charge', status: 'charged' })).toBe(
      'Charged to your card. It is refunded in full on Monday 8 March 2027 unless we find damage.',
    );
  });

  it('asks for the authorisation a bank wanted, and says what the owner took', () => {
    expect(guestHoldStatus({ ...hold, status: 'needs_authorisation' })).toBe(
      'Your bank declined the deposit or asks you to confirm it. Please authorise it with your card.',
    );
    expect(
      guestHoldStatus({ ...hold, status: 'claimed', claimedPence: 8_050, claimReason: 'A broken lamp.' }),
    ).toBe('We took £80.50 from the deposit; the rest was released.');
    expect(guestHoldStatus({ ...hold, status: 'released' })).toBe('Released: nothing was taken.');
    expect(guestHoldStatus({ ...hold, kind: 'charge', status: 'refunded' })).toBe(
      'Refunded in full: nothing was kept.',
    );
  });
});
