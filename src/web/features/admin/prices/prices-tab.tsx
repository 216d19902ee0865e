import { type FormEvent, useMemo, useState } from 'react';
import type { AdminRatePlan } from '../../../../domain/api/pricing.ts';
import { addDays, dayOfWeek, type IsoDate, todayOnPropertyClock } from '../../../../domain/dates.ts';
import { formatDayMonthYear, formatGbp } from '../../../../domain/format.ts';
import { priceStay } from '../../../../domain/pricing.ts';
import { MAX_NIGHTS, MIN_NIGHTS } from '../../../../domain/property.ts';
import { LEVY_EARLIEST_START, type RatePlan, WEEKDAY_NAMES } from '../../../../domain/rate-plan.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Field, LABEL_CLASS } from '../../../components/ui/field.tsx';
import { Input, Select } from '../../../components/ui/input.tsx';
import { PriceBreakdown } from '../../booking/price-breakdown.tsx';
import { cardClass } from '../styles.ts';
import { planUrls, useAdminRatePlan } from './prices-api.ts';
import { FormProblem, requireNumber, requirePence, textFromPence, usePlanSubmit } from './prices-form.ts';
import { DiscountsSection, OverridesSection, PromoCodesSection, SeasonsSection } from './prices-sections.tsx';

/**
 * The owner's Prices tab (decision 013): base rates and fees with the visitor levy, seasons, date overrides,
 * length-of-stay discounts and promo codes, each saved through the admin API (which checks the whole plan and
 * writes the audit log), and a live preview priced by the same function the booking card and the server use.
 */
export function PricesTab() {
  const query = useAdminRatePlan();
  if (query.isPending) return <p className="text-sm text-stone-600">Loading the prices…</p>;
  if (query.error || !query.data)
    return (
      <p role="alert" className="text-red-800 text-sm">
        The prices could not be loaded. Please reload the page.
      </p>
    );
  return <PricesEditor state={query.data} />;
}

function PricesEditor({ state }: { state: AdminRatePlan }) {
  const [draft, setDraft] = useState<Partial<RatePlan> | null>(null);
  const previewPlan = useMemo(() => ({ ...state.plan, ...(draft ?? {}) }), [state.plan, draft]);
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <div className="space-y-6">
        <BaseRatesForm plan={state.plan} onDraft={setDraft} />
        <SeasonsSection plan={state.plan} />
        <OverridesSection plan={state.plan} />
        <DiscountsSection plan={state.plan} />
        <PromoCodesSection promoCodes={state.promoCodes} />
      </div>
      <div>
        <PricePreview plan={previewPlan} />
      </div>
    </div>
  );
}

/** Thursday on or after `day`. */
function nextThursday(day: IsoDate): IsoDate {
  return addDays(day, (4 - dayOfWeek(day) + 7) % 7);
}

/** 'A Thursday-to-Sunday stay starting 14 Aug 2026 costs: …', by the plan being edited. */
function PricePreview({ plan }: { plan: RatePlan }) {
  const [checkIn, setCheckIn] = useState<IsoDate>(() => nextThursday(todayOnPropertyClock(new Date())));
  const [nights, setNights] = useState(3);
  const checkOut = addDays(checkIn, nights);
  const quote = /^\d{4}-\d{2}-\d{2}$/.test(checkIn) ? priceStay({ checkIn, checkOut }, plan) : null;
  return (
    <section
      className={`${cardClass} space-y-3 lg:sticky lg:top-4`}
      aria-labelledby="price-preview-heading"
      aria-live="polite"
    >
      <h2 id="price-preview-heading" className="font-serif text-xl">
        Preview
      </h2>
      <div className="grid grid-cols-2 gap-3">
        <Field label="Check-in" id="preview-check-in">
          <Input type="date" value={checkIn} onChange={(event) => setCheckIn(event.target.value)} />
        </Field>
        <Field label="Nights" id="preview-nights">
          <Select value={nights} onChange={(event) => setNights(Number(event.target.value))}>
            {Array.from({ length: MAX_NIGHTS }, (_, i) => i + 1).map((count) => (
              <option key={count} value={count}>
                {count}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      {quote ? (
        <>
          <p data-testid="price-preview" className="text-sm text-stone-800">
            A {WEEKDAY_NAMES[dayOfWeek(checkIn)]}-to-{WEEKDAY_NAMES[dayOfWeek(checkOut)]} stay starting{' '}
            {formatDayMonthYear(checkIn)} costs <strong>{formatGbp(quote.totalPence)}</strong>:
          </p>
          <PriceBreakdown quote={quote} />
          <p className="text-stone-600 text-xs">
            Unsaved base rates are shown here before you save them. Guests see saved prices only.
          </p>
        </>
      ) : null}
    </section>
  );
}

type BaseFields = {
  weekday: string;
  weekend: string;
  weekendNights: number[];
  cleaning: string;
  serviceFee: string;
  levyOn: boolean;
  levyPercent: string;
  levyStart: string;
};

function baseFields(plan: RatePlan): BaseFields {
  return {
    weekday: textFromPence(plan.weekdayPence),
    weekend: textFromPence(plan.weekendPence),
    weekendNights: plan.weekendNights,
    cleaning: textFromPence(plan.cleaningFeePence),
    serviceFee: String(plan.serviceFeePercent),
    levyOn: plan.levy !== null,
    levyPercent: plan.levy ? String(plan.levy.percent) : '',
    levyStart: plan.levy?.startDate ?? LEVY_EARLIEST_START,
  };
}

function baseBody(fields: BaseFields) {
  return {
    weekdayPence: requirePence(fields.weekday, 'the weekday price'),
    weekendPence: requirePence(fields.weekend, 'the weekend price'),
    weekendNights: fields.weekendNights,
    cleaningFeePence: requirePence(fields.cleaning, 'the cleaning fee'),
    serviceFeePercent: requireNumber(fields.serviceFee, 'the service fee'),
    levy: fields.levyOn
      ? { percent: requireNumber(fields.levyPercent, 'the visitor levy'), startDate: fields.levyStart }
      : null,
  };
}

function BaseRatesForm({
  plan,
  onDraft,
}: {
  plan: RatePlan;
  onDraft(draft: Partial<RatePlan> | null): void;
}) {
  const [fields, setFields] = useState<BaseFields>(() => baseFields(plan));
  const { submit, error, pending } = usePlanSubmit();

  function update(changes: Partial<BaseFields>) {
    const next = { ...fields, ...changes };
    setFields(next);
    try {
      onDraft(baseBody(next) as Partial<RatePlan>);
    } catch (problem) {
      if (!(problem instanceof FormProblem)) throw problem;
      onDraft(null); // not a price yet: the preview keeps the saved one
    }
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    await submit(() => ({ method: 'PUT', url: planUrls.base, body: baseBody(fields) }), {
      title: 'Prices Saved',
      description: 'Guests now see the new rates.',
      after: () => onDraft(null),
    });
  }

  return (
    <section className={cardClass} aria-labelledby="base-rates-heading">
      <h2 id="base-rates-heading" className="font-serif text-xl">
        Rates and fees
      </h2>
      <p className="mt-1 text-sm text-stone-600">
        The price of a night outside seasons and date overrides, and the fees of every stay. Stays are{' '}
        {MIN_NIGHTS} to {MAX_NIGHTS} nights; a season may ask more.
      </p>
      <form onSubmit={onSubmit} noValidate className="mt-4 grid gap-4 sm:grid-cols-2">
        <Field label="Weekday price per night (£)" id="base-weekday">
          <Input
            inputMode="decimal"
            value={fields.weekday}
            onChange={(e) => update({ weekday: e.target.value })}
          />
        </Field>
        <Field label="Weekend price per night (£)" id="base-weekend">
          <Input
            inputMode="decimal"
            value={fields.weekend}
            onChange={(e) => update({ weekend: e.target.value })}
          />
        </Field>
        <fieldset className="sm:col-span-2">
          <legend className={LABEL_CLASS}>Weekend nights</legend>
          <div className="flex flex-wrap gap-3 text-sm">
            {WEEKDAY_NAMES.map((name, day) => (
              <label key={name} className="flex items-center gap-1.5">
                <input
                  type="checkbox"
                  checked={fields.weekendNights.includes(day)}
                  onChange={(e) =>
                    update({
                      weekendNights: e.target.checked
                        ? [...fields.weekendNights, day].sort()
                        : fields.weekendNights.filter((one) => one !== day),
                    })
                  }
                />
                {name}
              </label>
            ))}
          </div>
        </fieldset>
        <Field label="Cleaning fee per stay (£)" id="base-cleaning">
          <Input
            inputMode="decimal"
            value={fields.cleaning}
            onChange={(e) => update({ cleaning: e.target.value })}
          />
        </Field>
        <Field
          label="Service fee (%)"
          id="base-service"
          hint="Of the nights' price after discounts, rounded to the pound."
        >
          <Input
            inputMode="decimal"
            value={fields.serviceFee}
            onChange={(e) => update({ serviceFee: e.target.value })}
          />
        </Field>
        <fieldset className="space-y-3 sm:col-span-2">
          <legend className={LABEL_CLASS}>Visitor levy</legend>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={fields.levyOn}
              onChange={(e) => update({ levyOn: e.target.checked })}
            />
            Charge the visitor levy (its own line on the bill, included in the total)
          </label>
          {fields.levyOn ? (
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label="Levy (%)" id="levy-percent">
                <Input
                  inputMode="decimal"
                  value={fields.levyPercent}
                  onChange={(e) => update({ levyPercent: e.target.value })}
                />
              </Field>
              <Field
                label="Levy applies to nights from"
                id="levy-start"
                hint="Aberdeen's levy starts 1 April 2027 at the earliest."
              >
                <Input
                  type="date"
                  min={LEVY_EARLIEST_START}
                  value={fields.levyStart}
                  onChange={(e) => update({ levyStart: e.target.value })}
                />
              </Field>
            </div>
          ) : null}
        </fieldset>
        {error ? (
          <p role="alert" className="text-red-800 text-sm sm:col-span-2">
            {error}
          </p>
        ) : null}
        <div className="sm:col-span-2">
          <Button type="submit" disabled={pending}>
            {pending ? 'Saving...' : 'Save rates and fees'}
          </Button>
        </div>
      </form>
    </section>
  );
}
