import * as Dialog from '@radix-ui/react-dialog';
import { type FormEvent, type ReactNode, useId } from 'react';

export const DEMO_LABEL = 'Demo payments — no real charge';
export const WALLET_UNAVAILABLE = 'Digital wallet payments not available on this device';

const buttonBase =
  'inline-flex items-center justify-center rounded-md px-4 py-2 font-semibold text-sm disabled:cursor-not-allowed disabled:opacity-60';
export const primaryButton = `${buttonBase} bg-stone-900 text-white hover:bg-stone-800`;
export const secondaryButton = `${buttonBase} border border-stone-300 bg-white text-stone-900 hover:bg-stone-100`;
export const inputClass =
  'mt-1 block w-full rounded-md border border-stone-300 bg-white px-3 py-2 text-stone-900 placeholder:text-stone-500';

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
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="font-medium text-sm">
        Postcode
      </label>
      <input
        id={id}
        className={inputClass}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        autoComplete="postal-code"
        maxLength={20}
      />
    </div>
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
  children: ReactNode;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) onPay();
  };
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-6 shadow-xl">
          <Dialog.Title className="font-serif text-2xl">Complete Payment</Dialog.Title>
          <Dialog.Description className="mt-1 text-stone-700">Total to pay: {amountLabel}</Dialog.Description>
          <form className="mt-4 space-y-4" onSubmit={submit}>
            {notice}
            {children}
            <PostcodeField value={postcode} onChange={onPostcodeChange} />
            <div className="flex justify-end gap-3 pt-2">
              <Dialog.Close asChild>
                <button type="button" className={secondaryButton} disabled={busy}>
                  Cancel
                </button>
              </Dialog.Close>
              <button type="submit" className={primaryButton} disabled={busy} aria-busy={busy}>
                {busy ? 'Processing...' : 'Pay'}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
