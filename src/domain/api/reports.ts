import { z } from 'zod';
import { daysBetween, isIsoDate } from '../dates.ts';
import { dateField } from '../input-fields.ts';
import { calendarDay, pence } from './fields.ts';

/*
 * The owner's reports (src/server/reports/, the admin's Reports tab): the figures of a range month by month, the
 * visitor levy's quarterly return and the tax year. Amounts in pence; the definitions are src/domain/reports.ts,
 * levy-return.ts and tax-year.ts.
 */

/** The longest range one report covers: a little over three years, enough for pace and year-on-year. */
export const MAX_REPORT_DAYS = 1_200;

const realDate = (name: string) =>
  dateField(name, { written: true }).refine(isIsoDate, { message: `${name} is not a real date.` });

export const ReportQuerySchema = z
  .object({ from: realDate('from'), to: realDate('to') })
  .refine((range) => range.to >= range.from, {
    message: 'The end of the range (to) must be on or after its start (from).',
    path: ['to'],
  })
  .refine(
    (range) =>
      // A date refused above is not measured again here.
      !isIsoDate(range.from) ||
      !isIsoDate(range.to) ||
      range.to < range.from ||
      daysBetween(range.from, range.to) < MAX_REPORT_DAYS,
    {
      message: `A report covers at most ${MAX_REPORT_DAYS} days: choose a shorter range.`,
      path: ['to'],
    },
  );
export type ReportQuery = z.infer<typeof ReportQuerySchema>;

const RevenueSchema = z.object({
  accommodation: pence,
  cleaning: pence,
  service: pence,
  levy: pence,
  refunds: pence,
});

const FiguresSchema = z.object({
  from: calendarDay,
  to: calendarDay,
  nights: z.number().int(),
  nightsBlocked: z.number().int(),
  nightsAvailable: z.number().int(),
  nightsSold: z.number().int(),
  occupancy: z.number(),
  revenue: RevenueSchema,
  adr: pence,
  revpar: pence,
  averageLeadTimeDays: z.number().nullable(),
  averageLengthOfStay: z.number().nullable(),
  cancellations: z.number().int(),
  channels: z.object({ direct: z.number().int(), airbnb: z.number().int(), booking: z.number().int() }),
});

export const ReportResponseSchema = FiguresSchema.extend({
  months: z.array(FiguresSchema.extend({ month: z.string() })),
  /** The coming months' nights on the books today and on the same date a year before. */
  pace: z.array(z.object({ month: z.string(), nights: z.number().int(), lastYearNights: z.number().int() })),
});
export type ReportResponse = z.infer<typeof ReportResponseSchema>;

export const LevyReturnQuerySchema = z.object({
  quarter: z
    .string({ error: 'quarter is required, written like 2027-Q2.' })
    .regex(/^\d{4}-Q[1-4]$/, 'quarter must be written like 2027-Q2 (a year, then Q1 to Q4).'),
});

const LevyReturnStaySchema = z.object({
  reference: z.string(),
  checkIn: z.string(),
  checkOut: z.string(),
  status: z.enum(['confirmed', 'canceled']),
  levyNights: z.number().int(),
  accommodationPence: pence,
  levyChargedPence: pence,
  levyRefundedPence: pence,
  netDuePence: pence,
});

export const LevyReturnResponseSchema = z.object({
  quarter: z.string(),
  from: calendarDay,
  to: calendarDay,
  /** The levy's rate and start date as the Prices tab sets them. */
  levy: z.object({ percent: z.number(), startDate: calendarDay }),
  liableStays: z.number().int(),
  accommodationPence: pence,
  levyChargedPence: pence,
  levyRefundedPence: pence,
  netDuePence: pence,
  stays: z.array(LevyReturnStaySchema),
  /** Every quarter from the levy's start to today's, newest first, for the picker. */
  quarters: z.array(z.string()),
});
export type LevyReturnResponse = z.infer<typeof LevyReturnResponseSchema>;

export const TaxYearQuerySchema = z.object({
  year: z.coerce
    .number({ error: 'year must be the year the tax year starts in, like 2027.' })
    .int('year must be a whole year, like 2027.')
    .min(2000, 'year must be from 2000 to 2100.')
    .max(2100, 'year must be from 2000 to 2100.'),
});

export const TaxYearResponseSchema = z.object({
  year: z.number().int(),
  label: z.string(),
  from: calendarDay,
  to: calendarDay,
  receivedPence: pence,
  refundedPence: pence,
  netPence: pence,
  payments: z.number().int(),
  refunds: z.number().int(),
  feesPence: pence.nullable(),
  movements: z.array(
    z.object({
      date: z.string(),
      kind: z.enum(['payment', 'refund']),
      reference: z.string(),
      description: z.string(),
      amountPence: pence,
      feePence: pence.nullable(),
    }),
  ),
});
export type TaxYearResponse = z.infer<typeof TaxYearResponseSchema>;
