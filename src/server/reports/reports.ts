import { and, eq, gt, lt } from 'drizzle-orm';
import { bookingReference } from '../../domain/booking-reference.ts';
import { csvPounds, csvTable } from '../../domain/csv.ts';
import { addDays, daysBetween, type IsoDate, todayOnPropertyClock } from '../../domain/dates.ts';
import { formatLongDate } from '../../domain/format.ts';
import {
  type LevyReturn,
  type LevyStay,
  levyQuarters,
  levyReturn,
  type Quarter,
  quarterOf,
} from '../../domain/levy-return.ts';
import type { Quote } from '../../domain/pricing.ts';
import { PROPERTY_ID } from '../../domain/property.ts';
import type { RatePlan } from '../../domain/rate-plan.ts';
import {
  type ChannelEvent,
  monthlyFigures,
  monthOf,
  pace,
  type ReportStay,
  reportFigures,
} from '../../domain/reports.ts';
import { type MoneyMovement, type TaxYearSummary, taxYear, taxYearSummary } from '../../domain/tax-year.ts';
import type { BookingsRepository, StayRow } from '../bookings/bookings-repository.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { importedEvents } from '../db/schema.ts';
import { listStaysDocuments } from '../documents/repository.ts';
import { badRequest, conflict } from '../errors.ts';
import type { NotificationEvents } from '../notifications/events.ts';
import { loadRatePlan } from '../pricing/rate-plan-repository.ts';

/** The coming months the pace compares with the year before. */
export const PACE_MONTHS = 12;

/** A guest's stay as the reports read it: its stored quote's nights and levy, its booking and cancellation days. */
function storedQuote(row: StayRow): Partial<Quote> | null {
  return row.quote ? (row.quote as Partial<Quote>) : null;
}

function nightPricesOf(row: StayRow): number[] | null {
  const nightly = storedQuote(row)?.nightly;
  return Array.isArray(nightly) ? nightly.map((night) => night.pricePence) : null;
}

/** The levied nights of the stored quote; a booking without one (older, the owner's) levied all its nights. */
function levyNightsOf(row: StayRow): number {
  const levy = storedQuote(row)?.levy;
  if (levy) return levy.nights;
  return row.levyPence > 0 ? daysBetween(row.checkIn, row.checkOut) : 0;
}

const dayOf = (at: Date) => todayOnPropertyClock(at);
const isBookedGuest = (row: StayRow) =>
  row.kind === 'guest' && (row.status === 'confirmed' || row.status === 'canceled');

export function toReportStay(row: StayRow): ReportStay {
  const bookedOn = dayOf(row.confirmedAt ?? row.createdAt);
  return {
    id: row.id,
    status: row.status === 'canceled' ? 'canceled' : 'confirmed',
    checkIn: row.checkIn,
    checkOut: row.checkOut,
    bookedOn,
    canceledOn: row.status === 'canceled' ? (row.canceledAt ? dayOf(row.canceledAt) : bookedOn) : null,
    accommodationPence: row.accommodationPence,
    cleaningFeePence: row.cleaningFeePence,
    serviceFeePence: row.serviceFeePence,
    levyPence: row.levyPence,
    paidPence: row.paidPence,
    refundedPence: row.refundedPence,
    nightPrices: nightPricesOf(row),
    levyNights: levyNightsOf(row),
  };
}

function toLevyStay(row: StayRow): LevyStay {
  const stay = toReportStay(row);
  return {
    ...stay,
    reference: bookingReference(row.id),
    totalPence: row.totalPence,
    nightPrices: stay.nightPrices ?? Array.from({ length: daysBetween(row.checkIn, row.checkOut) }, () => 1),
  };
}

/** The provider's fee for one payment of a stay, from its receipt (null where none was reported). */
export type PaymentFees = (stayId: string, payment: 'full' | 'deposit' | 'balance') => number | null;

/**
 * The money a stay moved, on the days it moved (cash basis): the first payment (in full, or the deposit) when the
 * booking was confirmed, the balance when it was paid, and the refund when the stay was cancelled. The provider's
 * fee for a payment is the one its receipt kept (docs/decisions/026-receipts-and-credit-notes.md), where reported.
 */
export function moneyMovements(row: StayRow, fees: PaymentFees = () => null): MoneyMovement[] {
  const reference = bookingReference(row.id);
  const movements: MoneyMovement[] = [];
  const balancePaid = row.balanceStatus === 'succeeded' ? row.balancePence : 0;
  const first = row.paidPence - balancePaid;
  if (first > 0) {
    movements.push({
      date: dayOf(row.confirmedAt ?? row.createdAt),
      kind: 'payment',
      reference,
      description: row.scheduleKind === 'deposit' ? 'Deposit' : 'Payment in full',
      amountPence: first,
      feePence: fees(row.id, row.scheduleKind === 'deposit' ? 'deposit' : 'full'),
    });
  }
  if (balancePaid > 0) {
    movements.push({
      date: dayOf(row.balancePaidAt ?? row.updatedAt),
      kind: 'payment',
      reference,
      description: 'Balance',
      amountPence: balancePaid,
      feePence: fees(row.id, 'balance'),
    });
  }
  if (row.refundedPence > 0) {
    movements.push({
      date: dayOf(row.canceledAt ?? row.updatedAt),
      kind: 'refund',
      reference,
      description: 'Refund',
      amountPence: row.refundedPence,
      feePence: null,
    });
  }
  return movements;
}

export type Reports = ReturnType<typeof createReports>;

/**
 * The owner's reports, read from the stays (through the bookings repository, their one reader and writer), the
 * channels' imported calendars and the rate plan's levy, and computed by the pure rules of src/domain.
 */
export function createReports(deps: {
  db: Db;
  clock: Clock;
  bookings: BookingsRepository;
  notifications: Pick<NotificationEvents, 'levyReturnDue'>;
}) {
  const { db, clock, bookings, notifications } = deps;

  async function channelEvents(from: IsoDate, to: IsoDate): Promise<ChannelEvent[]> {
    const rows = await db
      .select({
        source: importedEvents.sourceId,
        checkIn: importedEvents.checkIn,
        checkOut: importedEvents.checkOut,
      })
      .from(importedEvents)
      .where(
        and(
          eq(importedEvents.propertyId, PROPERTY_ID),
          // Our own nights sent back by a channel are not its reservations (the nights rule, decision 008).
          eq(importedEvents.echo, false),
          gt(importedEvents.checkOut, from),
          lt(importedEvents.checkIn, to),
        ),
      );
    return rows;
  }

  async function levyOf(): Promise<NonNullable<RatePlan['levy']>> {
    const levy = (await loadRatePlan(db)).levy;
    if (!levy) {
      throw conflict(
        'No visitor levy is set: give its rate and start date in the Prices tab first.',
        'levy_not_set',
      );
    }
    return levy;
  }

  async function levyReturnOf(quarter: Quarter): Promise<LevyReturn> {
    const rows = await bookings.listBooked({ from: quarter.from, to: addDays(quarter.to, 1) });
    const levied = rows.filter((row) => isBookedGuest(row) && row.levyPence > 0).map(toLevyStay);
    return levyReturn(levied, quarter);
  }

  return {
    /** The figures of the nights dated `from` to `to` (both included), month by month, and the pace from today. */
    async figures(from: IsoDate, to: IsoDate) {
      const rows = await bookings.listBooked({ from, to: addDays(to, 1) });
      const input = {
        stays: rows.filter(isBookedGuest).map(toReportStay),
        blocks: rows.filter((row) => row.kind === 'block'),
        channelEvents: await channelEvents(from, addDays(to, 1)),
      };
      const today = todayOnPropertyClock(clock.now());
      const paceFrom = `${Number(today.slice(0, 4)) - 1}-${today.slice(5, 7)}-01`;
      const paceRows = await bookings.listBooked({
        from: paceFrom,
        to: addDays(`${monthOf(today)}-01`, 400),
      });
      return {
        ...reportFigures(input, from, to),
        months: monthlyFigures(input, from, to),
        pace: pace(paceRows.filter(isBookedGuest).map(toReportStay), today, PACE_MONTHS),
      };
    },

    /** The levy return of `quarter`, with the levy as set and the quarters there are. */
    async levyReturn(quarter: Quarter) {
      const levy = await levyOf();
      if (quarter.to < levy.startDate) {
        throw badRequest(
          `The visitor levy starts on ${formatLongDate(levy.startDate)}: its first return is for ${quarterOf(levy.startDate).quarter}.`,
          'before_levy',
        );
      }
      return {
        ...(await levyReturnOf(quarter)),
        levy,
        quarters: levyQuarters(levy.startDate, todayOnPropertyClock(clock.now())).map((q) => q.quarter),
      };
    },

    /**
     * The registry's reminder: once the quarter the levy applied in has closed, the owner is e-mailed its return's
     * figures (once per quarter: the outbox's key names it). Answers the quarter reminded of, if any.
     */
    async remindLevyReturn(): Promise<{ quarter: string | null; netDuePence: number }> {
      const levy = (await loadRatePlan(db)).levy;
      const today = todayOnPropertyClock(clock.now());
      const closed = quarterOf(addDays(quarterOf(today).from, -1));
      if (!levy || closed.to < levy.startDate) return { quarter: null, netDuePence: 0 };
      const result = await levyReturnOf(closed);
      await db.transaction((tx) => notifications.levyReturnDue(tx, result));
      return { quarter: result.quarter, netDuePence: result.netDuePence };
    },

    /** The money received and refunded in the tax year starting on 6 April of `year`. */
    async taxYear(year: number): Promise<TaxYearSummary> {
      const rows = await bookings.listBooked();
      const paid = rows.filter((row) => row.kind === 'guest' && row.paidPence > 0);
      const receipts =
        paid.length > 0
          ? await listStaysDocuments(
              db,
              paid.map((row) => row.id),
            )
          : [];
      const fees = new Map<string, number>();
      for (const receipt of receipts) {
        if (receipt.kind !== 'receipt' || receipt.providerFeePence === null) continue;
        const key = `${receipt.stayId} ${receipt.payment}`;
        fees.set(key, (fees.get(key) ?? 0) + receipt.providerFeePence);
      }
      const feeOf: PaymentFees = (stayId, payment) => fees.get(`${stayId} ${payment}`) ?? null;
      return taxYearSummary(
        taxYear(year),
        paid.flatMap((row) => moneyMovements(row, feeOf)),
      );
    },
  };
}

/** The levy return as the council's CSV: a row per stay, then the totals. */
export function levyReturnCsv(result: LevyReturn): string {
  const rows: (string | number)[][] = result.stays.map((stay) => [
    stay.reference,
    stay.checkIn,
    stay.checkOut,
    stay.status === 'confirmed' ? 'Stayed' : 'Cancelled',
    stay.levyNights,
    csvPounds(stay.accommodationPence),
    csvPounds(stay.levyChargedPence),
    csvPounds(stay.levyRefundedPence),
    csvPounds(stay.netDuePence),
  ]);
  rows.push([
    `Total ${result.quarter}`,
    result.from,
    result.to,
    `${result.liableStays} liable`,
    '',
    csvPounds(result.accommodationPence),
    csvPounds(result.levyChargedPence),
    csvPounds(result.levyRefundedPence),
    csvPounds(result.netDuePence),
  ]);
  return csvTable(
    [
      'Reference',
      'Check-in',
      'Check-out',
      'Status',
      'Levied nights',
      'Accommodation charged on (GBP)',
      'Levy charged (GBP)',
      'Levy refunded (GBP)',
      'Net due (GBP)',
    ],
    rows,
  );
}

/** The tax year's money by date, then its totals. */
export function taxYearCsv(summary: TaxYearSummary): string {
  const rows: (string | number)[][] = summary.movements.map((movement) => [
    movement.date,
    movement.reference,
    movement.description,
    csvPounds(movement.kind === 'payment' ? movement.amountPence : 0),
    csvPounds(movement.kind === 'refund' ? movement.amountPence : 0),
    movement.feePence === null ? '' : csvPounds(movement.feePence),
  ]);
  rows.push([
    `Total ${summary.label}`,
    '',
    `${summary.payments} payments, ${summary.refunds} refunds; net ${csvPounds(summary.netPence)}`,
    csvPounds(summary.receivedPence),
    csvPounds(summary.refundedPence),
    summary.feesPence === null ? '' : csvPounds(summary.feesPence),
  ]);
  return csvTable(
    ['Date', 'Reference', 'What', 'Received (GBP)', 'Refunded (GBP)', 'Provider fee (GBP)'],
    rows,
  );
}
