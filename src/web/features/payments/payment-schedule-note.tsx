import { type ReactNode, useEffect, useId, useRef } from 'react';
import { formatGbp, formatLongDate } from '../../../domain/format.ts';
import type { PaymentPlan } from '../../../domain/payment-schedule.ts';
import { CONSENT_NEEDED } from './use-booking-payment.ts';

/**
 * '£274.20 today, £639.80 on Sunday 4 July 2027, charged to this card'; nothing when paid in full.
 * See docs/decisions/016-deposit-now-balance-later.md.
 */
export function scheduleSummary(plan: PaymentPlan): string | null {
  if (plan.kind !== 'deposit') return null;
  return `${formatGbp(plan.todayPence)} today, ${formatGbp(plan.balancePence)} on ${formatLongDate(plan.balanceDueOn)}, charged to this card`;
}

/** The dialog's line of what is paid now. */
export function todayDescription(plan: PaymentPlan | undefined): string | undefined {
  if (plan?.kind !== 'deposit') return undefined;
  return `To pay today: ${formatGbp(plan.todayPence)} deposit (${formatGbp(plan.balancePence)} on ${formatLongDate(plan.balanceDueOn)})`;
}

/**
 * What a deposit booking charges today and later, and the guest's agreement to the card being saved for the
 * balance: shown above the payment buttons, for the card and the wallet alike. `asked` counts the payment
 * buttons pressed without the agreement: the box then says it is needed, and takes the focus.
 */
export function PaymentScheduleNote({
  plan,
  consent,
  onConsentChange,
  asked = 0,
}: {
  plan: PaymentPlan;
  consent: boolean;
  onConsentChange(value: boolean): void;
  asked?: number;
}) {
  const summary = scheduleSummary(plan);
  if (!summary || plan.kind !== 'deposit') return null;
  return (
    <section
      aria-label="Payment schedule"
      className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm"
    >
      <p className="font-semibold text-stone-900" data-testid="payment-schedule">
        {summary}
      </p>
      <p className="mt-1 text-stone-700">
        A deposit now; the balance is charged automatically {`on ${formatLongDate(plan.balanceDueOn)}`}. If
        the charge does not go through, we e-mail you a link to pay it.
      </p>
      <ConsentBox consent={consent} onConsentChange={onConsentChange} asked={asked} needed={CONSENT_NEEDED}>
        I agree that my card is saved and charged {formatGbp(plan.balancePence)} on{' '}
        {formatLongDate(plan.balanceDueOn)} for the balance.
      </ConsentBox>
    </section>
  );
}

/**
 * The guest's agreement to the card being saved (for the balance, for a damage deposit): once a payment button
 * was pressed without it (`asked` > 0), the box says it is `needed` and takes the focus.
 */
export function ConsentBox({
  consent,
  onConsentChange,
  asked,
  needed,
  children,
}: {
  consent: boolean;
  onConsentChange(value: boolean): void;
  asked: number;
  needed: string;
  children: ReactNode;
}) {
  const errorId = useId();
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (asked > 0) box.current?.focus();
  }, [asked]);
  const missing = asked > 0 && !consent;
  return (
    <>
      <label className="mt-2 flex items-start gap-2 text-stone-800">
        <input
          ref={box}
          type="checkbox"
          className="mt-0.5 size-4"
          checked={consent}
          aria-invalid={missing || undefined}
          aria-describedby={missing ? errorId : undefined}
          onChange={(event) => onConsentChange(event.target.checked)}
        />
        <span>{children}</span>
      </label>
      {missing ? (
        <p id={errorId} role="alert" className="mt-1 pl-6 font-medium text-red-700">
          {needed}
        </p>
      ) : null}
    </>
  );
}
