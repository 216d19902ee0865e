import type { FormEvent, ReactNode } from 'react';
import { Button } from '../../components/ui/button.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '../../components/ui/dialog.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';

export const DEMO_LABEL = 'Demo payments — no real charge';
export const WALLET_UNAVAILABLE = 'Digital wallet payments not available on this device';

/** The notice every demo card form carries, so no guest takes it for a real payment. */
export function DemoNotice() {
  return (
    <div className="rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-950 text-sm">
      <p className="font-semibold">{DEMO_LABEL}</p>
      <p className="mt-1">
        Use Stripe’s test card 4242 4242 4242 4242 with any future expiry date and any 3-digit CVC. Real card
        numbers are refused.
      </p>
    </div>
  );
}

/** The free-text Postcode field of the card forms (spec section 2). */
export function PostcodeField({ value, onChange }: { value: string; onChange(value: string): void }) {
  return (
    <Field label="Postcode">
      <Input
        value={value}
        onChange={(event) => onChange(event.target.value)}
        autoComplete="postal-code"
        maxLength={20}
      />
    </Field>
  );
}

/**
 * The 'Complete Payment' dialog of the booking card (spec section 2): the card details, a free-text Postcode
 * field, Cancel and Pay. The card field itself is Stripe's Card Element or the demo card fields.
 */
export function CompletePaymentDialog({
  open,
  onOpenChange,
  amountLabel,
  busy,
  postcode,
  onPostcodeChange,
  onPay,
  notice,
  description,
  children,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  amountLabel: string;
  busy: boolean;
  postcode: string;
  onPostcodeChange(value: string): void;
  onPay(): void;
  notice?: ReactNode;
  /** In place of 'Total to pay: …' (a deposit says what is paid today). */
  description?: string | undefined;
  children: ReactNode;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) onPay();
  };
  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent>
        <DialogTitle size="lg">Complete Payment</DialogTitle>
        <DialogDescription size="lg">{description ?? `Total to pay: ${amountLabel}`}</DialogDescription>
        <form className="mt-4 space-y-4" onSubmit={submit}>
          {notice}
          {children}
          <PostcodeField value={postcode} onChange={onPostcodeChange} />
          <div className="flex justify-end gap-3 pt-2">
            <DialogClose asChild>
              <Button variant="secondary" disabled={busy}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={busy} aria-busy={busy}>
              {busy ? 'Processing...' : 'Pay'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
