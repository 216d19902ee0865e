import { useEffect, useMemo, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import type { AdminRatePlan } from '../../../../domain/api/pricing.ts';
import { addDays, dayOfWeek, type IsoDate, todayOnPropertyClock } from '../../../../domain/dates.ts';
import { formatDayMonthYear, formatGbp } from '../../../../domain/format.ts';
import { priceStay } from '../../../../domain/pricing.ts';
import { MAX_NIGHTS, MIN_NIGHTS } from '../../../../domain/property.ts';
import { BaseRatesSchema, LEVY_EARLIEST_START, type RatePlan } from '../../../../domain/rate-plan.ts';
import { WEEKDAY_NAMES } from '../../../../domain/rate-plan-rules.ts';
import { Field, LABEL_CLASS } from '../../../components/ui/field.tsx';
import {
  Form,
  FormAlert,
  FormCheckbox,
  FormField,
  FormInput,
  FormSubmit,
  readAt,
} from '../../../components/ui/form.tsx';
import { Input, Select } from '../../../components/ui/input.tsx';
import { toast } from '../../../lib/toast.ts';
import { PriceBreakdown } from '../../booking/index.ts';
import { AdminCard } from '../shared/card.tsx';
import { useAdminRatePlan } from '../shared/queries.ts';
import { cardClass } from '../shared/styles.ts';
import { WhenRead } from '../shared/when-read.tsx';
import { planUrls, usePlanChange } from './prices-api.ts';
import { figure, pounds, textFromPence } from './prices-form.ts';
import { DiscountsSection, OverridesSection, PromoCodesSection, SeasonsSection } from './prices-sections.tsx';

/**
 * The owner's Prices tab (decision 013): base rates and fees with the visitor levy, seasons, date overrides,
 * length-of-stay discounts and promo codes, each saved through the admin API (which checks the whole plan and
 * writes the audit log), and a live preview priced by the same function the booking card and the server use.
 */
export function PricesTab() {
  const query = useAdminRatePlan();
  return (
    <WhenRead query={query} what="the prices" className="text-sm">
      {(state) => <PricesEditor state={state} />}
    </WhenRead>
  );
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
          <Select
            value={nights}
            onChange={(event) => setNights(Number(event.target.value))}
            options={Array.from({ length: MAX_NIGHTS }, (_, i) => i + 1)}
          />
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

/** The text of the base rates as typed, read into numbers; the preview shows it before it is saved. */
const BaseRatesText = z
  .object({
    weekdayPence: pounds('the weekday price').required,
    weekendPence: pounds('the weekend price').required,
    // The ticked days, as the check boxes' values.
    weekendNights: z.array(z.string()).transform((days) => days.map(Number).sort()),
    cleaningFeePence: pounds('the cleaning fee').required,
    serviceFeePercent: figure('the service fee').required,
    levyOn: z.boolean(),
    levy: z.object({ percent: z.string(), startDate: z.string() }),
  })
  .transform(({ levyOn, levy, ...rates }, context) => ({
    ...rates,
    levy: levyOn
      ? {
          percent: readAt(figure('the visitor levy').required, levy.percent, context, ['levy', 'percent']),
          startDate: levy.startDate,
        }
      : null,
  }));

const BaseRatesInput = BaseRatesText.transform((rates, context) => readAt(BaseRatesSchema, rates, context));

const baseRatesText = (plan: RatePlan) => ({
  weekdayPence: textFromPence(plan.weekdayPence),
  weekendPence: textFromPence(plan.weekendPence),
  weekendNights: plan.weekendNights.map(String),
  cleaningFeePence: textFromPence(plan.cleaningFeePence),
  serviceFeePercent: String(plan.serviceFeePercent),
  levyOn: plan.levy !== null,
  levy: {
    percent: plan.levy ? String(plan.levy.percent) : '',
    startDate: plan.levy?.startDate ?? LEVY_EARLIEST_START,
  },
});

/** Hands the preview the rates as typed, or null while they are not prices yet (it keeps the saved ones). */
function Draft({ onDraft }: { onDraft(draft: Partial<RatePlan> | null): void }) {
  const values = useWatch();
  useEffect(() => {
    const typed = BaseRatesText.safeParse(values);
    onDraft(typed.success ? typed.data : null);
  }, [values, onDraft]);
  return null;
}

function BaseRatesForm({
  plan,
  onDraft,
}: {
  plan: RatePlan;
  onDraft(draft: Partial<RatePlan> | null): void;
}) {
  const change = usePlanChange();

  async function onSubmit(body: z.output<typeof BaseRatesSchema>) {
    await change.mutateAsync({ method: 'PUT', url: planUrls.base, body });
    toast({ title: 'Prices Saved', description: 'Guests now see the new rates.' });
  }

  return (
    <AdminCard
      headingId="base-rates-heading"
      title="Rates and fees"
      intro={
        <>
          The price of a night outside seasons and date overrides, and the fees of every stay. Stays are{' '}
          {MIN_NIGHTS} to {MAX_NIGHTS} nights; a season may ask more.
        </>
      }
    >
      <Form
        schema={BaseRatesInput}
        defaultValues={baseRatesText(plan)}
        onSubmit={onSubmit}
        className="mt-4 grid gap-4 sm:grid-cols-2"
      >
        {(form) => (
          <>
            <Draft onDraft={onDraft} />
            <FormField name="weekdayPence" label="Weekday price per night (£)" id="base-weekday">
              <FormInput inputMode="decimal" />
            </FormField>
            <FormField name="weekendPence" label="Weekend price per night (£)" id="base-weekend">
              <FormInput inputMode="decimal" />
            </FormField>
            <fieldset className="sm:col-span-2">
              <legend className={LABEL_CLASS}>Weekend nights</legend>
              <div className="flex flex-wrap gap-3 text-sm">
                {WEEKDAY_NAMES.map((name, day) => (
                  <label key={name} className="flex items-center gap-1.5">
                    <input type="checkbox" value={String(day)} {...form.register('weekendNights')} />
                    {name}
                  </label>
                ))}
              </div>
            </fieldset>
            <FormField name="cleaningFeePence" label="Cleaning fee per stay (£)" id="base-cleaning">
              <FormInput inputMode="decimal" />
            </FormField>
            <FormField
              name="serviceFeePercent"
              label="Service fee (%)"
              id="base-service"
              hint="Of the nights' price after discounts, rounded to the pound."
            >
              <FormInput inputMode="decimal" />
            </FormField>
            <fieldset className="space-y-3 sm:col-span-2">
              <legend className={LABEL_CLASS}>Visitor levy</legend>
              <FormCheckbox name="levyOn" className="flex items-center gap-2 text-sm">
                Charge the visitor levy (its own line on the bill, included in the total)
              </FormCheckbox>
              {form.watch('levyOn') ? (
                <div className="grid gap-4 sm:grid-cols-2">
                  <FormField name="levy.percent" label="Levy (%)" id="levy-percent">
                    <FormInput inputMode="decimal" />
                  </FormField>
                  <FormField
                    name="levy.startDate"
                    label="Levy applies to nights from"
                    id="levy-start"
                    hint="Aberdeen's levy starts 1 April 2027 at the earliest."
                  >
                    <FormInput type="date" min={LEVY_EARLIEST_START} />
                  </FormField>
                </div>
              ) : null}
            </fieldset>
            <FormAlert className="text-red-800 text-sm sm:col-span-2" />
            <div className="sm:col-span-2">
              <FormSubmit pendingLabel="Saving...">Save rates and fees</FormSubmit>
            </div>
          </>
        )}
      </Form>
    </AdminCard>
  );
}
