import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { PaymentPlan } from '../../../domain/payment-schedule.ts';
import { textOf } from '../../test/text-of.ts';
import { DamageHoldNote } from './damage-hold-note.tsx';
import { CONSENT_NEEDED, HOLD_CONSENT_NEEDED, missingConsent } from './use-booking-payment.ts';

const setting = { amountPence: 25_000, releaseDays: 2 };
const note = (stay: { checkIn: string; checkOut: string }, consent = false, asked = 0) =>
  renderToStaticMarkup(
    <DamageHoldNote
      setting={setting}
      stay={stay}
      consent={consent}
      onConsentChange={() => {}}
      asked={asked}
    />,
  );

describe("the booking card's damage deposit", () => {
  it('says before payment what is held for the chosen dates and when, and asks to save the card for it', () => {
    // 2 nights and 2 release days need more than one hold can be relied on for: it is placed again once.
    expect(textOf(note({ checkIn: '2027-03-04', checkOut: '2027-03-06' }))).toBe(
      'A damage deposit of £250 will be held on your card the day before you arrive: no money is taken. Banks let a hold last only a few days, so we will place it once more on Sunday 7 March 2027 (and release the first), and release it on Monday 8 March 2027 unless we find damage. I agree that my card is saved for the damage deposit of £250, held and released as described above.',
    );
  });

  it('says a long stay’s deposit is charged and refunded', () => {
    expect(textOf(note({ checkIn: '2027-03-04', checkOut: '2027-03-18' }))).toBe(
      'A damage deposit of £250 will be charged to your card the day before you arrive, because your stay is longer than a bank lets a hold last. It is refunded in full on Saturday 20 March 2027 unless we find damage. I agree that my card is saved for the damage deposit of £250, charged and refunded as described above.',
    );
  });

  it('says the agreement is needed once a payment button was pressed without it', () => {
    const stay = { checkIn: '2027-03-04', checkOut: '2027-03-06' };
    expect(note(stay, false, 1)).toContain(`role="alert"`);
    expect(textOf(note(stay, false, 1))).toContain(HOLD_CONSENT_NEEDED);
    expect(note(stay, true, 1)).not.toContain('role="alert"');
  });
});

describe('the agreements a payment needs', () => {
  const deposit = { kind: 'deposit' } as PaymentPlan;
  it('asks for the balance’s first, then the damage deposit’s, and nothing when neither applies', () => {
    expect(missingConsent({})).toBeNull();
    expect(missingConsent({ plan: deposit, damageHold: true })).toBe(CONSENT_NEEDED);
    expect(missingConsent({ plan: deposit, saveCardConsent: true, damageHold: true })).toBe(
      HOLD_CONSENT_NEEDED,
    );
    expect(missingConsent({ damageHold: true })).toBe(HOLD_CONSENT_NEEDED);
    expect(missingConsent({ damageHold: true, holdConsent: true })).toBeNull();
    expect(missingConsent({ plan: deposit, saveCardConsent: true })).toBeNull();
  });
});
