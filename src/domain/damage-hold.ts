import { addDays, type IsoDate, todayOnPropertyClock } from './dates.ts';
import { formatGbp, formatLongDate } from './format.ts';
import { CHECK_IN_TIME } from './property.ts';
import { propertyLocalInstant } from './property-clock.ts';

/**
 * When the damage deposit is held on the guest's saved card, and how, so that it covers the stay and the days
 * after check-out in which the owner may claim (docs/decisions/031-damage-deposit-hold.md).
 *
 * A hold is an authorisation without capture, made while the guest is away (merchant-initiated). The card
 * networks let such an authorisation live for a limited time; Visa's window is the shortest, 4 days and 18 hours
 * (Stripe, "Place a hold on a payment method": Visa shortened merchant-initiated authorisations to 5 days in April
 * 2024, exactly 4 days 18 hours to allow for clearing). Every plan is made for that window, whatever the card.
 */
export const HOLD_VALID_HOURS = 4 * 24 + 18;

/**
 * A hold is never relied on in its last hours: it is renewed, captured or released at least this long before it
 * would lapse (a job that runs late, a bank that answers slowly).
 */
export const HOLD_MARGIN_HOURS = 12;

/**
 * The hold is placed 30 hours before arrival (10:00 the day before a 16:00 check-in): before the arrival e-mail
 * 24 hours before, so the access code can wait for it, with a day left for a guest whose bank declines it.
 */
export const PLACE_HOURS_BEFORE_ARRIVAL = 30;

/** On the release day, what is not claimed is released at noon (after an 11:00 check-out on day 0). */
export const RELEASE_HOUR = 12;

/** At most this many days after check-out for a release (the owner's setting). */
export const MAX_RELEASE_DAYS = 14;

const HOUR_MS = 3_600_000;
const USABLE_MS = (HOLD_VALID_HOURS - HOLD_MARGIN_HOURS) * HOUR_MS;

export type DamageHoldPlan =
  /** One hold covers it all. */
  | { kind: 'hold'; placeAt: Date; releaseOn: IsoDate; releaseAt: Date }
  /** A hold, then a second one placed at `renewAt` (before the first lapses), which covers the rest. */
  | { kind: 'hold_renewed'; placeAt: Date; renewAt: Date; releaseOn: IsoDate; releaseAt: Date }
  /** Longer than two holds can cover: the deposit is charged, and refunded in full on the release day. */
  | { kind: 'charge'; placeAt: Date; releaseOn: IsoDate; releaseAt: Date };

/**
 * The plan for a stay: one hold when the stay and its release days fit in one hold's usable window, one renewal
 * when they fit in two, else a charge refunded automatically on the release day.
 */
export function planDamageHold(stay: {
  checkIn: IsoDate;
  checkOut: IsoDate;
  releaseDays: number;
}): DamageHoldPlan {
  const arrival = propertyLocalInstant(stay.checkIn, CHECK_IN_TIME.hour, CHECK_IN_TIME.minute);
  const placeAt = new Date(arrival.getTime() - PLACE_HOURS_BEFORE_ARRIVAL * HOUR_MS);
  const releaseOn = addDays(stay.checkOut, stay.releaseDays);
  const releaseAt = propertyLocalInstant(releaseOn, RELEASE_HOUR, 0);
  const needed = releaseAt.getTime() - placeAt.getTime();
  if (needed <= USABLE_MS) return { kind: 'hold', placeAt, releaseOn, releaseAt };
  if (needed <= 2 * USABLE_MS) {
    return {
      kind: 'hold_renewed',
      placeAt,
      renewAt: new Date(placeAt.getTime() + USABLE_MS),
      releaseOn,
      releaseAt,
    };
  }
  return { kind: 'charge', placeAt, releaseOn, releaseAt };
}

/** What the guest is told before paying and on their booking page, in plain words. */
export function describeDamageHold(plan: DamageHoldPlan, amountPence: number): string {
  const amount = formatGbp(amountPence);
  const release = formatLongDate(plan.releaseOn);
  switch (plan.kind) {
    case 'hold':
      return `A damage deposit of ${amount} will be held on your card the day before you arrive: no money is taken, and the hold is released on ${release} unless we find damage.`;
    case 'hold_renewed':
      return `A damage deposit of ${amount} will be held on your card the day before you arrive: no money is taken. Banks let a hold last only a few days, so we will place it once more on ${formatLongDate(todayOnPropertyClock(plan.renewAt))} (and release the first), and release it on ${release} unless we find damage.`;
    case 'charge':
      return `A damage deposit of ${amount} will be charged to your card the day before you arrive, because your stay is longer than a bank lets a hold last. It is refunded in full on ${release} unless we find damage.`;
  }
}
