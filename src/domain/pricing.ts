import { dayOfWeek, type IsoDate, nightsOf } from './dates.ts';
import { formatGbp } from './format.ts';
import type { AppliedPromo, RatePlan } from './rate-plan.ts';
import { DEFAULT_RATE_PLAN, nightPrice, seasonOf } from './rate-plan-rules.ts';

/** One night of a quote: its date, its price and where the price came from. */
export type QuoteNight = {
  date: IsoDate;
  pricePence: number;
  weekend: boolean;
  /** The season the night falls in, if any. */
  season: string | null;
  /** The owner set this night's price by a date override. */
  special: boolean;
};

/** Nights of the same kind and price, for the breakdown: '£225 × 2 weekday nights'. */
export type QuoteLine = {
  kind: 'weekday' | 'weekend' | 'special';
  season: string | null;
  pricePence: number;
  nights: number;
};

export type QuoteDiscount = {
  kind: 'length_of_stay' | 'promo';
  /** 'Stays of 7 nights or more (10 %)', 'Promo code SUMMER (£50 off)'. */
  label: string;
  amountPence: number;
};

/**
 * The price of a stay: what `/api/quote` answers, the browser shows and the payment charges. The first
 * fields are the original contract in whole pounds (spec section 7 and README; `accommodation` is the nights'
 * price after discounts); the rest itemise it in pence.
 * See docs/decisions/013-rate-plan.md.
 */
export type Quote = {
  nights: number;
  weekdayNights: number;
  weekendNights: number;
  /** The weekday and weekend rates that apply on the check-in night (its season's, else the base rates). */
  weekdayRate: number;
  weekendRate: number;
  accommodation: number;
  cleaningFee: number;
  serviceFee: number;
  total: number;
  currency: 'gbp';
  nightly: QuoteNight[];
  lines: QuoteLine[];
  /** The nights' prices before discounts. */
  nightsPence: number;
  discounts: QuoteDiscount[];
  discountPence: number;
  /** The nights' prices after discounts. */
  accommodationPence: number;
  cleaningFeePence: number;
  serviceFeePercent: number;
  serviceFeePence: number;
  /** The visitor levy, when it applies to any night of the stay. */
  levy: { percent: number; nights: number; pence: number } | null;
  levyPence: number;
  totalPence: number;
  /** The promo code applied, as the owner wrote it. */
  promoCode: string | null;
};

/** a / b rounded half up, for non-negative whole numbers. */
const divideHalfUp = (a: number, b: number) => Math.floor((2 * a + b) / (2 * b));
/** A percentage with at most two decimals as basis points (5 → 500, 7.5 → 750). */
const basisPoints = (percent: number) => Math.round(percent * 100);
const percentText = (percent: number) => `${percent} %`;

/**
 * What the visitor levy is charged on: the levied nights' share of the discounted accommodation, by their prices
 * (all of it when every night is levied). The levied nights are the last `leviedNights` of the stay (the levy
 * applies from its start date on). The quote and the levy return (src/domain/levy-return.ts) both use it.
 */
export function leviedAccommodationPence(
  nightPrices: number[],
  leviedNights: number,
  accommodationPence: number,
): number {
  if (leviedNights <= 0) return 0;
  if (leviedNights >= nightPrices.length) return accommodationPence;
  const nightsPence = nightPrices.reduce((sum, price) => sum + price, 0);
  const leviedPence = nightPrices
    .slice(nightPrices.length - leviedNights)
    .reduce((sum, price) => sum + price, 0);
  return nightsPence === 0 ? 0 : divideHalfUp(accommodationPence * leviedPence, nightsPence);
}

/**
 * The one quote function: prices the nights [checkIn, checkOut) by the plan — a date override's
 * price, else the season's weekday or weekend rate, else the base rates — then takes off the best
 * length-of-stay discount and the promo code (on what is left), adds the cleaning fee, the service fee (a
 * percentage of the discounted accommodation, rounded half up to the whole pound, as the spec has it) and the
 * visitor levy (its percentage of the discounted accommodation of the nights from its start date, to the penny).
 * Pure and in pence; the promo code must already have been found valid (promoProblem).
 * See docs/decisions/013-rate-plan.md.
 */
export function priceStay(
  stay: { checkIn: IsoDate; checkOut: IsoDate },
  plan: RatePlan,
  promo?: AppliedPromo | null,
): Quote {
  const weekendDays = new Set(plan.weekendNights);
  const nightly: QuoteNight[] = nightsOf(stay.checkIn, stay.checkOut).map((date) => {
    const weekend = weekendDays.has(dayOfWeek(date));
    const season = seasonOf(plan, date);
    const pricePence = nightPrice(plan, date, weekend);
    const special = plan.overrides.some(
      (override) => override.pricePence !== null && date >= override.firstNight && date <= override.lastNight,
    );
    return { date, pricePence, weekend, season: season?.name ?? null, special };
  });

  const lines: QuoteLine[] = [];
  for (const night of nightly) {
    const kind = night.special ? 'special' : night.weekend ? 'weekend' : 'weekday';
    const season = night.special ? null : night.season;
    const line = lines.find(
      (one) => one.kind === kind && one.season === season && one.pricePence === night.pricePence,
    );
    if (line) line.nights++;
    else lines.push({ kind, season, pricePence: night.pricePence, nights: 1 });
  }

  const nightsPence = nightly.reduce((sum, night) => sum + night.pricePence, 0);
  const discounts: QuoteDiscount[] = [];
  const lengthDiscount = plan.discounts
    .filter((discount) => nightly.length >= discount.minNights)
    .sort((a, b) => b.minNights - a.minNights)[0];
  let remaining = nightsPence;
  if (lengthDiscount && nightsPence > 0) {
    const amountPence = divideHalfUp(nightsPence * basisPoints(lengthDiscount.percent), 10_000);
    discounts.push({
      kind: 'length_of_stay',
      label: `Stays of ${lengthDiscount.minNights} nights or more (${percentText(lengthDiscount.percent)} off)`,
      amountPence,
    });
    remaining -= amountPence;
  }
  if (promo && remaining > 0) {
    const amountPence =
      promo.kind === 'percent'
        ? divideHalfUp(remaining * basisPoints(promo.percent ?? 0), 10_000)
        : Math.min(promo.amountPence ?? 0, remaining);
    const off =
      promo.kind === 'percent' ? percentText(promo.percent ?? 0) : formatGbp(promo.amountPence ?? 0);
    discounts.push({ kind: 'promo', label: `Promo code ${promo.code} (${off} off)`, amountPence });
    remaining -= amountPence;
  }
  const accommodationPence = remaining;
  const discountPence = nightsPence - accommodationPence;

  const cleaningFeePence = nightly.length > 0 ? plan.cleaningFeePence : 0;
  const serviceFeePence =
    divideHalfUp(accommodationPence * basisPoints(plan.serviceFeePercent), 10_000 * 100) * 100;

  let levy: Quote['levy'] = null;
  const levyPlan = plan.levy;
  if (levyPlan) {
    const levied = nightly.filter((night) => night.date >= levyPlan.startDate);
    if (levied.length > 0) {
      const base = leviedAccommodationPence(
        nightly.map((night) => night.pricePence),
        levied.length,
        accommodationPence,
      );
      levy = {
        percent: levyPlan.percent,
        nights: levied.length,
        pence: divideHalfUp(base * basisPoints(levyPlan.percent), 10_000),
      };
    }
  }
  const levyPence = levy?.pence ?? 0;
  const totalPence = accommodationPence + cleaningFeePence + serviceFeePence + levyPence;

  const checkInSeason = nightly.length > 0 ? seasonOf(plan, stay.checkIn) : undefined;
  const weekendNights = nightly.filter((night) => night.weekend).length;
  return {
    nights: nightly.length,
    weekdayNights: nightly.length - weekendNights,
    weekendNights,
    weekdayRate: (checkInSeason?.weekdayPence ?? plan.weekdayPence) / 100,
    weekendRate: (checkInSeason?.weekendPence ?? plan.weekendPence) / 100,
    accommodation: accommodationPence / 100,
    cleaningFee: cleaningFeePence / 100,
    serviceFee: serviceFeePence / 100,
    total: totalPence / 100,
    currency: 'gbp',
    nightly,
    lines,
    nightsPence,
    discounts,
    discountPence,
    accommodationPence,
    cleaningFeePence,
    serviceFeePercent: plan.serviceFeePercent,
    serviceFeePence,
    levy,
    levyPence,
    totalPence,
    promoCode: promo?.code ?? null,
  };
}

/** The specification's prices (the default plan): for the spec's figures, tests and benchmarks. */
export function quoteStay(checkIn: IsoDate, checkOut: IsoDate): Quote {
  return priceStay({ checkIn, checkOut }, DEFAULT_RATE_PLAN);
}

export const poundsToPence = (pounds: number) => Math.round(pounds * 100);

/** '3 nights', '2 weekday nights', '1 night'. */
export const nightsText = (count: number, kind = '') =>
  `${count} ${kind ? `${kind} ` : ''}${count === 1 ? 'night' : 'nights'}`;

/**
 * A line of a quote as the guest reads it, on the booking page and on a receipt: '£225 × 2 weekday nights',
 * '£450 × 2 weekday nights (Open week)', '£600 × 1 night (special price)'.
 */
export function quoteLineText(line: QuoteLine): string {
  const price = formatGbp(line.pricePence);
  if (line.kind === 'special') return `${price} × ${nightsText(line.nights)} (special price)`;
  return `${price} × ${nightsText(line.nights, line.kind)}${line.season ? ` (${line.season})` : ''}`;
}

/** A quote's money in pence, as a booking stores it. */
export function quotePence(quote: Quote) {
  return {
    accommodationPence: quote.accommodationPence,
    cleaningFeePence: quote.cleaningFeePence,
    serviceFeePence: quote.serviceFeePence,
    levyPence: quote.levyPence,
    discountPence: quote.discountPence,
    totalPence: quote.totalPence,
  };
}
