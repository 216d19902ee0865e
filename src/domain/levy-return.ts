import { addDays, type IsoDate } from './dates.ts';
import { leviedAccommodationPence } from './pricing.ts';

/*
 * The visitor levy's quarterly return (Visitor Levy (Scotland) Act 2024; Aberdeen's levy from 1 April 2027): for
 * each quarter from the levy's start date, the stays it was charged on, from their STORED quotes. A stay belongs
 * to the quarter of its first night. A cancelled stay's levy is refunded with its accommodation, as the levy's
 * guidance asks: what was refunded of it is taken off; what a guest paid and did not get back stays due.
 * See docs/decisions/027-reports-and-the-levy-return.md.
 */

export type Quarter = { quarter: string; from: IsoDate; to: IsoDate };

const QUARTER_PATTERN = /^(\d{4})-Q([1-4])$/;

/** `2027-Q2` → 1 April to 30 June 2027; null when not written so. */
export function parseQuarter(text: string): Quarter | null {
  const match = QUARTER_PATTERN.exec(text);
  if (!match) return null;
  const year = Number(match[1]);
  const q = Number(match[2]);
  const firstMonth = (q - 1) * 3 + 1;
  const from = `${year}-${String(firstMonth).padStart(2, '0')}-01`;
  const next = q === 4 ? `${year + 1}-01-01` : `${year}-${String(firstMonth + 3).padStart(2, '0')}-01`;
  return { quarter: text, from, to: addDays(next, -1) };
}

/** The quarter a day falls in. */
export function quarterOf(date: IsoDate): Quarter {
  const q = Math.floor((Number(date.slice(5, 7)) - 1) / 3) + 1;
  return parseQuarter(`${date.slice(0, 4)}-Q${q}`) as Quarter;
}

/** The quarter after `quarter`. */
export const nextQuarter = (quarter: Quarter): Quarter => quarterOf(addDays(quarter.to, 1));

/** Every quarter from the levy's start to today's (only the first, before the levy starts), newest first. */
export function levyQuarters(startDate: IsoDate, today: IsoDate): Quarter[] {
  const list: Quarter[] = [];
  for (let q = quarterOf(startDate); list.length === 0 || q.from <= today; q = nextQuarter(q)) list.push(q);
  return list.reverse();
}

/** A stay as the return reads it: its stored quote's levy and what was paid and refunded. */
export type LevyStay = {
  id: string;
  reference: string;
  status: 'confirmed' | 'canceled';
  checkIn: IsoDate;
  checkOut: IsoDate;
  accommodationPence: number;
  totalPence: number;
  levyPence: number;
  paidPence: number;
  refundedPence: number;
  /** The stored quote's price of each night before discounts. */
  nightPrices: number[];
  levyNights: number;
};

export type LevyReturnStay = {
  reference: string;
  checkIn: IsoDate;
  checkOut: IsoDate;
  status: 'confirmed' | 'canceled';
  levyNights: number;
  /** The accommodation the levy was charged on (its levied nights' share, after discounts). */
  accommodationPence: number;
  levyChargedPence: number;
  levyRefundedPence: number;
  netDuePence: number;
};

export type LevyReturn = Quarter & {
  /** Stays with levy still due. */
  liableStays: number;
  /** The accommodation the levy is due on (the liable stays'). */
  accommodationPence: number;
  levyChargedPence: number;
  levyRefundedPence: number;
  netDuePence: number;
  stays: LevyReturnStay[];
};

/** a × b ÷ c rounded half up, for non-negative whole numbers. */
const shareHalfUp = (a: number, b: number, c: number) => (c <= 0 ? 0 : Math.floor((2 * a * b + c) / (2 * c)));

/**
 * One stay's line of the return. A confirmed stay owes its quote's levy. A cancelled one was charged the levy's
 * share of what the guest paid, and the refund gives the levy back first (it is refunded with the accommodation),
 * so what is due is what of it the guest did not get back.
 */
export function levyLine(stay: LevyStay): LevyReturnStay {
  const base = leviedAccommodationPence(stay.nightPrices, stay.levyNights, stay.accommodationPence);
  const charged =
    stay.status === 'confirmed' || stay.paidPence >= stay.totalPence
      ? stay.levyPence
      : shareHalfUp(stay.levyPence, stay.paidPence, stay.totalPence);
  const refunded = stay.status === 'canceled' ? Math.min(charged, stay.refundedPence) : 0;
  return {
    reference: stay.reference,
    checkIn: stay.checkIn,
    checkOut: stay.checkOut,
    status: stay.status,
    levyNights: stay.levyNights,
    accommodationPence: base,
    levyChargedPence: charged,
    levyRefundedPence: refunded,
    netDuePence: charged - refunded,
  };
}

/** The return of `quarter`: every levied stay whose first night falls in it (a cancelled one only if paid). */
export function levyReturn(stays: LevyStay[], quarter: Quarter): LevyReturn {
  const lines = stays
    .filter((stay) => stay.checkIn >= quarter.from && stay.checkIn <= quarter.to && stay.levyPence > 0)
    .filter((stay) => stay.status === 'confirmed' || stay.paidPence > 0)
    .sort((a, b) => a.checkIn.localeCompare(b.checkIn) || a.reference.localeCompare(b.reference))
    .map(levyLine);
  const sum = (pick: (line: LevyReturnStay) => number, of = lines) =>
    of.reduce((s, line) => s + pick(line), 0);
  const liable = lines.filter((line) => line.netDuePence > 0);
  return {
    ...quarter,
    liableStays: liable.length,
    accommodationPence: sum((line) => line.accommodationPence, liable),
    levyChargedPence: sum((line) => line.levyChargedPence),
    levyRefundedPence: sum((line) => line.levyRefundedPence),
    netDuePence: sum((line) => line.netDuePence),
    stays: lines,
  };
}
