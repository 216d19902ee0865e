import { type ChangeEvent, type FormEvent, type ReactNode, useState } from 'react';
import type { AdminRatePlan } from '../../../../domain/api/pricing.ts';
import { formatGbp } from '../../../../domain/format.ts';
import { MIN_NIGHTS } from '../../../../domain/property.ts';
import {
  type DateOverride,
  formatNights,
  type RatePlan,
  type Season,
  type StayDiscount,
} from '../../../../domain/rate-plan.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input, Select } from '../../../components/ui/input.tsx';
import { toast } from '../../../lib/toast.ts';
import { cardClass } from '../styles.ts';
import { type PlanPart, planUrls, usePlanChange } from './prices-api.ts';
import { messageOf, requireNumber, requirePence, textFromPence, usePlanSubmit } from './prices-form.ts';

type PromoCode = AdminRatePlan['promoCodes'][number];

/**
 * The lists of the Prices tab: seasons, date overrides, length-of-stay discounts and promo codes. Each has one
 * form that adds an item, or edits the one chosen with Edit; Delete removes an item at once.
 */

function Section(props: {
  id: string;
  title: string;
  intro: string;
  empty: string;
  items: { key: string; summary: ReactNode; label: string }[];
  onEdit(key: string): void;
  onDelete(key: string): void;
  children: ReactNode;
}) {
  return (
    <section className={cardClass} aria-labelledby={`${props.id}-heading`}>
      <h2 id={`${props.id}-heading`} className="font-serif text-xl">
        {props.title}
      </h2>
      <p className="mt-1 text-sm text-stone-600">{props.intro}</p>
      {props.items.length === 0 ? (
        <p className="mt-3 text-sm text-stone-600">{props.empty}</p>
      ) : (
        <ul className="mt-3 divide-y divide-stone-200 border-stone-200 border-y" aria-label={props.title}>
          {props.items.map((item) => (
            <li key={item.key} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
              <span>{item.summary}</span>
              <span className="flex gap-2">
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => props.onEdit(item.key)}
                  aria-label={`Edit ${item.label}`}
                >
                  Edit
                </Button>
                <Button
                  size="sm"
                  variant="danger-outline"
                  onClick={() => props.onDelete(item.key)}
                  aria-label={`Delete ${item.label}`}
                >
                  Delete
                </Button>
              </span>
            </li>
          ))}
        </ul>
      )}
      {props.children}
    </section>
  );
}

function FormFooter(props: {
  error: string | null;
  pending: boolean;
  editing: boolean;
  noun: string;
  onCancel(): void;
}) {
  return (
    <>
      {props.error ? (
        <p role="alert" className="text-red-800 text-sm sm:col-span-2">
          {props.error}
        </p>
      ) : null}
      <div className="flex gap-2 sm:col-span-2">
        <Button type="submit" disabled={props.pending}>
          {props.pending ? 'Saving...' : props.editing ? `Save ${props.noun}` : `Add ${props.noun}`}
        </Button>
        {props.editing ? (
          <Button type="button" variant="secondary" onClick={props.onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
    </>
  );
}

/** The add/edit state of one list: the id being edited (null: adding) and the form's text. */
function useItemForm<F>(empty: F) {
  const [editing, setEditing] = useState<string | null>(null);
  const [fields, setFields] = useState<F>(empty);
  const { submit, error, setError, pending } = usePlanSubmit();
  return {
    editing,
    fields,
    set: (changes: Partial<F>) => setFields((current) => ({ ...current, ...changes })),
    /** The value and change handler of a text box bound to one field of the form. */
    text: (name: { [K in keyof F]: F[K] extends string ? K : never }[keyof F]) => ({
      value: fields[name] as string,
      onChange: (event: ChangeEvent<HTMLInputElement>) =>
        setFields((current) => ({ ...current, [name]: event.target.value })),
    }),
    edit(id: string, values: F) {
      setEditing(id);
      setFields(values);
      setError(null);
    },
    reset() {
      setEditing(null);
      setFields(empty);
      setError(null);
    },
    submit,
    error,
    pending,
  };
}

/** Delete at once; a refusal (a promo code already used by a booking) is said in a toast. */
function useDelete() {
  const change = usePlanChange();
  return async (url: string, what: string) => {
    try {
      await change.mutateAsync({ method: 'DELETE', url });
      toast({ title: 'Deleted', description: `${what} was deleted.` });
    } catch (error) {
      toast({ title: 'Not Deleted', description: messageOf(error), variant: 'destructive' });
    }
  };
}

/* ---------- Seasons ---------- */

const EMPTY_SEASON = {
  name: '',
  firstNight: '',
  lastNight: '',
  weekday: '',
  weekend: '',
  minNights: String(MIN_NIGHTS),
};

export function SeasonsSection({ plan }: { plan: RatePlan }) {
  const form = useItemForm(EMPTY_SEASON);
  const remove = useDelete();
  const part: PlanPart = 'seasons';
  const byId = (id: string) => plan.seasons.find((season) => season.id === id);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const f = form.fields;
    await form.submit(
      () => ({
        method: form.editing ? 'PUT' : 'POST',
        url: planUrls.part(part, form.editing ?? undefined),
        body: {
          name: f.name,
          firstNight: f.firstNight,
          lastNight: f.lastNight,
          weekdayPence: requirePence(f.weekday, 'the weekday price'),
          weekendPence: requirePence(f.weekend, 'the weekend price'),
          minNights: requireNumber(f.minNights, 'the minimum stay'),
        },
      }),
      { title: form.editing ? 'Season Saved' : 'Season Added', after: form.reset },
    );
  }

  const summary = (season: Season) => (
    <>
      <strong>{season.name}</strong> · {formatNights(season)} · {formatGbp(season.weekdayPence)} weekday,{' '}
      {formatGbp(season.weekendPence)} weekend · minimum {season.minNights} nights
    </>
  );

  return (
    <Section
      id="seasons"
      title="Seasons"
      intro="Dates with their own prices and minimum stay, e.g. the Open week. The minimum stay is the one of the season the check-in falls in. Seasons may not overlap."
      empty="No seasons: every night is at the base rates."
      items={plan.seasons.map((season) => ({ key: season.id, summary: summary(season), label: season.name }))}
      onEdit={(id) => {
        const season = byId(id);
        if (season)
          form.edit(id, {
            name: season.name,
            firstNight: season.firstNight,
            lastNight: season.lastNight,
            weekday: textFromPence(season.weekdayPence),
            weekend: textFromPence(season.weekendPence),
            minNights: String(season.minNights),
          });
      }}
      onDelete={(id) => remove(planUrls.part(part, id), `The season ${byId(id)?.name ?? ''}`)}
    >
      <form
        onSubmit={onSubmit}
        noValidate
        className="mt-4 grid gap-4 sm:grid-cols-2"
        aria-label={form.editing ? 'Edit season' : 'Add season'}
      >
        <Field label="Season name" id="season-name" className="sm:col-span-2">
          <Input
            value={form.fields.name}
            maxLength={80}
            onChange={(e) => form.set({ name: e.target.value })}
          />
        </Field>
        <Field label="First night" id="season-first">
          <Input type="date" {...form.text('firstNight')} />
        </Field>
        <Field label="Last night" id="season-last">
          <Input type="date" {...form.text('lastNight')} />
        </Field>
        <Field label="Season weekday price (£)" id="season-weekday">
          <Input inputMode="decimal" {...form.text('weekday')} />
        </Field>
        <Field label="Season weekend price (£)" id="season-weekend">
          <Input inputMode="decimal" {...form.text('weekend')} />
        </Field>
        <Field label="Minimum stay (nights)" id="season-min">
          <Input inputMode="numeric" {...form.text('minNights')} />
        </Field>
        <FormFooter
          error={form.error}
          pending={form.pending}
          editing={form.editing !== null}
          noun="season"
          onCancel={form.reset}
        />
      </form>
    </Section>
  );
}

/* ---------- Date overrides ---------- */

const EMPTY_OVERRIDE = {
  firstNight: '',
  lastNight: '',
  price: '',
  closedToArrival: false,
  closedToDeparture: false,
  note: '',
};

export function OverridesSection({ plan }: { plan: RatePlan }) {
  const form = useItemForm(EMPTY_OVERRIDE);
  const remove = useDelete();
  const part: PlanPart = 'overrides';

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const f = form.fields;
    await form.submit(
      () => ({
        method: form.editing ? 'PUT' : 'POST',
        url: planUrls.part(part, form.editing ?? undefined),
        body: {
          firstNight: f.firstNight,
          lastNight: f.lastNight || f.firstNight,
          pricePence: requirePence(f.price, 'the price', { optional: true }),
          closedToArrival: f.closedToArrival,
          closedToDeparture: f.closedToDeparture,
          note: f.note,
        },
      }),
      { title: form.editing ? 'Date Override Saved' : 'Date Override Added', after: form.reset },
    );
  }

  const summary = (override: DateOverride) => (
    <>
      <strong>{formatNights(override)}</strong>
      {override.pricePence !== null ? ` · ${formatGbp(override.pricePence)} a night` : ''}
      {override.closedToArrival ? ' · no arrivals' : ''}
      {override.closedToDeparture ? ' · no departures' : ''}
      {override.note ? ` · ${override.note}` : ''}
    </>
  );

  return (
    <Section
      id="overrides"
      title="Date overrides"
      intro="A price for particular nights (it wins over seasons and weekends), or days on which stays may not start or end."
      empty="No date overrides."
      items={plan.overrides.map((override) => ({
        key: override.id,
        summary: summary(override),
        label: `date override ${formatNights(override)}`,
      }))}
      onEdit={(id) => {
        const override = plan.overrides.find((one) => one.id === id);
        if (override)
          form.edit(id, {
            firstNight: override.firstNight,
            lastNight: override.lastNight,
            price: textFromPence(override.pricePence),
            closedToArrival: override.closedToArrival,
            closedToDeparture: override.closedToDeparture,
            note: override.note,
          });
      }}
      onDelete={(id) => remove(planUrls.part(part, id), 'The date override')}
    >
      <form
        onSubmit={onSubmit}
        noValidate
        className="mt-4 grid gap-4 sm:grid-cols-2"
        aria-label={form.editing ? 'Edit date override' : 'Add date override'}
      >
        <Field label="From" id="override-first">
          <Input type="date" {...form.text('firstNight')} />
        </Field>
        <Field label="To (the last night; empty for one night)" id="override-last">
          <Input type="date" {...form.text('lastNight')} />
        </Field>
        <Field label="Price per night (£, optional)" id="override-price">
          <Input inputMode="decimal" {...form.text('price')} />
        </Field>
        <Field label="Note (optional)" id="override-note">
          <Input
            value={form.fields.note}
            maxLength={200}
            onChange={(e) => form.set({ note: e.target.value })}
          />
        </Field>
        <div className="flex flex-wrap gap-4 text-sm sm:col-span-2">
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              checked={form.fields.closedToArrival}
              onChange={(e) => form.set({ closedToArrival: e.target.checked })}
            />
            Closed to arrival
          </label>
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              checked={form.fields.closedToDeparture}
              onChange={(e) => form.set({ closedToDeparture: e.target.checked })}
            />
            Closed to departure
          </label>
        </div>
        <FormFooter
          error={form.error}
          pending={form.pending}
          editing={form.editing !== null}
          noun="date override"
          onCancel={form.reset}
        />
      </form>
    </Section>
  );
}

/* ---------- Length-of-stay discounts ---------- */

const EMPTY_DISCOUNT = { minNights: '', percent: '' };

export function DiscountsSection({ plan }: { plan: RatePlan }) {
  const form = useItemForm(EMPTY_DISCOUNT);
  const remove = useDelete();
  const part: PlanPart = 'discounts';

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const f = form.fields;
    await form.submit(
      () => ({
        method: form.editing ? 'PUT' : 'POST',
        url: planUrls.part(part, form.editing ?? undefined),
        body: {
          minNights: requireNumber(f.minNights, 'the number of nights'),
          percent: requireNumber(f.percent, 'the discount'),
        },
      }),
      { title: form.editing ? 'Discount Saved' : 'Discount Added', after: form.reset },
    );
  }

  const summary = (discount: StayDiscount) => (
    <>
      <strong>{discount.percent} % off</strong> stays of {discount.minNights} nights or more
    </>
  );

  return (
    <Section
      id="discounts"
      title="Length-of-stay discounts"
      intro="A percentage off the nights' price for longer stays; the largest one a stay reaches applies."
      empty="No length-of-stay discounts."
      items={[...plan.discounts]
        .sort((a, b) => a.minNights - b.minNights)
        .map((discount) => ({
          key: discount.id,
          summary: summary(discount),
          label: `discount for ${discount.minNights} nights`,
        }))}
      onEdit={(id) => {
        const discount = plan.discounts.find((one) => one.id === id);
        if (discount)
          form.edit(id, { minNights: String(discount.minNights), percent: String(discount.percent) });
      }}
      onDelete={(id) => remove(planUrls.part(part, id), 'The discount')}
    >
      <form
        onSubmit={onSubmit}
        noValidate
        className="mt-4 grid gap-4 sm:grid-cols-2"
        aria-label={form.editing ? 'Edit discount' : 'Add discount'}
      >
        <Field label="Stays of at least (nights)" id="discount-nights">
          <Input inputMode="numeric" {...form.text('minNights')} />
        </Field>
        <Field label="Discount (%)" id="discount-percent">
          <Input inputMode="decimal" {...form.text('percent')} />
        </Field>
        <FormFooter
          error={form.error}
          pending={form.pending}
          editing={form.editing !== null}
          noun="discount"
          onCancel={form.reset}
        />
      </form>
    </Section>
  );
}

/* ---------- Promo codes ---------- */

const EMPTY_PROMO = {
  code: '',
  kind: 'percent' as 'percent' | 'fixed',
  amount: '',
  bookFrom: '',
  bookTo: '',
  stayFrom: '',
  stayTo: '',
  maxUses: '',
  active: true,
};

const promoOff = (promo: PromoCode) =>
  promo.kind === 'percent' ? `${promo.percent} % off` : `${formatGbp(promo.amountPence ?? 0)} off`;

export function PromoCodesSection({ promoCodes }: { promoCodes: PromoCode[] }) {
  const form = useItemForm(EMPTY_PROMO);
  const remove = useDelete();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const f = form.fields;
    await form.submit(
      () => ({
        method: form.editing ? 'PUT' : 'POST',
        url: planUrls.promo(form.editing ? Number(form.editing) : undefined),
        body: {
          code: f.code,
          kind: f.kind,
          percent: f.kind === 'percent' ? requireNumber(f.amount, 'the percentage off') : null,
          amountPence: f.kind === 'fixed' ? requirePence(f.amount, 'the amount off') : null,
          bookFrom: f.bookFrom || null,
          bookTo: f.bookTo || null,
          stayFrom: f.stayFrom || null,
          stayTo: f.stayTo || null,
          maxUses: requireNumber(f.maxUses, 'the maximum number of uses', { optional: true }),
          active: f.active,
        },
      }),
      { title: form.editing ? 'Promo Code Saved' : 'Promo Code Added', after: form.reset },
    );
  }

  const summary = (promo: PromoCode) => (
    <>
      <strong className="font-mono">{promo.code}</strong> · {promoOff(promo)} · used {promo.uses}
      {promo.maxUses !== null ? ` of ${promo.maxUses}` : ''} {promo.uses === 1 ? 'time' : 'times'}
      {promo.active ? '' : ' · switched off'}
    </>
  );

  return (
    <Section
      id="promo-codes"
      title="Promo codes"
      intro="A code guests type on the booking card for a percentage or an amount off the nights' price. Codes do not depend on upper or lower case."
      empty="No promo codes."
      items={promoCodes.map((promo) => ({
        key: String(promo.id),
        summary: summary(promo),
        label: `promo code ${promo.code}`,
      }))}
      onEdit={(key) => {
        const promo = promoCodes.find((one) => String(one.id) === key);
        if (promo)
          form.edit(key, {
            code: promo.code,
            kind: promo.kind,
            amount: promo.kind === 'percent' ? String(promo.percent ?? '') : textFromPence(promo.amountPence),
            bookFrom: promo.bookFrom ?? '',
            bookTo: promo.bookTo ?? '',
            stayFrom: promo.stayFrom ?? '',
            stayTo: promo.stayTo ?? '',
            maxUses: promo.maxUses === null ? '' : String(promo.maxUses),
            active: promo.active,
          });
      }}
      onDelete={(key) => remove(planUrls.promo(Number(key)), 'The promo code')}
    >
      <form
        onSubmit={onSubmit}
        noValidate
        className="mt-4 grid gap-4 sm:grid-cols-2"
        aria-label={form.editing ? 'Edit promo code' : 'Add promo code'}
      >
        <Field label="Code" id="promo-code">
          <Input
            value={form.fields.code}
            maxLength={40}
            onChange={(e) => form.set({ code: e.target.value })}
          />
        </Field>
        <Field label="Kind of discount" id="promo-kind">
          <Select
            value={form.fields.kind}
            onChange={(e) => form.set({ kind: e.target.value as 'percent' | 'fixed' })}
          >
            <option value="percent">Percentage off</option>
            <option value="fixed">Amount off (£)</option>
          </Select>
        </Field>
        <Field
          label={form.fields.kind === 'percent' ? 'Percentage off (%)' : 'Amount off (£)'}
          id="promo-amount"
        >
          <Input inputMode="decimal" {...form.text('amount')} />
        </Field>
        <Field label="Maximum uses (optional)" id="promo-max">
          <Input inputMode="numeric" {...form.text('maxUses')} />
        </Field>
        <Field label="Can be used from (optional)" id="promo-book-from">
          <Input type="date" {...form.text('bookFrom')} />
        </Field>
        <Field label="Can be used until (optional)" id="promo-book-to">
          <Input type="date" {...form.text('bookTo')} />
        </Field>
        <Field label="For check-in from (optional)" id="promo-stay-from">
          <Input type="date" {...form.text('stayFrom')} />
        </Field>
        <Field label="For check-in until (optional)" id="promo-stay-to">
          <Input type="date" {...form.text('stayTo')} />
        </Field>
        <label className="flex items-center gap-2 text-sm sm:col-span-2">
          <input
            type="checkbox"
            checked={form.fields.active}
            onChange={(e) => form.set({ active: e.target.checked })}
          />
          Active (guests can use it)
        </label>
        <FormFooter
          error={form.error}
          pending={form.pending}
          editing={form.editing !== null}
          noun="promo code"
          onCancel={form.reset}
        />
      </form>
    </Section>
  );
}
