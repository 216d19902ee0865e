import type { ArrivalSettings, ArrivalStep, Readiness, RegisterGuest } from './api/arrival.ts';
import { isNationality, needsPassport } from './nationality.ts';

/**
 * Whether a stay is ready for its access code (docs/decisions/025-online-check-in.md): every step the owner
 * requires is done. The one rule the manage page, the arrival e-mail, the reminders and the owner's list read.
 */

/** A new install requires the register and the agreement, and holds nothing. */
export const DEFAULT_ARRIVAL_SETTINGS: ArrivalSettings = {
  requireRegister: true,
  requireAgreement: true,
  damageHoldPence: 0,
  releaseDays: 2,
};

/** One guest's entry holds all the Order asks for their nationality. */
export function guestComplete(guest: RegisterGuest): boolean {
  if (guest.under16) return true;
  if (guest.fullName.trim().length < 2 || !isNationality(guest.nationality)) return false;
  return (
    !needsPassport(guest.nationality) || (guest.passportNumber !== '' && guest.passportPlaceOfIssue !== '')
  );
}

/** The register is complete when every guest of the booking has a complete entry and one is 16 or over. */
export const registerComplete = (guests: RegisterGuest[], guestCount: number): boolean =>
  guests.length >= guestCount && guests.every(guestComplete) && guests.some((guest) => !guest.under16);

export function readinessOf(input: {
  settings: Pick<ArrivalSettings, 'requireRegister' | 'requireAgreement'>;
  guests: RegisterGuest[];
  guestCount: number;
  /** The agreement's current version; null when the owner has written none (there is nothing to accept). */
  agreementVersion: number | null;
  /** The version the guest accepted, if any: an acceptance of an older version still counts. */
  acceptedVersion: number | null;
  /**
   * The damage deposit (docs/decisions/031-damage-deposit-hold.md): required when the owner holds one, in place
   * once held or charged, and due once its time to be placed (30 hours before arrival) has come. Before that it is
   * not a step the guest can take, so it is not listed as missing, but the stay is not ready either.
   */
  hold?: { required: boolean; inPlace: boolean; due: boolean };
}): Readiness {
  const hold = input.hold ?? { required: false, inPlace: false, due: false };
  const required = {
    register: input.settings.requireRegister,
    agreement: input.settings.requireAgreement && input.agreementVersion !== null,
    hold: hold.required,
  };
  const done = {
    register: registerComplete(input.guests, input.guestCount),
    agreement: input.acceptedVersion !== null,
  };
  const missing: ArrivalStep[] = [];
  if (required.register && !done.register) missing.push('register');
  if (required.agreement && !done.agreement) missing.push('agreement');
  if (required.hold && !hold.inPlace && hold.due) missing.push('hold');
  return {
    required,
    registerComplete: done.register,
    agreementAccepted: done.agreement,
    holdInPlace: hold.inPlace,
    missing,
    ready: missing.length === 0 && (!required.hold || hold.inPlace),
  };
}
