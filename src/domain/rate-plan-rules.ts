import { daysBetween, type IsoDate } from './dates.ts';
import { formatLongDate } from './format.ts';
import {
  CLEANING_FEE_GBP,
  MIN_NIGHTS,
  SERVICE_FEE_PERCENT,
  WEEKDAY_RATE_GBP,
  WEEKEND_RATE_GBP,
} from './property.ts';
import type { DateOverride, RatePlan, Season } from './rate-plan.ts';

/**
 * The rules of the owner's rate plan (docs/decisions/013-rate-plan.md): a night's price, a stay's minimum, the
 * days closed to arrival or departure. The plan's shape has its home in rate-plan.ts, whose schemas need zod;
 * these rules need none, so the Book Now card's first view (its calendar and prices) takes them without zod
 * (docs/decisions/037-the-book-now-cards-first-view.md).
 */

/** Weekday numbers of the nights charged at the weekend rate: 0 = Sunday … 6 = Saturday. */
export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** The specification's figures (section 9): a fresh install prices exactly as before the plan existed. */
export const DEFAULT_RATE_PLAN: RatePlan = {
  weekdayPence: WEEKDAY_RATE_GBP * 100,
  weekendPence: WEEKEND_RATE_GBP * 100,
  weekendNights: [5, 6],
  cleaningFeePence: CLEANING_FEE_GBP * 100,
  serviceFeePercent: SERVICE_FEE_PERCENT,
  levy: null,
  seasons: [],
  overrides: [],
  discounts: [],
};

/** The plan's season for a night, if any. */
export function seasonOf(plan: RatePlan, night: IsoDate): Season | undefined {
  return plan.seasons.find((season) => night >= season.firstNight && night <= season.lastNight);
}

/** The plan's override for a night, if any. */
export function overrideOf(plan: RatePlan, night: IsoDate): DateOverride | undefined {
  return plan.overrides.find((override) => night >= override.firstNight && night <= override.lastNight);
}

/** The price of one night in pence: an override's price, else the season's rate, else the base rate. */
export function nightPrice(plan: RatePlan, night: IsoDate, weekend: boolean): number {
  const override = overrideOf(plan, night);
  if (override?.pricePence != null) return override.pricePence;
  const season = seasonOf(plan, night);
  if (season) return weekend ? season.weekendPence : season.weekdayPence;
  return weekend ? plan.weekendPence : plan.weekdayPence;
}

/** The fewest nights a stay starting on `checkIn` may have: its season's minimum, else the spec's 2. */
export function minNightsFor(plan: RatePlan, checkIn: IsoDate): { nights: number; season: Season | null } {
  const season = seasonOf(plan, checkIn);
  return season ? { nights: season.minNights, season } : { nights: MIN_NIGHTS, season: null };
}

export type PlanStayRule = 'too_few_nights' | 'closed_to_arrival' | 'closed_to_departure';

/** The Minimum Stay dialog's sentence for a stay starting on `checkIn` (the spec's, or naming the season). */
export function minimumStayMessage(plan: RatePlan, checkIn: IsoDate | null): string {
  const rule = checkIn ? minNightsFor(plan, checkIn) : { nights: MIN_NIGHTS, season: null };
  return rule.season
    ? `The Tower requires a minimum stay of ${rule.nights} nights for stays starting during ${rule.season.name}.`
    : `The Tower requires a minimum stay of ${rule.nights} nights for all bookings.`;
}

/**
 * The plan's own rules for a guest's stay (the fixed ones, 28 nights and the booking window, are in
 * stay-rules.ts): the minimum stay of the season the check-in falls in, and days closed to arrival or departure.
 */
export function planStayProblem(
  plan: RatePlan,
  stay: { checkIn: IsoDate; checkOut: IsoDate },
): { rule: PlanStayRule; message: string } | null {
  const nights = daysBetween(stay.checkIn, stay.checkOut);
  if (nights < minNightsFor(plan, stay.checkIn).nights)
    return { rule: 'too_few_nights', message: minimumStayMessage(plan, stay.checkIn) };
  if (overrideOf(plan, stay.checkIn)?.closedToArrival)
    return {
      rule: 'closed_to_arrival',
      message: `Stays cannot start on ${formatLongDate(stay.checkIn)}. Please choose a different check-in date.`,
    };
  if (overrideOf(plan, stay.checkOut)?.closedToDeparture)
    return {
      rule: 'closed_to_departure',
      message: `Stays cannot end on ${formatLongDate(stay.checkOut)}. Please choose a different check-out date.`,
    };
  return null;
}
