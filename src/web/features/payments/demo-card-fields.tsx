import * as Dialog from '@radix-ui/react-dialog';
import { useId } from 'react';
import type { DemoCard } from '../../../domain/api.ts';
import { inputClass, primaryButton, secondaryButton } from './complete-payment-dialog.tsx';

export type DemoCardDraft = { number: string; expiry: string; cvc: string };
export const EMPTY_DEMO_CARD: DemoCardDraft = { number: '', expiry: '', cvc: '' };

/** "12/30" or "12 / 2030" → month and year; null when it cannot be read. */
export function parseDemoCard(draft: DemoCardDraft): DemoCard | { error: string } {
  if (!draft.number.trim()) return { error: 'Please enter your card number.' };
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(draft.expiry);
  if (!match) return { error: 'Please enter the expiry date as MM/YY.' };
  return {
    number: draft.number,
    expMonth: Number(match[1]),
    expYear: Number(match[2]),
    cvc: draft.cvc.trim(),
  };
}

/** One labelled numeric input of the demo card form. */
function CardInput({
  label,
  autoComplete,
  placeholder,
  maxLength,
  value,
  onChange,
}: {
  label: string;
  autoComplete: string;
  placeholder: string;
  maxLength: number;
  value: string;
  onChange(value: string): void;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="text-sm">
        {label}
      </label>
      <input
        id={id}
        className={inputClass}
        inputMode="numeric"
        autoComplete={autoComplete}
        placeholder={placeholder}
        maxLength={maxLength}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

/** The demo stand-in for Stripe's card field: number, expiry and CVC, each labelled. */
export function DemoCardFields({
  value,
  onChange,
  disabled,
}: {
  value: DemoCardDraft;
  onChange(next: DemoCardDraft): void;
  disabled?: boolean;
}) {
  return (
    <fieldset className="space-y-3" disabled={disabled}>
      <legend className="font-medium text-sm">Card details</legend>
      <CardInput
        label="Card number"
        autoComplete="cc-number"
        placeholder="4242 4242 4242 4242"
        maxLength={23}
        value={value.number}
        onChange={(number) => onChange({ ...value, number })}
      />
      <div className="grid grid-cols-2 gap-3">
        <CardInput
          label="Expiry date (MM/YY)"
          autoComplete="cc-exp"
          placeholder="MM/YY"
          maxLength={7}
          value={value.expiry}
          onChange={(expiry) => onChange({ ...value, expiry })}
        />
        <CardInput
          label="CVC"
          autoComplete="cc-csc"
          placeholder="123"
          maxLength={4}
          value={value.cvc}
          onChange={(cvc) => onChange({ ...value, cvc })}
        />
      </div>
    </fieldset>
  );
}

/**
 * The demo version of a bank's 3-D Secure step (cards such as 4000 0025 0000 3155), like Stripe's test page:
 * the guest completes or fails it.
 */
export function DemoAuthenticationDialog({
  open,
  onDecide,
}: {
  open: boolean;
  onDecide(outcome: 'complete' | 'fail'): void;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onDecide('fail')}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[60] bg-black/60" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-[60] w-[calc(100%-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl">
          <Dialog.Title className="font-serif text-xl">Authenticate your payment</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-stone-700">
            Your card asks you to confirm this payment (demo step: no bank is contacted).
          </Dialog.Description>
          <div className="mt-5 flex justify-end gap-3">
            <button type="button" className={secondaryButton} onClick={() => onDecide('fail')}>
              Fail authentication
            </button>
            <button type="button" className={primaryButton} onClick={() => onDecide('complete')}>
              Complete authentication
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
