import { formatGbp, poundsToPence, type Quote } from '../../../domain/pricing.ts';
import { SERVICE_FEE_PERCENT } from '../../../domain/property.ts';

/** "£225" from whole pounds. */
export const pounds = (gbp: number) => formatGbp(poundsToPence(gbp));

const nightsText = (count: number, kind: string) => `${count} ${kind} ${count === 1 ? 'night' : 'nights'}`;

/** The price of the stay as the payment charges it: nights at each rate, cleaning fee, service fee, total. */
export function PriceBreakdown({ quote }: { quote: Quote }) {
  return (
    <section aria-label="Price breakdown" className="rounded-lg bg-stone-50 p-4 text-sm">
      <dl className="space-y-1.5">
        {quote.weekdayNights > 0 ? (
          <div className="flex justify-between gap-3">
            <dt>
              {pounds(quote.weekdayRate)} × {nightsText(quote.weekdayNights, 'weekday')}
            </dt>
            <dd data-testid="price-weekday">{pounds(quote.weekdayNights * quote.weekdayRate)}</dd>
          </div>
        ) : null}
        {quote.weekendNights > 0 ? (
          <div className="flex justify-between gap-3">
            <dt>
              {pounds(quote.weekendRate)} × {nightsText(quote.weekendNights, 'weekend')}
            </dt>
            <dd data-testid="price-weekend">{pounds(quote.weekendNights * quote.weekendRate)}</dd>
          </div>
        ) : null}
        <div className="flex justify-between gap-3">
          <dt>Cleaning fee</dt>
          <dd data-testid="price-cleaning">{pounds(quote.cleaningFee)}</dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt>Service fee ({SERVICE_FEE_PERCENT} %)</dt>
          <dd data-testid="price-service">{pounds(quote.serviceFee)}</dd>
        </div>
        <div className="flex justify-between gap-3 border-stone-300 border-t pt-2 font-bold text-base">
          <dt>
            Total ({quote.nights} {quote.nights === 1 ? 'night' : 'nights'})
          </dt>
          <dd data-testid="price-total">{pounds(quote.total)}</dd>
        </div>
      </dl>
    </section>
  );
}
