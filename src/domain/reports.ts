import { addDays, daysBetween, type IsoDate, nightsOf } from './dates.ts';

/*
 * The owner's figures (the admin's Reports tab and its API), as the industry defines them, from the stays'
 * STORED quotes and payments — never recomputed from today's rates. Pure: the server reads the rows and
 * calls these. Each definition is also written on the Reports page (REPORT_DEFINITIONS).
 * See docs/decisions/027-reports-and-the-levy-return.md.
 */

/** A guest's stay that was booked (confirmed at some point): confirmed, or cancelled since. */
export type ReportStay = {
  id: string;
  status: 'confirmed' | 'canceled';
  checkIn: IsoDate;
  checkOut: IsoDate;
  /** The day it was confirmed (booked), on the property's clock. */
  bookedOn: IsoDate;
  /** The day it was cancelled, on the property's clock; null while it stands. */
  canceledOn: IsoDate | null;
  accommodationPence: number;
  cleaningFeePence: number;
  serviceFeePence: number;
  levyPence: number;
  paidPence: number;
  refundedPence: number;
  /** The stored quote's price of each night before discounts (the weights a stay's money is shared by); null: equal. */
  nightPrices: number[] | null;
  /** How many of its nights the stored quote levied (the last ones: the levy applies from its start date on). */
  levyNights: number;
};

/** Nights taken out of the calendar: the owner's blocks, or a channel's reservation. */
export type NightSpan = { checkIn: IsoDate; checkOut: IsoDate };
export type ChannelId = 'airbnb' | 'booking';
export type ChannelEvent = NightSpan & { source: ChannelId };

export type ReportInput = {
  stays: ReportStay[];
  blocks: NightSpan[];
  channelEvents: ChannelEvent[];
};

export type Revenue = {
  accommodation: number;
  cleaning: number;
  service: number;
  levy: number;
  refunds: number;
};

export type ReportFigures = {
  from: IsoDate;
  to: IsoDate;
  nights: number;
  nightsBlocked: number;
  nightsAvailable: number;
  nightsSold: number;
  /** nightsSold ÷ nightsAvailable, a fraction (0 when no night is available). */
  occupancy: number;
  /** In pence. */
  revenue: Revenue;
  /** Average daily rate: accommodation ÷ nights sold, in whole pence. */
  adr: number;
  /** Revenue per available night: accommodation ÷ nights available, in whole pence. */
  revpar: number;
  /** Days from booking to arrival, averaged over the stays arriving in the range (one decimal); null: none. */
  averageLeadTimeDays: number | null;
  /** Nights per stay, averaged over the stays arriving in the range (one decimal); null: none. */
  averageLengthOfStay: number | null;
  /** Booked stays arriving in the range that were cancelled. */
  cancellations: number;
  /** Nights of the range taken by each channel: direct (sold here) and the imported calendars (nights only). */
  channels: { direct: number; airbnb: number; booking: number };
};

export type MonthFigures = ReportFigures & { month: string };

export type PaceMonth = {
  month: string;
  /** Nights of the month on the books on the day the report is read. */
  nights: number;
  /** Nights of the same month a year before, on the books on the same date a year before. */
  lastYearNights: number;
};

/** The definitions the Reports page writes out, in the order of its figures. */
export const REPORT_DEFINITIONS = [
  { term: 'Nights available', text: 'The nights in the range less the nights you blocked.' },
  {
    term: 'Nights sold',
    text: 'Nights of confirmed direct bookings in the range. A stay across a month end counts its nights in each month.',
  },
  { term: 'Occupancy', text: 'Nights sold ÷ nights available.' },
  {
    term: 'Accommodation revenue',
    text: 'The nights’ price after discounts, from each booking’s stored quote, counted on the night it pays for (shared across a stay’s nights by their quoted prices). Cleaning, service fees and the visitor levy are counted the same way.',
  },
  { term: 'ADR (average daily rate)', text: 'Accommodation revenue ÷ nights sold.' },
  { term: 'RevPAR (revenue per available night)', text: 'Accommodation revenue ÷ nights available.' },
  {
    term: 'Refunds',
    text: 'Money returned on cancelled bookings whose nights fall in the range. A cancelled stay’s nights, revenue and levy are not counted.',
  },
  {
    term: 'Lead time',
    text: 'Days from the day a stay was booked to its arrival, averaged over stays arriving in the range.',
  },
  { term: 'Length of stay', text: 'Nights per stay, averaged over stays arriving in the range.' },
  { term: 'Cancellations', text: 'Booked stays arriving in the range that were cancelled.' },
  {
    term: 'Channel mix',
    text: 'Nights taken through each channel: direct bookings, and the Airbnb and Booking.com reservations imported from their calendars (their prices are not known, so they count in nights only).',
  },
  {
    term: 'Pace',
    text: 'Nights of each coming month on the books today, against the same month a year before as it stood on the same date that year.',
  },
] as const;

/**
 * `total` shared by `weights` in whole pence, the shares summing exactly to `total` (largest remainder; ties to
 * the earlier). No weight (or none above zero): equal shares.
 */
export function shareByWeights(total: number, weights: number[]): number[] {
  if (weights.length === 0) return [];
  const sum = weights.reduce((a, b) => a + b, 0);
  const w = sum > 0 ? weights : weights.map(() => 1);
  const wSum = sum > 0 ? sum : weights.length;
  const exact = w.map((weight) => (total * weight) / wSum);
  const shares = exact.map(Math.floor);
  let left = total - shares.reduce((a, b) => a + b, 0);
  const order = exact
    .map((value, index) => ({ index, fraction: value - Math.floor(value) }))
    .sort((a, b) => b.fraction - a.fraction || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    shares[index] = (shares[index] as number) + 1;
    left--;
  }
  return shares;
}

export type NightShare = {
  date: IsoDate;
  accommodation: number;
  cleaning: number;
  service: number;
  levy: number;
  refunds: number;
};

/** A stay's stored money shared across its nights: what each night earned, by its quoted price. */
export function stayNightShares(stay: ReportStay): NightShare[] {
  const nights = nightsOf(stay.checkIn, stay.checkOut);
  const weights =
    stay.nightPrices && stay.nightPrices.length === nights.length ? stay.nightPrices : nights.map(() => 1);
  const accommodation = shareByWeights(stay.accommodationPence, weights);
  const cleaning = shareByWeights(stay.cleaningFeePence, weights);
  const service = shareByWeights(stay.serviceFeePence, weights);
  const refunds = shareByWeights(stay.refundedPence, weights);
  const levied = Math.min(stay.levyNights, nights.length);
  const firstLevied = nights.length - levied;
  const levyShares = shareByWeights(stay.levyPence, weights.slice(firstLevied));
  return nights.map((date, i) => ({
    date,
    accommodation: accommodation[i] as number,
    cleaning: cleaning[i] as number,
    service: service[i] as number,
    levy: i >= firstLevied ? (levyShares[i - firstLevied] as number) : 0,
    refunds: refunds[i] as number,
  }));
}

const inRange = (date: IsoDate, from: IsoDate, to: IsoDate) => date >= from && date <= to;
const oneDecimal = (value: number) => Math.round(value * 10) / 10;
const average = (values: number[]) =>
  values.length === 0 ? null : oneDecimal(values.reduce((a, b) => a + b, 0) / values.length);

/** The nights of `spans` in [from, to], each counted once. */
function nightsTaken(spans: NightSpan[], from: IsoDate, to: IsoDate): Set<IsoDate> {
  const taken = new Set<IsoDate>();
  for (const span of spans) {
    for (const night of nightsOf(span.checkIn, span.checkOut)) if (inRange(night, from, to)) taken.add(night);
  }
  return taken;
}

/** Every figure for the nights dated `from` to `to`, both included. */
export function reportFigures(input: ReportInput, from: IsoDate, to: IsoDate): ReportFigures {
  const nights = to < from ? 0 : daysBetween(from, to) + 1;
  const nightsBlocked = nightsTaken(input.blocks, from, to).size;
  const nightsAvailable = nights - nightsBlocked;
  const revenue: Revenue = { accommodation: 0, cleaning: 0, service: 0, levy: 0, refunds: 0 };
  let nightsSold = 0;
  for (const stay of input.stays) {
    if (stay.checkOut <= from || stay.checkIn > to) continue;
    for (const share of stayNightShares(stay)) {
      if (!inRange(share.date, from, to)) continue;
      if (stay.status === 'canceled') {
        revenue.refunds += share.refunds;
        continue;
      }
      nightsSold++;
      revenue.accommodation += share.accommodation;
      revenue.cleaning += share.cleaning;
      revenue.service += share.service;
      revenue.levy += share.levy;
      revenue.refunds += share.refunds;
    }
  }
  const arriving = input.stays.filter((stay) => inRange(stay.checkIn, from, to));
  const stayed = arriving.filter((stay) => stay.status === 'confirmed');
  const channelNights = (source: ChannelId) =>
    nightsTaken(
      input.channelEvents.filter((event) => event.source === source),
      from,
      to,
    ).size;
  return {
    from,
    to,
    nights,
    nightsBlocked,
    nightsAvailable,
    nightsSold,
    occupancy: nightsAvailable > 0 ? nightsSold / nightsAvailable : 0,
    revenue,
    adr: nightsSold > 0 ? Math.round(revenue.accommodation / nightsSold) : 0,
    revpar: nightsAvailable > 0 ? Math.round(revenue.accommodation / nightsAvailable) : 0,
    averageLeadTimeDays: average(stayed.map((stay) => daysBetween(stay.bookedOn, stay.checkIn))),
    averageLengthOfStay: average(stayed.map((stay) => daysBetween(stay.checkIn, stay.checkOut))),
    cancellations: arriving.filter((stay) => stay.status === 'canceled').length,
    channels: { direct: nightsSold, airbnb: channelNights('airbnb'), booking: channelNights('booking') },
  };
}

/** `yyyy-MM` of a day. */
export const monthOf = (date: IsoDate) => date.slice(0, 7);
const firstOfMonth = (month: string): IsoDate => `${month}-01`;
const nextMonth = (month: string): string => {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, '0')}`;
};
const lastOfMonth = (month: string): IsoDate => addDays(firstOfMonth(nextMonth(month)), -1);

/** The range's figures month by month, each month cut to the range. */
export function monthlyFigures(input: ReportInput, from: IsoDate, to: IsoDate): MonthFigures[] {
  const months: MonthFigures[] = [];
  for (let month = monthOf(from); month <= monthOf(to); month = nextMonth(month)) {
    const start = firstOfMonth(month) < from ? from : firstOfMonth(month);
    const end = lastOfMonth(month) > to ? to : lastOfMonth(month);
    months.push({ month, ...reportFigures(input, start, end) });
  }
  return months;
}

/** A stay's nights in `month` if it was on the books on `asOf`: booked by then and not yet cancelled. */
function nightsOnBooks(stays: ReportStay[], month: string, asOf: IsoDate): number {
  const from = firstOfMonth(month);
  const to = lastOfMonth(month);
  let nights = 0;
  for (const stay of stays) {
    if (stay.bookedOn > asOf) continue;
    if (stay.canceledOn !== null && stay.canceledOn <= asOf) continue;
    nights += nightsOf(stay.checkIn, stay.checkOut).filter((night) => inRange(night, from, to)).length;
  }
  return nights;
}

const yearBefore = (date: IsoDate): IsoDate => {
  const day = `${Number(date.slice(0, 4)) - 1}${date.slice(4)}`;
  // 29 February a year before is the 28th.
  return day.endsWith('-02-29') ? day.replace(/-29$/, '-28') : day;
};

/** Pace: the nights on the books for `count` months from today's, against the same date a year before. */
export function pace(stays: ReportStay[], today: IsoDate, count: number): PaceMonth[] {
  const rows: PaceMonth[] = [];
  let month = monthOf(today);
  for (let i = 0; i < count; i++, month = nextMonth(month)) {
    rows.push({
      month,
      nights: nightsOnBooks(stays, month, today),
      lastYearNights: nightsOnBooks(stays, monthOf(yearBefore(firstOfMonth(month))), yearBefore(today)),
    });
  }
  return rows;
}
