import type { ComponentProps } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { textOf } from '../../../test/text-of.ts';
import { LevyReturnFigures, ReportFigures, TaxYearFigures } from './reports-tab.tsx';

/** A quarter's levy return with no levied stay; each case gives what it reads. */
const levyReturn = (
  figures: Partial<ComponentProps<typeof LevyReturnFigures>['data']>,
): ComponentProps<typeof LevyReturnFigures>['data'] => ({
  quarter: '2027-Q3',
  from: '2027-07-01',
  to: '2027-09-30',
  levy: { percent: 7, startDate: '2027-04-01' },
  liableStays: 0,
  accommodationPence: 0,
  levyChargedPence: 0,
  levyRefundedPence: 0,
  netDuePence: 0,
  quarters: ['2027-Q3', '2027-Q2'],
  stays: [],
  ...figures,
});

/** One month's figures: four nights sold of thirty, two direct and two from Airbnb. */
const july = {
  from: '2027-07-01',
  to: '2027-07-31',
  nights: 31,
  nightsBlocked: 1,
  nightsAvailable: 30,
  nightsSold: 4,
  occupancy: 4 / 30,
  revenue: { accommodation: 90_000, cleaning: 6_000, service: 4_500, levy: 6_300, refunds: 0 },
  adr: 22_500,
  revpar: 3_000,
  averageLeadTimeDays: 40,
  averageLengthOfStay: 4,
  cancellations: 0,
  channels: { direct: 2, airbnb: 2, booking: 0 },
};

describe('the Reports tab', () => {
  it('draws the charts in order, each named by its heading, beside the table of its figures', () => {
    const html = renderToStaticMarkup(
      <ReportFigures
        report={{ ...july, months: [{ ...july, month: '2027-07' }], pace: [] }}
        range="2027-07-01-to-2027-07-31"
      />,
    );
    const headings = [
      ...html.matchAll(/<section aria-labelledby="(report-[a-z]+)"[^>]*><h3 id="\1"[^>]*>([^<]+)</g),
    ];
    expect(headings.map(([, id, heading]) => [id, heading])).toEqual([
      ['report-occupancy', 'Occupancy by month'],
      ['report-revenue', 'Revenue by month'],
      ['report-channels', 'Channel mix of nights by month'],
      ['report-pace', 'Pace: the coming months against a year before'],
      ['report-definitions', 'How each figure is counted'],
    ]);
    const text = textOf(html);
    expect(text).toContain('Occupancy Month Nights available Nights sold Occupancy');
    expect(text).toContain('July 2027 30 4 13.3 % 0 40 days 4 nights');
    expect(text).toContain('July 2027 £900 £225 £30 £60 £45 £63 £0');
    expect(text).toContain('Channel mix Month Direct Airbnb Booking.com July 2027 2 2 0');
  });

  it('reads a quarter’s levy return: its totals, then each stay, with the table’s CSV', () => {
    const html = renderToStaticMarkup(
      <LevyReturnFigures
        data={levyReturn({
          quarter: '2027-Q2',
          from: '2027-04-01',
          to: '2027-06-30',
          liableStays: 1,
          accommodationPence: 67_500,
          levyChargedPence: 9_450,
          levyRefundedPence: 4_725,
          netDuePence: 4_725,
          quarters: ['2027-Q2'],
          stays: [
            {
              reference: 'TWR-8D38-6281',
              checkIn: '2027-05-10',
              checkOut: '2027-05-13',
              status: 'canceled',
              levyNights: 3,
              accommodationPence: 67_500,
              levyChargedPence: 4_725,
              levyRefundedPence: 4_725,
              netDuePence: 0,
            },
          ],
        })}
      />,
    );
    expect(textOf(html)).toContain(
      'Liable stays 1 Accommodation charged on £675 Levy charged £94.50 Levy refunded £47.25 Net due £47.25',
    );
    expect(textOf(html)).toContain('TWR-8D38-6281 10 May 2027 13 May 2027 Cancelled 3 £675 £47.25 £47.25 £0');
    expect(html).toContain('Download stays of 2027-Q2 (CSV)');
  });

  it('says when no levied stay began in the quarter, and reads a tax year without provider fees', () => {
    const empty = renderToStaticMarkup(<LevyReturnFigures data={levyReturn({})} />);
    expect(textOf(empty)).toContain('No stay with the levy began in this quarter.');
    const taxYear = renderToStaticMarkup(
      <TaxYearFigures
        data={{
          year: 2027,
          label: '2027–28',
          from: '2027-04-06',
          to: '2028-04-05',
          receivedPence: 200_000,
          refundedPence: 50_000,
          netPence: 150_000,
          payments: 3,
          refunds: 1,
          feesPence: null,
          movements: [],
        }}
      />,
    );
    expect(textOf(taxYear)).toBe(
      'Received £2,000 (3 payments) Refunded £500 (1 refund) Net £1,500 Provider fees Not reported',
    );
  });
});
