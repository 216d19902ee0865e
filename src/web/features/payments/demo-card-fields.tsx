import type { DemoCard } from '../../../domain/api/payments.ts';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';

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
  return (
    <Field label={label}>
      <Input
        inputMode="numeric"
        autoComplete={autoComplete}
        placeholder={placeholder}
        maxLength={maxLength}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </Field>
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
    <Dialog open={open} onOpenChange={(next) => !next && onDecide('fail')}>
      <DialogContent width="sm" layer="stacked">
        <DialogTitle>Authenticate your payment</DialogTitle>
        <DialogDescription>
          Your card asks you to confirm this payment (demo step: no bank is contacted).
        </DialogDescription>
        <div className="mt-5 flex justify-end gap-3">
          <Button variant="secondary" onClick={() => onDecide('fail')}>
            Fail authentication
          </Button>
          <Button onClick={() => onDecide('complete')}>Complete authentication</Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
