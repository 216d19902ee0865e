import type { DamageHoldView } from '../../../domain/api/damage-holds.ts';
import { todayOnPropertyClock } from '../../../domain/dates.ts';
import { formatGbp, formatLongDate } from '../../../domain/format.ts';

/** The day of an instant on the property's clock, in words: 'Thursday 3 December 2026'. */
export const dayOf = (iso: string) => formatLongDate(todayOnPropertyClock(new Date(iso)));

/**
 * Where the guest's damage deposit stands, in plain words under the plan's own description
 * (docs/decisions/031-damage-deposit-hold.md).
 */
export function guestHoldStatus(hold: DamageHoldView): string {
  const charge = hold.kind === 'charge';
  switch (hold.status) {
    case 'planned':
      return `Nothing is ${charge ? 'charged' : 'held'} yet: it is ${charge ? 'charged to' : 'held on'} your card on ${dayOf(hold.placeAt)}.`;
    case 'held':
      return `Held on your card: no money has been taken. It is released on ${dayOf(hold.releaseAt)} unless we find damage.`;
    case 'charged':
      return `Charged to your card. It is refunded in full on ${dayOf(hold.releaseAt)} unless we find damage.`;
    case 'needs_authorisation':
      return 'Your bank declined the deposit or asks you to confirm it. Please authorise it with your card.';
    case 'released':
      return 'Released: nothing was taken.';
    case 'refunded':
      return 'Refunded in full: nothing was kept.';
    case 'claimed':
      return `We took ${formatGbp(hold.claimedPence ?? 0)} from the deposit; the rest was ${charge ? 'refunded' : 'released'}.`;
  }
}
