import { z } from 'zod';
import { type IsoDate, isIsoDate } from './dates.ts';
import { formatDayMonthYear } from './format.ts';
import { textField } from './input-fields.ts';
import { MAX_NIGHTS, MAX_PAYMENT_GBP, MIN_NIGHTS } from './property.ts';

/**
 * The owner's rate plan: base rates, seasons, date overrides, length-of-stay discounts and the visitor
 * levy, in pence. One schema checks it wherever it is written (the admin's routes) and read (the browser), so a
 * plan that breaks a rule (overlapping seasons, a negative price) never reaches the quote function
 * (pricing.ts). Promo codes live beside the plan (their uses are counted against bookings): see
 * PromoCodeInputSchema. The plan's rules (a night's price, a stay's minimum, the default plan) are in
 * rate-plan-rules.ts, which needs no zod.
 * See docs/decisions/013-rate-plan.md.
 */

/** The earliest day a visitor levy may start: Aberdeen's levy cannot apply before 1 April 2027. */
export const LEVY_EARLIEST_START: IsoDate = '2027-04-01';
/** The highest nightly price or fee the owner may set, in pence: a stay's total must stay payable. */
export const MAX_PRICE_PENCE = Math.floor((MAX_PAYMENT_GBP * 100) / (MAX_NIGHTS + 2));

/** Money in pence: a whole number, never negative, never beyond what one night may cost. */
const pence = (what: string) =>
  z
    .number({ error: `Give ${what} in pounds.` })
    .int(`${what[0]!.toUpperCase()}${what.slice(1)} must be whole pence.`)
    .min(0, `${what[0]!.toUpperCase()}${what.slice(1)} cannot be negative.`)
    .max(
      MAX_PRICE_PENCE,
      `${what[0]!.toUpperCase()}${what.slice(1)} can be at most £${MAX_PRICE_PENCE / 100}.`,
    );

/** A percentage with at most two decimals, from `min` to `max`. */
const percent = (what: string, range: { min: number; max: number; above?: boolean }) => {
  const name = `${what[0]!.toUpperCase()}${what.slice(1)}`;
  return z
    .number({ error: `Give ${what} as a percentage.` })
    .refine(
      (value) =>
        Number.isInteger(Math.round(value * 100)) && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6,
      {
        message: `${name} can have at most two decimals.`,
      },
    )
    .refine((value) => (range.above ? value > range.min : value >= range.min), {
      message: range.above ? `${name} must be more than ${range.min} %.` : `${name} cannot be negative.`,
    })
    .refine((value) => value <= range.max, { message: `${name} can be at most ${range.max} %.` });
};

const day = (what: string) =>
  z
    .string({ error: `Give the ${what}.` })
    .max(10, `The ${what} must be a date.`)
    .refine(isIsoDate, { message: `The ${what} must be a real date.` });

const id = () => textField().trim().min(1).max(40);
const name = () =>
  textField()
    .trim()
    .min(1, 'Give the season a name, e.g. Open week.')
    .max(80, 'A season name can be at most 80 characters.');

const nightsRange = <T extends { firstNight: string; lastNight: string }>(value: T) =>
  value.lastNight >= value.firstNight;
const RANGE_ORDER = { message: 'The last night cannot be before the first night.', path: ['lastNight'] };

export const SeasonInputSchema = z
  .object({
    name: name(),
    firstNight: day('first night'),
    lastNight: day('last night'),
    weekdayPence: pence('the weekday price'),
    weekendPence: pence('the weekend price'),
    minNights: z
      .number({ error: 'Give the minimum stay in nights.' })
      .int('The minimum stay must be a whole number of nights.')
      .min(MIN_NIGHTS, `The minimum stay must be at least ${MIN_NIGHTS} nights.`)
      .max(MAX_NIGHTS, `The minimum stay can be at most ${MAX_NIGHTS} nights.`),
  })
  .refine(nightsRange, RANGE_ORDER);
export const SeasonSchema = z.intersection(z.object({ id: id() }), SeasonInputSchema);
export type Season = z.infer<typeof SeasonSchema>;

export const DateOverrideInputSchema = z
  .object({
    firstNight: day('first night'),
    lastNight: day('last night'),
    /** The price of each of these nights; null keeps the season's or base price. */
    pricePence: pence('the price').nullable(),
    /** No stay may start on these days. */
    closedToArrival: z.boolean(),
    /** No stay may end on these days. */
    closedToDeparture: z.boolean(),
    note: textField().trim().max(200, 'A note can be at most 200 characters.').default(''),
  })
  .refine(nightsRange, RANGE_ORDER)
  .refine((value) => value.pricePence !== null || value.closedToArrival || value.closedToDeparture, {
    message: 'Give a price, or close the days to arrival or departure.',
    path: ['pricePence'],
  });
export const DateOverrideSchema = z.intersection(z.object({ id: id() }), DateOverrideInputSchema);
export type DateOverride = z.infer<typeof DateOverrideSchema>;

export const StayDiscountInputSchema = z.object({
  minNights: z
    .number({ error: 'Give the number of nights.' })
    .int('The number of nights must be a whole number.')
    .min(MIN_NIGHTS, `A discount starts at ${MIN_NIGHTS} nights or more.`)
    .max(MAX_NIGHTS, `A stay is at most ${MAX_NIGHTS} nights.`),
  percent: percent('the discount', { min: 0, max: 90, above: true }),
});
export const StayDiscountSchema = z.intersection(z.object({ id: id() }), StayDiscountInputSchema);
export type StayDiscount = z.infer<typeof StayDiscountSchema>;

/** The address of one season, date override or discount of the plan: its id. */
export const RatePlanItemParamsSchema = z.object({ id: textField().min(1).max(100) });
/** The address of one promo code: its number. */
export const PromoCodeParamsSchema = z.object({
  id: z.coerce.number({ error: 'id must be a number' }).int().min(1).max(2_147_483_647),
});

export const VisitorLevySchema = z.object({
  percent: percent('the visitor levy', { min: 0, max: 20, above: true }),
  startDate: day('levy start date').refine((value) => value >= LEVY_EARLIEST_START, {
    message: 'The visitor levy cannot start before 1 April 2027, the earliest day Aberdeen’s levy can apply.',
  }),
});

/** The base of the plan: what every night costs outside seasons and overrides, and the fees. */
export const BaseRatesSchema = z.object({
  weekdayPence: pence('the weekday price'),
  weekendPence: pence('the weekend price'),
  weekendNights: z
    .array(z.number().int().min(0).max(6), { error: 'Choose the weekend nights.' })
    .max(7)
    .refine((days) => new Set(days).size === days.length, { message: 'Each weekend night once.' }),
  cleaningFeePence: pence('the cleaning fee'),
  serviceFeePercent: percent('the service fee', { min: 0, max: 25 }),
  levy: VisitorLevySchema.nullable(),
});

/** Nights from `firstNight` to `lastNight`, both included (a season, a date override). */
type NightRange = { firstNight: string; lastNight: string };

function rangesOverlap(a: NightRange, b: NightRange) {
  return a.firstNight <= b.lastNight && b.firstNight <= a.lastNight;
}

/** "12 Jul 2027 – 19 Jul 2027" */
export const formatNights = (range: NightRange) =>
  range.firstNight === range.lastNight
    ? formatDayMonthYear(range.firstNight)
    : `${formatDayMonthYear(range.firstNight)} – ${formatDayMonthYear(range.lastNight)}`;

/** The whole plan, with the rules between its parts: no overlapping seasons or overrides, one discount per length. */
export const RatePlanSchema = BaseRatesSchema.extend({
  seasons: z.array(SeasonSchema).max(200),
  overrides: z.array(DateOverrideSchema).max(1000),
  discounts: z.array(StayDiscountSchema).max(28),
}).superRefine((plan, context) => {
  /** Each range of `list` that overlaps an earlier one is refused, with `message` naming both. */
  function refuseOverlaps<T extends NightRange>(
    list: T[],
    key: 'seasons' | 'overrides',
    message: (range: T, earlier: T) => string,
  ) {
    list.forEach((range, index) => {
      const earlier = list.slice(0, index).find((one) => rangesOverlap(one, range));
      if (earlier) context.addIssue({ code: 'custom', path: [key, index], message: message(range, earlier) });
    });
  }
  refuseOverlaps(
    plan.seasons,
    'seasons',
    (season, other) =>
      `Seasons cannot overlap: ${season.name} (${formatNights(season)}) overlaps ${other.name} (${formatNights(other)}).`,
  );
  refuseOverlaps(
    plan.overrides,
    'overrides',
    (override, other) =>
      `Date overrides cannot overlap: ${formatNights(override)} overlaps ${formatNights(other)}. Edit that one instead.`,
  );
  plan.discounts.forEach((discount, index) => {
    if (plan.discounts.slice(0, index).some((earlier) => earlier.minNights === discount.minNights))
      context.addIssue({
        code: 'custom',
        path: ['discounts', index],
        message: `There is already a discount for stays of ${discount.minNights} nights or more.`,
      });
  });
});
export type RatePlan = z.infer<typeof RatePlanSchema>;

/* ---------- Promo codes ---------- */

export const PROMO_KINDS = ['percent', 'fixed'] as const;

/** What the owner enters for a promo code; the code is kept as typed and matched without regard to case. */
export const PromoCodeInputSchema = z
  .object({
    code: textField()
      .trim()
      .min(3, 'A promo code needs at least 3 characters.')
      .max(40, 'A promo code can be at most 40 characters.')
      .regex(/^[A-Za-z0-9_-]+$/, 'A promo code may contain only letters, digits, - and _.'),
    kind: z.enum(PROMO_KINDS, { error: 'Choose a percentage or a fixed amount off.' }),
    /** kind 'percent': the share of the accommodation taken off. */
    percent: percent('the promo discount', { min: 0, max: 100, above: true }).nullable().default(null),
    /** kind 'fixed': pence off the accommodation (never more than it). */
    amountPence: pence('the amount off').nullable().default(null),
    /** The days the code may be used on (booking day, property's clock); null: no limit. */
    bookFrom: day('first booking day').nullable().default(null),
    bookTo: day('last booking day').nullable().default(null),
    /** Check-in must fall in these days; null: no limit. */
    stayFrom: day('first check-in day').nullable().default(null),
    stayTo: day('last check-in day').nullable().default(null),
    maxUses: z
      .number({ error: 'Give the number of uses, or leave it empty.' })
      .int('The number of uses must be a whole number.')
      .min(1, 'A code must allow at least 1 use.')
      .max(100_000, 'At most 100,000 uses.')
      .nullable()
      .default(null),
    active: z.boolean().default(true),
  })
  .refine((value) => value.kind !== 'percent' || value.percent !== null, {
    message: 'Give the percentage off.',
    path: ['percent'],
  })
  .refine((value) => value.kind !== 'fixed' || (value.amountPence !== null && value.amountPence > 0), {
    message: 'Give the amount off in pounds.',
    path: ['amountPence'],
  })
  .refine((value) => !value.bookFrom || !value.bookTo || value.bookTo >= value.bookFrom, {
    message: 'The last booking day cannot be before the first.',
    path: ['bookTo'],
  })
  .refine((value) => !value.stayFrom || !value.stayTo || value.stayTo >= value.stayFrom, {
    message: 'The last check-in day cannot be before the first.',
    path: ['stayTo'],
  });
export type PromoCodeFields = z.output<typeof PromoCodeInputSchema>;

/** A stored promo code and how many bookings (confirmed, or holding their nights) use it. */
export type PromoCode = PromoCodeFields & { id: number; uses: number };

/** What the quote function needs of a promo code that was found valid. */
export type AppliedPromo = Pick<PromoCode, 'code' | 'kind' | 'percent' | 'amountPence'>;

/** Codes are matched without regard to case or surrounding spaces. */
export const normalisePromoCode = (code: string) => code.trim().toUpperCase();

export type PromoProblem = 'unknown' | 'inactive' | 'not_yet' | 'expired' | 'stay_outside' | 'used_up';

/**
 * Why a promo code cannot be used for this stay today, as a sentence for the guest; null when it can. `uses`
 * counts the other bookings that hold or used it.
 */
export function promoProblem(
  promo: PromoCode | null,
  stay: { checkIn: IsoDate },
  today: IsoDate,
): { problem: PromoProblem; message: string } | null {
  if (!promo) return { problem: 'unknown', message: 'We do not recognise that promo code. Please check it.' };
  const code = promo.code;
  if (!promo.active)
    return { problem: 'inactive', message: `The promo code ${code} is no longer available.` };
  if (promo.bookFrom && today < promo.bookFrom)
    return {
      problem: 'not_yet',
      message: `The promo code ${code} can be used from ${formatDayMonthYear(promo.bookFrom)}.`,
    };
  if (promo.bookTo && today > promo.bookTo)
    return {
      problem: 'expired',
      message: `The promo code ${code} expired on ${formatDayMonthYear(promo.bookTo)}.`,
    };
  if ((promo.stayFrom && stay.checkIn < promo.stayFrom) || (promo.stayTo && stay.checkIn > promo.stayTo)) {
    const window =
      promo.stayFrom && promo.stayTo
        ? `between ${formatDayMonthYear(promo.stayFrom)} and ${formatDayMonthYear(promo.stayTo)}`
        : promo.stayFrom
          ? `from ${formatDayMonthYear(promo.stayFrom)}`
          : `until ${formatDayMonthYear(promo.stayTo!)}`;
    return {
      problem: 'stay_outside',
      message: `The promo code ${code} is for stays starting ${window}.`,
    };
  }
  if (promo.maxUses !== null && promo.uses >= promo.maxUses)
    return { problem: 'used_up', message: `The promo code ${code} has been used up.` };
  return null;
}
