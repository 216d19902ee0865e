import { formatGbp } from '../../../domain/format.ts';
import {
  nightsText,
  poundsToPence,
  type Quote,
  type QuoteLine,
  quoteLineText,
} from '../../../domain/pricing.ts';

/** "£225" from whole pounds. */
export const pounds = (gbp: number) => formatGbp(poundsToPence(gbp));

/** The base-rate lines keep the test ids they always had; season and special lines are numbered. */
function lineTestId(line: QuoteLine, index: number): string {
  if (line.season === null && line.kind !== 'special') return `price-${line.kind}`;
  return `price-nights-${index}`;
}

/**
 * The price of the stay as the payment charges it (the quote of src/domain/pricing.ts): nights by kind and
 * price, discounts, cleaning fee, service fee, the visitor levy when it applies, total.
 */
export function PriceBreakdown({ quote }: { quote: Quote }) {
  return (
    <section aria-label="Price breakdown" className="rounded-lg bg-stone-50 p-4 text-sm">
      <dl className="space-y-1.5">
        {quote.lines.map((line, index) => (
          <div key={`${line.kind}-${line.season}-${line.pricePence}`} className="flex justify-between gap-3">
            <dt>{quoteLineText(line)}</dt>
            <dd data-testid={lineTestId(line, index)}>{formatGbp(line.pricePence * line.nights)}</dd>
          </div>
        ))}
        {quote.discounts.map((discount) => (
          <div key={discount.kind} className="flex justify-between gap-3 text-emerald-800">
            <dt>{discount.label}</dt>
            <dd data-testid={`price-discount-${discount.kind}`}>−{formatGbp(discount.amountPence)}</dd>
          </div>
        ))}
        <div className="flex justify-between gap-3">
          <dt>Cleaning fee</dt>
          <dd data-testid="price-cleaning">{formatGbp(quote.cleaningFeePence)}</dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt>Service fee ({quote.serviceFeePercent} %)</dt>
          <dd data-testid="price-service">{formatGbp(quote.serviceFeePence)}</dd>
        </div>
        {quote.levy ? (
          <div className="flex justify-between gap-3">
            <dt>
              Visitor levy ({quote.levy.percent} %
              {quote.levy.nights < quote.nights ? ` on ${nightsText(quote.levy.nights)}` : ''})
            </dt>
            <dd data-testid="price-levy">{formatGbp(quote.levy.pence)}</dd>
          </div>
        ) : null}
        <div className="flex justify-between gap-3 border-stone-300 border-t pt-2 font-bold text-base">
          <dt>
            Total ({quote.nights} {quote.nights === 1 ? 'night' : 'nights'})
          </dt>
          <dd data-testid="price-total">{formatGbp(quote.totalPence)}</dd>
        </div>
      </dl>
    </section>
  );
}
