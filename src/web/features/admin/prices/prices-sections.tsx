import { z } from 'zod';
import type { AdminRatePlan } from '../../../../domain/api/pricing.ts';
import { formatGbp } from '../../../../domain/format.ts';
import { MIN_NIGHTS } from '../../../../domain/property.ts';
import {
  type DateOverride,
  DateOverrideInputSchema,
  formatNights,
  PROMO_KINDS,
  PromoCodeInputSchema,
  type RatePlan,
  type Season,
  SeasonInputSchema,
  type StayDiscount,
  StayDiscountInputSchema,
} from '../../../../domain/rate-plan.ts';
import { FormCheckbox, FormField, FormInput, FormSelect, readAt } from '../../../components/ui/form.tsx';
import { PlanListSection } from './plan-list-section.tsx';
import { planUrls } from './prices-api.ts';
import { figure, pounds, textFromPence } from './prices-form.ts';

type PromoCode = AdminRatePlan['promoCodes'][number];

/*
 * The lists of the Prices tab: seasons, date overrides, length-of-stay discounts and promo codes, each one
 * `PlanListSection` given its fields, and a schema that reads the form's text into the domain's input schema.
 */

/* ---------- Seasons ---------- */

const SeasonForm = z
  .object({
    name: z.string(),
    firstNight: z.string(),
    lastNight: z.string(),
    weekdayPence: pounds('the weekday price').required,
    weekendPence: pounds('the weekend price').required,
    minNights: figure('the minimum stay').required,
  })
  .pipe(SeasonInputSchema);

export function SeasonsSection({ plan }: { plan: RatePlan }) {
  return (
    <PlanListSection
      id="seasons"
      title="Seasons"
      intro="Dates with their own prices and minimum stay, e.g. the Open week. The minimum stay is the one of the season the check-in falls in. Seasons may not overlap."
      empty="No seasons: every night is at the base rates."
      noun="season"
      items={plan.seasons}
      keyOf={(season: Season) => season.id}
      summary={(season) => (
        <>
          <strong>{season.name}</strong> · {formatNights(season)} · {formatGbp(season.weekdayPence)} weekday,{' '}
          {formatGbp(season.weekendPence)} weekend · minimum {season.minNights} nights
        </>
      )}
      label={(season) => season.name}
      deletedName={(season) => `The season ${season.name}`}
      url={(id) => planUrls.part('seasons', id)}
      schema={SeasonForm}
      blank={{
        name: '',
        firstNight: '',
        lastNight: '',
        weekdayPence: '',
        weekendPence: '',
        minNights: String(MIN_NIGHTS),
      }}
      valuesOf={(season) => ({
        name: season.name,
        firstNight: season.firstNight,
        lastNight: season.lastNight,
        weekdayPence: textFromPence(season.weekdayPence),
        weekendPence: textFromPence(season.weekendPence),
        minNights: String(season.minNights),
      })}
      fields={
        <>
          <FormField name="name" label="Season name" id="season-name" className="sm:col-span-2">
            <FormInput maxLength={80} />
          </FormField>
          <FormField name="firstNight" label="First night" id="season-first">
            <FormInput type="date" />
          </FormField>
          <FormField name="lastNight" label="Last night" id="season-last">
            <FormInput type="date" />
          </FormField>
          <FormField name="weekdayPence" label="Season weekday price (£)" id="season-weekday">
            <FormInput inputMode="decimal" />
          </FormField>
          <FormField name="weekendPence" label="Season weekend price (£)" id="season-weekend">
            <FormInput inputMode="decimal" />
          </FormField>
          <FormField name="minNights" label="Minimum stay (nights)" id="season-min">
            <FormInput inputMode="numeric" />
          </FormField>
        </>
      }
    />
  );
}

/* ---------- Date overrides ---------- */

const OverrideForm = z
  .object({
    firstNight: z.string(),
    lastNight: z.string(),
    pricePence: pounds('the price').optional,
    closedToArrival: z.boolean(),
    closedToDeparture: z.boolean(),
    note: z.string(),
  })
  // An empty 'To' is the one night 'From'.
  .transform((override, context) =>
    readAt(
      DateOverrideInputSchema,
      { ...override, lastNight: override.lastNight || override.firstNight },
      context,
    ),
  );

export function OverridesSection({ plan }: { plan: RatePlan }) {
  return (
    <PlanListSection
      id="overrides"
      title="Date overrides"
      intro="A price for particular nights (it wins over seasons and weekends), or days on which stays may not start or end."
      empty="No date overrides."
      noun="date override"
      items={plan.overrides}
      keyOf={(override: DateOverride) => override.id}
      summary={(override) => (
        <>
          <strong>{formatNights(override)}</strong>
          {override.pricePence !== null ? ` · ${formatGbp(override.pricePence)} a night` : ''}
          {override.closedToArrival ? ' · no arrivals' : ''}
          {override.closedToDeparture ? ' · no departures' : ''}
          {override.note ? ` · ${override.note}` : ''}
        </>
      )}
      label={(override) => `date override ${formatNights(override)}`}
      deletedName={() => 'The date override'}
      url={(id) => planUrls.part('overrides', id)}
      schema={OverrideForm}
      blank={{
        firstNight: '',
        lastNight: '',
        pricePence: '',
        closedToArrival: false,
        closedToDeparture: false,
        note: '',
      }}
      valuesOf={(override) => ({
        firstNight: override.firstNight,
        lastNight: override.lastNight,
        pricePence: textFromPence(override.pricePence),
        closedToArrival: override.closedToArrival,
        closedToDeparture: override.closedToDeparture,
        note: override.note,
      })}
      fields={
        <>
          <FormField name="firstNight" label="From" id="override-first">
            <FormInput type="date" />
          </FormField>
          <FormField name="lastNight" label="To (the last night; empty for one night)" id="override-last">
            <FormInput type="date" />
          </FormField>
          <FormField name="pricePence" label="Price per night (£, optional)" id="override-price">
            <FormInput inputMode="decimal" />
          </FormField>
          <FormField name="note" label="Note (optional)" id="override-note">
            <FormInput maxLength={200} />
          </FormField>
          <div className="flex flex-wrap gap-4 text-sm sm:col-span-2">
            <FormCheckbox name="closedToArrival" className="flex items-center gap-2">
              Closed to arrival
            </FormCheckbox>
            <FormCheckbox name="closedToDeparture" className="flex items-center gap-2">
              Closed to departure
            </FormCheckbox>
          </div>
        </>
      }
    />
  );
}

/* ---------- Length-of-stay discounts ---------- */

const DiscountForm = z
  .object({
    minNights: figure('the number of nights').required,
    percent: figure('the discount').required,
  })
  .pipe(StayDiscountInputSchema);

export function DiscountsSection({ plan }: { plan: RatePlan }) {
  return (
    <PlanListSection
      id="discounts"
      title="Length-of-stay discounts"
      intro="A percentage off the nights' price for longer stays; the largest one a stay reaches applies."
      empty="No length-of-stay discounts."
      noun="discount"
      items={[...plan.discounts].sort((a, b) => a.minNights - b.minNights)}
      keyOf={(discount: StayDiscount) => discount.id}
      summary={(discount) => (
        <>
          <strong>{discount.percent} % off</strong> stays of {discount.minNights} nights or more
        </>
      )}
      label={(discount) => `discount for ${discount.minNights} nights`}
      deletedName={() => 'The discount'}
      url={(id) => planUrls.part('discounts', id)}
      schema={DiscountForm}
      blank={{ minNights: '', percent: '' }}
      valuesOf={(discount) => ({ minNights: String(discount.minNights), percent: String(discount.percent) })}
      fields={
        <>
          <FormField name="minNights" label="Stays of at least (nights)" id="discount-nights">
            <FormInput inputMode="numeric" />
          </FormField>
          <FormField name="percent" label="Discount (%)" id="discount-percent">
            <FormInput inputMode="decimal" />
          </FormField>
        </>
      }
    />
  );
}

/* ---------- Promo codes ---------- */

/** The one amount box is the percentage or the pounds off, as the kind says; the domain's problems with either sit under it. */
const PromoForm = z
  .object({
    code: z.string(),
    kind: z.enum(PROMO_KINDS),
    amount: z.string(),
    bookFrom: z.string(),
    bookTo: z.string(),
    stayFrom: z.string(),
    stayTo: z.string(),
    maxUses: figure('the maximum number of uses').optional,
    active: z.boolean(),
  })
  .transform(({ amount, ...promo }, context) => {
    const body = {
      ...promo,
      percent:
        promo.kind === 'percent'
          ? readAt(figure('the percentage off').required, amount, context, ['amount'])
          : null,
      amountPence:
        promo.kind === 'fixed'
          ? readAt(pounds('the amount off').required, amount, context, ['amount'])
          : null,
      bookFrom: promo.bookFrom || null,
      bookTo: promo.bookTo || null,
      stayFrom: promo.stayFrom || null,
      stayTo: promo.stayTo || null,
    };
    return readAt(PromoCodeInputSchema, body, context, (path) =>
      path[0] === 'percent' || path[0] === 'amountPence' ? ['amount'] : path,
    );
  });

const promoOff = (promo: PromoCode) =>
  promo.kind === 'percent' ? `${promo.percent} % off` : `${formatGbp(promo.amountPence ?? 0)} off`;

export function PromoCodesSection({ promoCodes }: { promoCodes: PromoCode[] }) {
  return (
    <PlanListSection
      id="promo-codes"
      title="Promo codes"
      intro="A code guests type on the booking card for a percentage or an amount off the nights' price. Codes do not depend on upper or lower case."
      empty="No promo codes."
      noun="promo code"
      items={promoCodes}
      keyOf={(promo: PromoCode) => String(promo.id)}
      summary={(promo) => (
        <>
          <strong className="font-mono">{promo.code}</strong> · {promoOff(promo)} · used {promo.uses}
          {promo.maxUses !== null ? ` of ${promo.maxUses}` : ''} {promo.uses === 1 ? 'time' : 'times'}
          {promo.active ? '' : ' · switched off'}
        </>
      )}
      label={(promo) => `promo code ${promo.code}`}
      deletedName={() => 'The promo code'}
      url={(key) => planUrls.promo(key === undefined ? undefined : Number(key))}
      schema={PromoForm}
      blank={{
        code: '',
        kind: 'percent',
        amount: '',
        bookFrom: '',
        bookTo: '',
        stayFrom: '',
        stayTo: '',
        maxUses: '',
        active: true,
      }}
      valuesOf={(promo) => ({
        code: promo.code,
        kind: promo.kind,
        amount: promo.kind === 'percent' ? String(promo.percent ?? '') : textFromPence(promo.amountPence),
        bookFrom: promo.bookFrom ?? '',
        bookTo: promo.bookTo ?? '',
        stayFrom: promo.stayFrom ?? '',
        stayTo: promo.stayTo ?? '',
        maxUses: promo.maxUses === null ? '' : String(promo.maxUses),
        active: promo.active,
      })}
      fields={(form) => (
        <>
          <FormField name="code" label="Code" id="promo-code">
            <FormInput maxLength={40} />
          </FormField>
          <FormField name="kind" label="Kind of discount" id="promo-kind">
            <FormSelect>
              <option value="percent">Percentage off</option>
              <option value="fixed">Amount off (£)</option>
            </FormSelect>
          </FormField>
          <FormField
            name="amount"
            label={form.watch('kind') === 'percent' ? 'Percentage off (%)' : 'Amount off (£)'}
            id="promo-amount"
          >
            <FormInput inputMode="decimal" />
          </FormField>
          <FormField name="maxUses" label="Maximum uses (optional)" id="promo-max">
            <FormInput inputMode="numeric" />
          </FormField>
          <FormField name="bookFrom" label="Can be used from (optional)" id="promo-book-from">
            <FormInput type="date" />
          </FormField>
          <FormField name="bookTo" label="Can be used until (optional)" id="promo-book-to">
            <FormInput type="date" />
          </FormField>
          <FormField name="stayFrom" label="For check-in from (optional)" id="promo-stay-from">
            <FormInput type="date" />
          </FormField>
          <FormField name="stayTo" label="For check-in until (optional)" id="promo-stay-to">
            <FormInput type="date" />
          </FormField>
          <FormCheckbox name="active" className="flex items-center gap-2 text-sm sm:col-span-2">
            Active (guests can use it)
          </FormCheckbox>
        </>
      )}
    />
  );
}
