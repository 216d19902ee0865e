import { formatGbp } from '../../../domain/format.ts';
import { useSiteContent } from '../../lib/site-content.ts';

const gbp = (pounds: number) => formatGbp(Math.round(pounds * 100));

/**
 * The nightly rates with the mandatory fees beside them: UK prices must not leave out compulsory charges (the
 * Digital Markets, Competition and Consumers Act 2024 ban on drip pricing, in force since April 2025).
 */
export function RateSummary({ tone = 'light' }: { tone?: 'light' | 'dark' }) {
  const { prices } = useSiteContent();
  const example = prices.exampleWeekend;
  // The pages say what the booking charges: seasons or special dates outside the base rates are mentioned.
  const seasonal =
    prices.fromGbp < Math.min(prices.weekdayGbp, prices.weekendGbp) ||
    prices.toGbp > Math.max(prices.weekdayGbp, prices.weekendGbp) ||
    prices.fromGbp !== prices.weekdayGbp;
  const weekdays =
    prices.weekendNightsLabel === 'Friday and Saturday' ? 'Sunday to Thursday' : 'on other nights';
  const muted = tone === 'dark' ? 'text-stone-200' : 'text-stone-700';
  return (
    <div className={tone === 'dark' ? 'text-white' : 'text-stone-900'}>
      <p className="font-semibold text-lg">
        From {gbp(prices.fromGbp)} a night{' '}
        <span className="font-normal">
          {seasonal
            ? `(usually ${gbp(prices.weekdayGbp)} ${weekdays} and ${gbp(prices.weekendGbp)} on ${prices.weekendNightsLabel} nights; prices vary by date)`
            : `(${weekdays}; ${gbp(prices.weekendGbp)} on ${prices.weekendNightsLabel} nights)`}
        </span>
      </p>
      <p className={`mt-1 text-sm ${muted}`}>
        Plus a {gbp(prices.cleaningFeeGbp)} cleaning fee per stay and a {prices.serviceFeePercent}% service
        fee on the nightly rates. For example, a Friday and Saturday night weekend costs {gbp(example.total)}{' '}
        in total ({gbp(example.accommodation)} + {gbp(example.cleaningFee)} cleaning +{' '}
        {gbp(example.serviceFee)} service). Minimum stay {prices.minNights} nights, up to 4 guests.
      </p>
    </div>
  );
}
