import type { ComponentProps } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { textOf } from '../../../test/text-of.ts';
import { LevyReturnFigures, TaxYearFigures } from './reports-tab.tsx';

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

describe('the Reports tab', () => {
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
