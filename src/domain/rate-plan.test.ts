import { describe, expect, it } from 'vitest';
import { priceStay, quoteStay } from './pricing.ts';
import {
  type PromoCode,
  PromoCodeInputSchema,
  promoProblem,
  type RatePlan,
  RatePlanSchema,
} from './rate-plan.ts';
import { DEFAULT_RATE_PLAN, minimumStayMessage, planStayProblem } from './rate-plan-rules.ts';

const plan = (changes: Partial<RatePlan> = {}): RatePlan => ({ ...DEFAULT_RATE_PLAN, ...changes });
const stay = (checkIn: string, checkOut: string) => ({ checkIn, checkOut });

const OPEN_WEEK = {
  id: 'open',
  name: 'Open week',
  firstNight: '2027-07-12',
  lastNight: '2027-07-18',
  weekdayPence: 45_000,
  weekendPence: 50_000,
  minNights: 4,
};

describe('the default plan', () => {
  it('gives the specification’s figures: £914 Thursday–Sunday, £573 for two weekday nights', () => {
    expect(priceStay(stay('2027-03-04', '2027-03-07'), DEFAULT_RATE_PLAN)).toMatchObject({
      totalPence: 91_400,
      total: 914,
      accommodationPence: 77_500,
      serviceFeePence: 3_900,
      cleaningFeePence: 10_000,
      levyPence: 0,
      discounts: [],
    });
    expect(priceStay(stay('2027-03-01', '2027-03-03'), DEFAULT_RATE_PLAN).totalPence).toBe(57_300);
    expect(quoteStay('2027-03-01', '2027-03-03').total).toBe(573);
  });

  it('is a valid plan', () => {
    expect(RatePlanSchema.safeParse(DEFAULT_RATE_PLAN).success).toBe(true);
  });
});

describe('priceStay', () => {
  it('itemises every night with its price and groups them into lines', () => {
    const quote = priceStay(stay('2027-03-04', '2027-03-07'), DEFAULT_RATE_PLAN);
    expect(quote.nightly.map((night) => [night.date, night.pricePence, night.weekend])).toEqual([
      ['2027-03-04', 22_500, false],
      ['2027-03-05', 27_500, true],
      ['2027-03-06', 27_500, true],
    ]);
    expect(quote.lines).toEqual([
      { kind: 'weekday', season: null, pricePence: 22_500, nights: 1 },
      { kind: 'weekend', season: null, pricePence: 27_500, nights: 2 },
    ]);
  });

  it('charges the base rates the owner sets, and the nights they count as weekend', () => {
    const quote = priceStay(
      stay('2027-03-04', '2027-03-07'),
      plan({ weekdayPence: 20_000, weekendPence: 30_000, weekendNights: [4, 5] }),
    );
    // Thursday and Friday at the weekend rate, Saturday at the weekday rate.
    expect(quote.nightsPence).toBe(80_000);
    expect(quote.weekendNights).toBe(2);
  });

  it('uses a season’s rates on its nights, across a season boundary inside a stay', () => {
    const quote = priceStay(stay('2027-07-10', '2027-07-14'), plan({ seasons: [OPEN_WEEK] }));
    // Sat 10 (base weekend), Sun 11 (base weekday), Mon 12 and Tue 13 (Open week weekday).
    expect(quote.nightly.map((night) => night.pricePence)).toEqual([27_500, 22_500, 45_000, 45_000]);
    expect(quote.nightly.map((night) => night.season)).toEqual([null, null, 'Open week', 'Open week']);
    expect(quote.lines).toContainEqual({
      kind: 'weekday',
      season: 'Open week',
      pricePence: 45_000,
      nights: 2,
    });
    expect(quote.nightsPence).toBe(140_000);
    expect(quote.weekdayRate).toBe(225); // the check-in night's rates
  });

  it('gives an override’s price on a weekend night, over the season’s', () => {
    const override = {
      id: 'o',
      firstNight: '2027-07-17',
      lastNight: '2027-07-17',
      pricePence: 60_000,
      closedToArrival: false,
      closedToDeparture: false,
      note: '',
    };
    const quote = priceStay(
      stay('2027-07-15', '2027-07-19'),
      plan({ seasons: [OPEN_WEEK], overrides: [override] }),
    );
    // Thu 15 weekday 450, Fri 16 weekend 500, Sat 17 override 600, Sun 18 weekday 450.
    expect(quote.nightly.map((night) => night.pricePence)).toEqual([45_000, 50_000, 60_000, 45_000]);
    expect(quote.nightly[2]).toMatchObject({ special: true, weekend: true });
    expect(quote.lines).toContainEqual({ kind: 'special', season: null, pricePence: 60_000, nights: 1 });
  });

  it('an override that only closes days keeps the night’s price', () => {
    const override = {
      id: 'o',
      firstNight: '2027-03-05',
      lastNight: '2027-03-05',
      pricePence: null,
      closedToArrival: true,
      closedToDeparture: false,
      note: '',
    };
    expect(priceStay(stay('2027-03-04', '2027-03-07'), plan({ overrides: [override] })).totalPence).toBe(
      91_400,
    );
  });

  it('takes the best length-of-stay discount the stay reaches off the accommodation', () => {
    const discounts = [
      { id: 'a', minNights: 7, percent: 10 },
      { id: 'b', minNights: 28, percent: 25 },
    ];
    const six = priceStay(stay('2027-03-01', '2027-03-07'), plan({ discounts }));
    expect(six.discounts).toEqual([]);
    const seven = priceStay(stay('2027-03-01', '2027-03-08'), plan({ discounts }));
    // 5 × 225 + 2 × 275 = 1,675; 10 % off = 167.50; accommodation 1,507.50; fee 5 % = 75.375 → £75.
    expect(seven.nightsPence).toBe(167_500);
    expect(seven.discounts).toEqual([
      { kind: 'length_of_stay', label: 'Stays of 7 nights or more (10 % off)', amountPence: 16_750 },
    ]);
    expect(seven.accommodationPence).toBe(150_750);
    expect(seven.serviceFeePence).toBe(7_500);
    expect(seven.totalPence).toBe(150_750 + 10_000 + 7_500);
    const month = priceStay(stay('2027-03-01', '2027-03-29'), plan({ discounts }));
    expect(month.discounts[0]?.label).toContain('28 nights');
    expect(month.discountPence).toBe(Math.round(month.nightsPence / 4));
  });

  it('applies a percentage promo code after the length-of-stay discount', () => {
    const discounts = [{ id: 'a', minNights: 7, percent: 10 }];
    const quote = priceStay(stay('2027-03-01', '2027-03-08'), plan({ discounts }), {
      code: 'Golf15',
      kind: 'percent',
      percent: 15,
      amountPence: null,
    });
    // 1,675 − 167.50 = 1,507.50; 15 % of that = 226.125 → 226.13; left 1,281.37.
    expect(quote.discounts.map((discount) => discount.amountPence)).toEqual([16_750, 22_613]);
    expect(quote.discounts[1]?.label).toBe('Promo code Golf15 (15 % off)');
    expect(quote.accommodationPence).toBe(128_137);
    expect(quote.discountPence).toBe(39_363);
    expect(quote.serviceFeePence).toBe(6_400); // 64.07 → £64
    expect(quote.totalPence).toBe(128_137 + 10_000 + 6_400);
    expect(quote.promoCode).toBe('Golf15');
  });

  it('takes a fixed promo amount off, never more than the accommodation', () => {
    const fixed = (amountPence: number) =>
      priceStay(stay('2027-03-01', '2027-03-03'), DEFAULT_RATE_PLAN, {
        code: 'TAKE',
        kind: 'fixed',
        percent: null,
        amountPence,
      });
    expect(fixed(5_000)).toMatchObject({
      accommodationPence: 40_000,
      serviceFeePence: 2_000,
      totalPence: 52_000,
    });
    expect(fixed(5_000).discounts[0]?.label).toBe('Promo code TAKE (£50 off)');
    expect(fixed(1_000_000)).toMatchObject({
      accommodationPence: 0,
      discountPence: 45_000,
      totalPence: 10_000,
    });
  });

  it('adds the visitor levy as its own line, on the accommodation after discounts', () => {
    const levy = { percent: 7, startDate: '2027-04-01' };
    const quote = priceStay(stay('2027-05-06', '2027-05-09'), plan({ levy }));
    // 775 × 7 % = 54.25
    expect(quote.levy).toEqual({ percent: 7, nights: 3, pence: 5_425 });
    expect(quote.totalPence).toBe(91_400 + 5_425);
    const before = priceStay(stay('2027-03-04', '2027-03-07'), plan({ levy }));
    expect(before.levy).toBeNull();
    expect(before.totalPence).toBe(91_400);
  });

  it('levies only the nights from its start date when it starts mid-stay', () => {
    const levy = { percent: 10, startDate: '2027-04-02' };
    // Wed 31 Mar, Thu 1 Apr (225 each), Fri 2 Apr, Sat 3 Apr (275 each): the levy applies to 2 × 275.
    const quote = priceStay(stay('2027-03-31', '2027-04-04'), plan({ levy }));
    expect(quote.levy).toEqual({ percent: 10, nights: 2, pence: 5_500 });
    // With a discount, the levied nights carry their share of it.
    const promo = { code: 'HALF', kind: 'percent' as const, percent: 50, amountPence: null };
    expect(priceStay(stay('2027-03-31', '2027-04-04'), plan({ levy }), promo).levy?.pence).toBe(2_750);
  });

  it('prices an empty stay at nothing', () => {
    expect(priceStay(stay('2027-03-04', '2027-03-04'), DEFAULT_RATE_PLAN)).toMatchObject({
      nights: 0,
      totalPence: 0,
      cleaningFeePence: 0,
    });
  });
});

describe('RatePlanSchema', () => {
  const messages = (value: unknown) =>
    RatePlanSchema.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];

  it('refuses overlapping seasons, naming both', () => {
    const summer = {
      ...OPEN_WEEK,
      id: 's',
      name: 'Summer',
      firstNight: '2027-07-01',
      lastNight: '2027-08-31',
      minNights: 2,
    };
    expect(messages(plan({ seasons: [summer, OPEN_WEEK] }))).toEqual([
      'Seasons cannot overlap: Open week (12 Jul 2027 – 18 Jul 2027) overlaps Summer (1 Jul 2027 – 31 Aug 2027).',
    ]);
    const after = { ...summer, firstNight: '2027-07-19', lastNight: '2027-08-31' };
    expect(messages(plan({ seasons: [after, OPEN_WEEK] }))).toEqual([]);
  });

  it('refuses negative prices and a last night before the first', () => {
    expect(messages(plan({ weekdayPence: -100 }))).toEqual(['The weekday price cannot be negative.']);
    expect(messages(plan({ seasons: [{ ...OPEN_WEEK, lastNight: '2027-07-01' }] }))).toEqual([
      'The last night cannot be before the first night.',
    ]);
  });

  it('refuses a levy before April 2027 and two discounts for the same length', () => {
    expect(messages(plan({ levy: { percent: 7, startDate: '2027-03-31' } }))[0]).toContain(
      'cannot start before 1 April 2027',
    );
    const discounts = [
      { id: 'a', minNights: 7, percent: 10 },
      { id: 'b', minNights: 7, percent: 5 },
    ];
    expect(messages(plan({ discounts }))).toEqual([
      'There is already a discount for stays of 7 nights or more.',
    ]);
  });
});

describe('stay rules of the plan', () => {
  it('asks the minimum stay of the season the check-in falls in, and names it', () => {
    const withSeason = plan({ seasons: [OPEN_WEEK] });
    expect(planStayProblem(withSeason, stay('2027-07-12', '2027-07-15'))).toEqual({
      rule: 'too_few_nights',
      message: 'The Tower requires a minimum stay of 4 nights for stays starting during Open week.',
    });
    expect(planStayProblem(withSeason, stay('2027-07-12', '2027-07-16'))).toBeNull();
    // Check-in before the season: the spec's 2 nights, even when the stay runs into it.
    expect(planStayProblem(withSeason, stay('2027-07-11', '2027-07-13'))).toBeNull();
    expect(minimumStayMessage(withSeason, '2027-03-01')).toBe(
      'The Tower requires a minimum stay of 2 nights for all bookings.',
    );
  });

  it('refuses check-in on a day closed to arrival and check-out on a day closed to departure', () => {
    const closed = plan({
      overrides: [
        {
          id: 'x',
          firstNight: '2027-03-05',
          lastNight: '2027-03-05',
          pricePence: null,
          closedToArrival: true,
          closedToDeparture: true,
          note: '',
        },
      ],
    });
    expect(planStayProblem(closed, stay('2027-03-05', '2027-03-08'))?.message).toBe(
      'Stays cannot start on Friday 5 March 2027. Please choose a different check-in date.',
    );
    expect(planStayProblem(closed, stay('2027-03-03', '2027-03-05'))?.rule).toBe('closed_to_departure');
    expect(planStayProblem(closed, stay('2027-03-04', '2027-03-07'))).toBeNull();
  });
});

describe('promo codes', () => {
  const promo = (changes: Partial<PromoCode> = {}): PromoCode => ({
    id: 1,
    code: 'Golf15',
    kind: 'percent',
    percent: 15,
    amountPence: null,
    bookFrom: null,
    bookTo: null,
    stayFrom: null,
    stayTo: null,
    maxUses: null,
    active: true,
    uses: 0,
    ...changes,
  });
  const today = '2027-01-10';

  it('accepts a valid code', () => {
    expect(promoProblem(promo(), { checkIn: '2027-03-01' }, today)).toBeNull();
  });

  it('explains each reason a code cannot be used', () => {
    const problem = (changes: Partial<PromoCode>) =>
      promoProblem(promo(changes), { checkIn: '2027-03-01' }, today);
    expect(promoProblem(null, { checkIn: '2027-03-01' }, today)?.message).toBe(
      'We do not recognise that promo code. Please check it.',
    );
    expect(problem({ active: false })?.problem).toBe('inactive');
    expect(problem({ bookFrom: '2027-02-01' })?.message).toBe(
      'The promo code Golf15 can be used from 1 Feb 2027.',
    );
    expect(problem({ bookTo: '2027-01-09' })?.message).toBe('The promo code Golf15 expired on 9 Jan 2027.');
    expect(problem({ stayFrom: '2027-04-01', stayTo: '2027-04-30' })?.message).toBe(
      'The promo code Golf15 is for stays starting between 1 Apr 2027 and 30 Apr 2027.',
    );
    expect(problem({ maxUses: 3, uses: 3 })?.message).toBe('The promo code Golf15 has been used up.');
    expect(problem({ maxUses: 3, uses: 2 })).toBeNull();
  });

  it('validates what the owner enters', () => {
    const issues = (value: unknown) =>
      PromoCodeInputSchema.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];
    expect(issues({ code: 'SUMMER', kind: 'percent', percent: 10 })).toEqual([]);
    expect(issues({ code: 'a b', kind: 'percent', percent: 10 })).toEqual([
      'A promo code may contain only letters, digits, - and _.',
    ]);
    expect(issues({ code: 'SUMMER', kind: 'fixed' })).toEqual(['Give the amount off in pounds.']);
    expect(issues({ code: 'SUMMER', kind: 'percent', percent: 120 })).toEqual([
      'The promo discount can be at most 100 %.',
    ]);
  });
});
