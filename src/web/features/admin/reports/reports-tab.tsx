import { useState } from 'react';
import {
  type LevyReturnResponse,
  ReportQuerySchema,
  type ReportResponse,
  type TaxYearResponse,
} from '../../../../domain/api/reports.ts';
import { todayOnPropertyClock } from '../../../../domain/dates.ts';
import { formatDayMonthYear, formatGbp, formatMonth } from '../../../../domain/format.ts';
import { levyQuarters } from '../../../../domain/levy-return.ts';
import { REPORT_DEFINITIONS } from '../../../../domain/reports.ts';
import { taxYearOf } from '../../../../domain/tax-year.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Form, FormAlert, FormField, FormInput } from '../../../components/ui/form.tsx';
import { Select } from '../../../components/ui/input.tsx';
import { AdminCard, ReadCard } from '../shared/card.tsx';
import { useAdminRatePlan } from '../shared/queries.ts';
import { WhenRead } from '../shared/when-read.tsx';
import { BarChart } from './bar-chart.tsx';
import { type Column, FigureTable } from './figure-table.tsx';
import { downloadLevyReturn, downloadTaxYear, useLevyReturn, useReport, useTaxYear } from './reports-api.ts';

type Month = ReportResponse['months'][number];
type PaceMonth = ReportResponse['pace'][number];

const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const percent = (fraction: number) => `${(fraction * 100).toFixed(1)} %`;
const pounds = (pence: number) => (pence / 100).toFixed(2);
const monthName = (month: string) => formatMonth(`${month}-01`);
const orDash = (value: number | null, unit: string) => (value === null ? '—' : `${value} ${unit}`);

const COLORS = { primary: '#7c5a2c', second: '#a8a29e', third: '#3f6212', fourth: '#1e40af' };

const monthColumn: Column<Month> = { header: 'Month', cell: (m) => monthName(m.month), csv: (m) => m.month };
const money = (header: string, pick: (m: Month) => number): Column<Month> => ({
  header,
  cell: (m) => formatGbp(pick(m)),
  csv: (m) => pounds(pick(m)),
});

/** One chart: its heading, the series it draws from its rows, and the table of those rows beside it. */
type ChartSpec<R> = {
  id: string;
  heading: string;
  rows: R[];
  labels: string[];
  series: { label: string; pick(row: R): number; color: string }[];
  stacked?: boolean;
  format?: (value: number) => string;
  caption: string;
  columns: Column<R>[];
  fileName: string;
};

/**
 * A chart of the months of the range, named once: `name` gives its heading's id (report-occupancy) and its CSV
 * (occupancy-<range>.csv); its rows are the report's months, labelled by their names.
 */
type MonthChart = Omit<ChartSpec<Month>, 'id' | 'rows' | 'labels' | 'fileName'> & { name: string };

const OCCUPANCY_CHART: MonthChart = {
  name: 'occupancy',
  heading: 'Occupancy by month',
  series: [{ label: 'Occupancy', pick: (m) => m.occupancy * 100, color: COLORS.primary }],
  format: (value) => `${value.toFixed(0)} %`,
  caption: 'Occupancy',
  columns: [
    monthColumn,
    { header: 'Nights available', cell: (m) => String(m.nightsAvailable) },
    { header: 'Nights sold', cell: (m) => String(m.nightsSold) },
    { header: 'Occupancy', cell: (m) => percent(m.occupancy), csv: (m) => (m.occupancy * 100).toFixed(1) },
    { header: 'Cancellations', cell: (m) => String(m.cancellations) },
    {
      header: 'Average lead time',
      cell: (m) => orDash(m.averageLeadTimeDays, 'days'),
      csv: (m) => m.averageLeadTimeDays ?? '',
    },
    {
      header: 'Average length of stay',
      cell: (m) => orDash(m.averageLengthOfStay, 'nights'),
      csv: (m) => m.averageLengthOfStay ?? '',
    },
  ],
};

const REVENUE_CHART: MonthChart = {
  name: 'revenue',
  heading: 'Revenue by month',
  stacked: true,
  series: [
    { label: 'Accommodation', pick: (m) => m.revenue.accommodation / 100, color: COLORS.primary },
    { label: 'Cleaning', pick: (m) => m.revenue.cleaning / 100, color: COLORS.second },
    { label: 'Service fees', pick: (m) => m.revenue.service / 100, color: COLORS.third },
    { label: 'Visitor levy', pick: (m) => m.revenue.levy / 100, color: COLORS.fourth },
  ],
  format: (value) => `£${value.toLocaleString('en-GB')}`,
  caption: 'Revenue',
  columns: [
    monthColumn,
    money('Accommodation', (m) => m.revenue.accommodation),
    money('ADR', (m) => m.adr),
    money('RevPAR', (m) => m.revpar),
    money('Cleaning', (m) => m.revenue.cleaning),
    money('Service fees', (m) => m.revenue.service),
    money('Visitor levy', (m) => m.revenue.levy),
    money('Refunds', (m) => m.revenue.refunds),
  ],
};

const CHANNELS_CHART: MonthChart = {
  name: 'channels',
  heading: 'Channel mix of nights by month',
  stacked: true,
  series: [
    { label: 'Direct', pick: (m) => m.channels.direct, color: COLORS.primary },
    { label: 'Airbnb', pick: (m) => m.channels.airbnb, color: COLORS.second },
    { label: 'Booking.com', pick: (m) => m.channels.booking, color: COLORS.fourth },
  ],
  caption: 'Channel mix',
  columns: [
    monthColumn,
    { header: 'Direct', cell: (m) => String(m.channels.direct) },
    { header: 'Airbnb', cell: (m) => String(m.channels.airbnb) },
    { header: 'Booking.com', cell: (m) => String(m.channels.booking) },
  ],
};

const PACE_COLUMNS: Column<PaceMonth>[] = [
  { header: 'Month', cell: (p) => monthName(p.month), csv: (p) => p.month },
  { header: 'Nights on the books', cell: (p) => String(p.nights) },
  { header: 'A year before', cell: (p) => String(p.lastYearNights) },
];

/** A chart and, beside it, the table of what it draws (for screen readers and for copying), with its CSV. */
function ChartWithTable<R>(spec: ChartSpec<R>) {
  return (
    <section aria-labelledby={spec.id} className="mt-8">
      <h3 id={spec.id} className="font-medium text-lg text-stone-900">
        {spec.heading}
      </h3>
      <div className="mt-3 grid gap-6 lg:grid-cols-2">
        <BarChart
          label={`${spec.heading}, as in the table beside it`}
          labels={spec.labels}
          stacked={spec.stacked}
          format={spec.format}
          series={spec.series.map((one) => ({
            label: one.label,
            values: spec.rows.map(one.pick),
            color: one.color,
          }))}
        />
        <FigureTable
          caption={spec.caption}
          columns={spec.columns}
          rows={spec.rows}
          fileName={spec.fileName}
        />
      </div>
    </section>
  );
}

/** Figures as terms and values, in a grid. */
function FigureList({ figures, className }: { figures: [string, string][]; className: string }) {
  return (
    <dl className={`mt-4 grid gap-x-6 gap-y-3 ${className}`}>
      {figures.map(([term, value]) => (
        <div key={term}>
          <dt className="text-sm text-stone-600">{term}</dt>
          <dd className="font-medium text-stone-900 tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The range's figures, each with its value; the definitions are written under them. */
function Summary({ report }: { report: ReportResponse }) {
  const figures: [string, string][] = [
    ['Nights available', `${report.nightsAvailable} of ${report.nights} (${report.nightsBlocked} blocked)`],
    ['Nights sold', String(report.nightsSold)],
    ['Occupancy', percent(report.occupancy)],
    ['Accommodation revenue', formatGbp(report.revenue.accommodation)],
    ['ADR', formatGbp(report.adr)],
    ['RevPAR', formatGbp(report.revpar)],
    ['Cleaning', formatGbp(report.revenue.cleaning)],
    ['Service fees', formatGbp(report.revenue.service)],
    ['Visitor levy', formatGbp(report.revenue.levy)],
    ['Refunds', formatGbp(report.revenue.refunds)],
    ['Average lead time', orDash(report.averageLeadTimeDays, 'days')],
    ['Average length of stay', orDash(report.averageLengthOfStay, 'nights')],
    ['Cancellations', String(report.cancellations)],
    [
      'Channel mix (nights)',
      `Direct ${report.channels.direct}, Airbnb ${report.channels.airbnb}, Booking.com ${report.channels.booking}`,
    ],
  ];
  return <FigureList figures={figures} className="sm:grid-cols-2 lg:grid-cols-3" />;
}

function Definitions() {
  return (
    <section aria-labelledby="report-definitions" className="mt-8">
      <h3 id="report-definitions" className="font-medium text-lg text-stone-900">
        How each figure is counted
      </h3>
      <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        {REPORT_DEFINITIONS.map(({ term, text }) => (
          <div key={term} className="contents">
            <dt className="font-medium text-stone-900">{term}</dt>
            <dd className="text-stone-700">{text}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export function ReportFigures({ report, range }: { report: ReportResponse; range: string }) {
  const labels = report.months.map((m) => monthName(m.month));
  return (
    <>
      <Summary report={report} />
      {[OCCUPANCY_CHART, REVENUE_CHART, CHANNELS_CHART].map(({ name, ...chart }) => (
        <ChartWithTable
          key={name}
          id={`report-${name}`}
          {...chart}
          rows={report.months}
          labels={labels}
          fileName={`${name}-${range}.csv`}
        />
      ))}
      <ChartWithTable
        id="report-pace"
        heading="Pace: the coming months against a year before"
        rows={report.pace}
        labels={report.pace.map((p) => monthName(p.month))}
        series={[
          { label: 'On the books', pick: (p) => p.nights, color: COLORS.primary },
          { label: 'A year before', pick: (p) => p.lastYearNights, color: COLORS.second },
        ]}
        caption="Pace"
        columns={PACE_COLUMNS}
        fileName="pace.csv"
      />
      <Definitions />
    </>
  );
}

/** The range picker and the range's figures, month by month. */
function ReportsCard() {
  const year = todayOnPropertyClock(new Date()).slice(0, 4);
  const [range, setRange] = useState({ from: `${year}-01-01`, to: `${year}-12-31` });
  const report = useReport(range.from, range.to);
  return (
    <AdminCard
      headingId="reports-heading"
      title="Reports"
      intro="How full the calendar is and what it earns, from each booking's stored price, month by month."
    >
      <Form
        schema={ReportQuerySchema}
        defaultValues={range}
        onSubmit={(values) => setRange(values)}
        className="mt-4 flex flex-wrap items-end gap-3"
        aria-label="Report range"
      >
        <FormField name="from" label="From" id="report-from">
          <FormInput type="date" />
        </FormField>
        <FormField name="to" label="To" id="report-to">
          <FormInput type="date" />
        </FormField>
        <Button type="submit">Show report</Button>
        <FormAlert />
      </Form>
      <p className="mt-3 text-sm text-stone-600" aria-live="polite">
        Nights from {formatDayMonthYear(range.from)} to {formatDayMonthYear(range.to)}.
      </p>
      <WhenRead query={report} what="the report">
        {(data) => <ReportFigures report={data} range={`${range.from}-to-${range.to}`} />}
      </WhenRead>
    </AdminCard>
  );
}

const LEVY_STAY_COLUMNS: Column<LevyReturnResponse['stays'][number]>[] = [
  { header: 'Reference', cell: (s) => s.reference },
  { header: 'Check-in', cell: (s) => formatDayMonthYear(s.checkIn), csv: (s) => s.checkIn },
  { header: 'Check-out', cell: (s) => formatDayMonthYear(s.checkOut), csv: (s) => s.checkOut },
  { header: 'Status', cell: (s) => (s.status === 'confirmed' ? 'Stayed' : 'Cancelled') },
  { header: 'Levied nights', cell: (s) => String(s.levyNights) },
  {
    header: 'Charged on',
    cell: (s) => formatGbp(s.accommodationPence),
    csv: (s) => pounds(s.accommodationPence),
  },
  {
    header: 'Levy charged',
    cell: (s) => formatGbp(s.levyChargedPence),
    csv: (s) => pounds(s.levyChargedPence),
  },
  {
    header: 'Levy refunded',
    cell: (s) => formatGbp(s.levyRefundedPence),
    csv: (s) => pounds(s.levyRefundedPence),
  },
  { header: 'Net due', cell: (s) => formatGbp(s.netDuePence), csv: (s) => pounds(s.netDuePence) },
];

/** A quarter's levy return: its totals, then its stays with their CSV. */
export function LevyReturnFigures({ data }: { data: LevyReturnResponse }) {
  return (
    <>
      <FigureList
        className="sm:grid-cols-3 lg:grid-cols-5"
        figures={[
          ['Liable stays', String(data.liableStays)],
          ['Accommodation charged on', formatGbp(data.accommodationPence)],
          ['Levy charged', formatGbp(data.levyChargedPence)],
          ['Levy refunded', formatGbp(data.levyRefundedPence)],
          ['Net due', formatGbp(data.netDuePence)],
        ]}
      />
      {data.stays.length === 0 ? (
        <p className="mt-4 text-sm">No stay with the levy began in this quarter.</p>
      ) : (
        <div className="mt-4">
          <FigureTable
            caption={`Stays of ${data.quarter}`}
            columns={LEVY_STAY_COLUMNS}
            rows={data.stays}
            fileName={`visitor-levy-stays-${data.quarter}.csv`}
          />
        </div>
      )}
    </>
  );
}

/** A tax year's totals (its movements are in its CSV). */
export function TaxYearFigures({ data }: { data: TaxYearResponse }) {
  return (
    <FigureList
      className="sm:grid-cols-2 lg:grid-cols-4"
      figures={[
        ['Received', `${formatGbp(data.receivedPence)} (${count(data.payments, 'payment')})`],
        ['Refunded', `${formatGbp(data.refundedPence)} (${count(data.refunds, 'refund')})`],
        ['Net', formatGbp(data.netPence)],
        ['Provider fees', data.feesPence === null ? 'Not reported' : formatGbp(data.feesPence)],
      ]}
    />
  );
}

/** The visitor levy's quarterly return: the quarter's figures and stays, and the council's CSV. */
function LevyReturnCard() {
  const ratePlan = useAdminRatePlan();
  const levy = ratePlan.data?.plan.levy ?? null;
  const quarters = levy ? levyQuarters(levy.startDate, todayOnPropertyClock(new Date())) : [];
  const [chosen, setChosen] = useState<string | null>(null);
  const quarter = chosen ?? quarters[0]?.quarter ?? null;
  const result = useLevyReturn(quarter);
  return (
    <ReadCard
      headingId="levy-return-heading"
      title="Visitor levy return"
      intro="For each quarter from the levy's start: the stays it was charged on, what was refunded on cancellations, and the net due. You are e-mailed the figures when a quarter closes."
      query={ratePlan}
      what="the visitor levy"
    >
      {() =>
        levy === null || quarter === null ? (
          <p className="mt-3 text-sm">
            No visitor levy is set: set its rate and start date in the Prices tab.
          </p>
        ) : (
          <>
            <div className="mt-4 flex flex-wrap items-end gap-3">
              <Field label="Quarter" id="levy-quarter">
                <Select value={quarter} onChange={(event) => setChosen(event.target.value)}>
                  {quarters.map((q) => (
                    <option key={q.quarter} value={q.quarter}>
                      {q.quarter} ({formatDayMonthYear(q.from)} to {formatDayMonthYear(q.to)})
                    </option>
                  ))}
                </Select>
              </Field>
              <Button variant="secondary" onClick={() => downloadLevyReturn(quarter)}>
                Download the return (CSV)
              </Button>
            </div>
            <WhenRead query={result} what="the levy return">
              {(data) => <LevyReturnFigures data={data} />}
            </WhenRead>
          </>
        )
      }
    </ReadCard>
  );
}

/** The UK tax year's money, by the day it moved (cash basis), with its CSV. */
function TaxYearCard() {
  const current = taxYearOf(todayOnPropertyClock(new Date())).year;
  const years = Array.from({ length: 6 }, (_, i) => current - i);
  const [year, setYear] = useState(current);
  const summary = useTaxYear(year);
  return (
    <AdminCard
      headingId="tax-year-heading"
      title="Tax year"
      intro="Money received and refunded from 6 April to 5 April, on the day it moved (the cash basis most sole traders file)."
    >
      <div className="mt-4 flex flex-wrap items-end gap-3">
        <Field label="Tax year" id="tax-year">
          <Select
            value={year}
            onChange={(event) => setYear(Number(event.target.value))}
            options={years}
            labels={(y) => `6 April ${y} to 5 April ${y + 1}`}
          />
        </Field>
        <Button variant="secondary" onClick={() => downloadTaxYear(year)}>
          Download the tax year (CSV)
        </Button>
      </div>
      <WhenRead query={summary} what="the tax year">
        {(data) => <TaxYearFigures data={data} />}
      </WhenRead>
    </AdminCard>
  );
}

/** The admin's Reports tab: the figures of a range, the visitor levy's return and the tax year (decision 027). */
export function ReportsTab() {
  return (
    <>
      <ReportsCard />
      <LevyReturnCard />
      <TaxYearCard />
    </>
  );
}
