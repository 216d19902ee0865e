import type { ChangeEvent, FormEvent } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { BookingForm } from '../../../domain/booking-form.ts';
import type { Quote } from '../../../domain/pricing.ts';
import { MAX_GUESTS } from '../../../domain/property.ts';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Input, Select, Textarea } from '../../components/ui/input.tsx';
import { BOOKING_CARD } from '../../content/booking.ts';
import { PriceBreakdown } from './price-breakdown.tsx';

/**
 * The markup of the booking card's details once dates are chosen (the guest's form, the promo code, the price),
 * without the libraries that check them: shown by the details themselves (booking-details.tsx, with React Hook
 * Form and the domain's schema) and, disabled, by the card's first view while their module is still on its way,
 * so both read the same and take the same room (docs/decisions/037-the-book-now-cards-first-view.md).
 */

/** How a field of the guest's form is bound: React Hook Form's `register` (only its type is imported here). */
export type FieldBinding = UseFormRegisterReturn;

export type GuestFormProps = {
  ids: string;
  bind: (name: keyof BookingForm) => FieldBinding;
  errors: Partial<Record<keyof BookingForm, string | undefined>>;
  noFollowUp: boolean;
  onNoFollowUpChange: (refused: boolean) => void;
  disabled?: boolean;
};

/** The guest's details (spec section 5), the refusal of a reminder and the number of guests. */
export function GuestForm({ ids, bind, errors, noFollowUp, onNoFollowUpChange, disabled }: GuestFormProps) {
  return (
    <form
      aria-labelledby={`${ids}-form`}
      noValidate
      className="space-y-3"
      onSubmit={(event) => event.preventDefault()}
    >
      <h3 id={`${ids}-form`} className="font-semibold text-lg">
        {BOOKING_CARD.formTitle}
      </h3>
      <Field id={`${ids}-name`} label="Full Name" error={errors.contactName}>
        <Input compact autoComplete="name" {...bind('contactName')} />
      </Field>
      <Field id={`${ids}-email`} label="Email Address" error={errors.contactEmail}>
        <Input compact type="email" autoComplete="email" {...bind('contactEmail')} />
      </Field>
      <label className="flex items-start gap-2 text-sm text-stone-700">
        <input
          type="checkbox"
          className="mt-0.5 size-4"
          checked={noFollowUp}
          disabled={disabled}
          onChange={(event) => onNoFollowUpChange(event.target.checked)}
        />
        <span>Don’t e-mail me a reminder if I leave before paying</span>
      </label>
      <Field id={`${ids}-phone`} label="Phone Number (optional)" error={errors.contactPhone}>
        <Input compact type="tel" autoComplete="tel" {...bind('contactPhone')} />
      </Field>
      <Field id={`${ids}-guests`} label={BOOKING_CARD.guestsLabel} error={errors.guestCount}>
        <Select compact {...bind('guestCount')}>
          {Array.from({ length: MAX_GUESTS }, (_, i) => i + 1).map((count) => (
            <option key={count} value={count}>
              {count} {count === 1 ? 'guest' : 'guests'}
            </option>
          ))}
        </Select>
      </Field>
      <Field id={`${ids}-requests`} label="Special Requests (optional)" error={errors.specialRequests}>
        <Textarea compact rows={3} {...bind('specialRequests')} />
      </Field>
    </form>
  );
}

export type PromoFormProps = {
  ids: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onApply: (event: FormEvent<HTMLFormElement>) => void;
  error: string | null;
  /** The code the server applied, once it has. */
  applied: string | undefined;
  disabled?: boolean;
};

export function PromoForm({ ids, value, onChange, onApply, error, applied, disabled }: PromoFormProps) {
  return (
    <form onSubmit={onApply} noValidate>
      <Field id={`${ids}-promo`} label="Promo code" error={error ?? undefined}>
        <div className="flex gap-2">
          <Input
            compact
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={40}
            value={value}
            disabled={disabled}
            onChange={onChange}
          />
          <Button type="submit" variant="secondary" size="sm" className="shrink-0" disabled={disabled}>
            Apply
          </Button>
        </div>
      </Field>
      {!error && applied ? (
        <p role="status" className="mt-1 text-emerald-800 text-sm">
          Promo code {applied} applied.
        </p>
      ) : null}
    </form>
  );
}

/** Until the guest's name and e-mail address are given, in place of the payment buttons. */
export function ContactFirst() {
  return <p className="text-sm text-stone-600">Enter your name and e-mail address to continue to payment.</p>;
}

const pendingField = (name: keyof BookingForm): FieldBinding => ({
  name,
  disabled: true,
  onChange: async () => {},
  onBlur: async () => {},
  ref: () => {},
});

/**
 * The details as they first show, their fields disabled: what the card's first view renders while the module of
 * the details (React Hook Form, the schema, the payment panel, the dialogs) is still on its way.
 */
export function BookingDetailsPending({ ids, quote }: { ids: string; quote: Quote }) {
  return (
    <>
      <GuestForm
        ids={ids}
        bind={pendingField}
        errors={{}}
        noFollowUp={false}
        onNoFollowUpChange={() => {}}
        disabled
      />
      <PromoForm
        ids={ids}
        value=""
        onChange={() => {}}
        onApply={(event) => event.preventDefault()}
        error={null}
        applied={undefined}
        disabled
      />
      <PriceBreakdown quote={quote} />
      <ContactFirst />
    </>
  );
}
