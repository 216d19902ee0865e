import * as Dialog from '@radix-ui/react-dialog';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { OwnerBookingSchema } from '../../../domain/api.ts';
import { daysBetween, isIsoDate } from '../../../domain/dates.ts';
import { quoteStay } from '../../../domain/pricing.ts';
import { MAX_GUESTS } from '../../../domain/property.ts';
import { toast } from '../../lib/toast.ts';
import { useCreateOwnerBooking } from './admin-api.ts';
import { formatPounds } from './booking-list.ts';
import { buttonClass, inputClass, labelClass } from './styles.ts';

const EMPTY = {
  checkInDate: '',
  checkOutDate: '',
  guestCount: '2',
  contactName: '',
  contactEmail: '',
  holdDays: '3',
};
type Fields = typeof EMPTY;

/**
 * A booking the owner takes by phone or e-mail: held as pending for the chosen days; the owner sends the guest
 * its `/checkout/{id}` link, where paying confirms it. The price comes from the shared rules.
 */
export function OwnerBookingDialog() {
  const [open, setOpen] = useState(false);
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof Fields, string>>>({});
  const [link, setLink] = useState<string | null>(null);
  const [reference, setReference] = useState<string | null>(null);
  const create = useCreateOwnerBooking();
  const id = useId();

  const set = (name: keyof Fields) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [name]: event.target.value }));

  const nights =
    isIsoDate(fields.checkInDate) && isIsoDate(fields.checkOutDate)
      ? daysBetween(fields.checkInDate, fields.checkOutDate)
      : 0;
  const quote = nights > 0 ? quoteStay(fields.checkInDate, fields.checkOutDate) : null;

  function reset(nextOpen: boolean) {
    setOpen(nextOpen);
    if (!nextOpen) {
      setFields(EMPTY);
      setErrors({});
      setLink(null);
      setReference(null);
    }
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = OwnerBookingSchema.safeParse(fields);
    if (!parsed.success) {
      const next: Partial<Record<keyof Fields, string>> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof Fields;
        next[key] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      const created = await create.mutateAsync(parsed.data);
      setLink(created.checkoutUrl);
      setReference(created.booking.reference);
      toast({ title: 'Booking Created', description: 'Send the checkout link to the guest.' });
    } catch (error) {
      toast({
        title: 'Error',
        description: `Failed to create booking: ${(error as Error).message}`,
        variant: 'destructive',
      });
    }
  }

  async function copyLink() {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
      toast({ title: 'Link Copied', description: 'Paste it into your message to the guest.' });
    } catch {
      (document.getElementById(`${id}-link`) as HTMLInputElement | null)?.select();
      toast({ title: 'Copy the link', description: 'Press Ctrl+C (or ⌘C) to copy the selected link.' });
    }
  }

  const field = (name: keyof Fields, label: string, input: ReactNode) => (
    <div>
      <label className={labelClass} htmlFor={`${id}-${name}`}>
        {label}
      </label>
      {input}
      {errors[name] ? (
        <p id={`${id}-${name}-error`} className="mt-1 text-red-800 text-sm">
          {errors[name]}
        </p>
      ) : null}
    </div>
  );
  const inputProps = (name: keyof Fields) => ({
    id: `${id}-${name}`,
    name,
    value: fields[name],
    onChange: set(name),
    className: inputClass,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
  });

  return (
    <Dialog.Root open={open} onOpenChange={reset}>
      <Dialog.Trigger className={buttonClass.primary}>New Booking</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl">
          <Dialog.Title className="font-serif text-xl">Take a booking</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-stone-700">
            For a guest who booked by phone or e-mail. The nights are held while the guest pays through the
            checkout link; an unpaid booking lapses and frees them.
          </Dialog.Description>
          {link ? (
            <div className="mt-6">
              {reference ? (
                <p className="mb-4 text-sm text-stone-800">
                  Booking reference, to give the guest:{' '}
                  <strong className="whitespace-nowrap font-mono">{reference}</strong>
                </p>
              ) : null}
              <label className={labelClass} htmlFor={`${id}-link`}>
                Checkout link for the guest
              </label>
              <div className="mt-1 flex gap-2">
                <input id={`${id}-link`} readOnly value={link} className={`${inputClass} mt-0`} />
                <button type="button" className={buttonClass.secondary} onClick={copyLink}>
                  Copy Link
                </button>
              </div>
              <div className="mt-6 flex justify-end">
                <Dialog.Close className={buttonClass.primary}>Done</Dialog.Close>
              </div>
            </div>
          ) : (
            <form onSubmit={onSubmit} noValidate className="mt-4 grid gap-4 sm:grid-cols-2">
              {field('checkInDate', 'Check-in Date', <input type="date" {...inputProps('checkInDate')} />)}
              {field(
                'checkOutDate',
                'Check-out Date',
                <input type="date" min={fields.checkInDate || undefined} {...inputProps('checkOutDate')} />,
              )}
              {field(
                'contactName',
                'Guest Name',
                <input autoComplete="off" {...inputProps('contactName')} />,
              )}
              {field(
                'contactEmail',
                'Guest Email',
                <input type="email" autoComplete="off" {...inputProps('contactEmail')} />,
              )}
              {field(
                'guestCount',
                'Guests',
                <select {...inputProps('guestCount')}>
                  {Array.from({ length: MAX_GUESTS }, (_, i) => String(i + 1)).map((n) => (
                    <option key={n} value={n}>
                      {n}
                    </option>
                  ))}
                </select>,
              )}
              {field(
                'holdDays',
                'Hold for (days)',
                <input type="number" min={1} max={30} inputMode="numeric" {...inputProps('holdDays')} />,
              )}
              <p className="text-sm text-stone-700 sm:col-span-2" aria-live="polite">
                {quote
                  ? `${quote.nights} night${quote.nights === 1 ? '' : 's'}: ${formatPounds(quote.total)} (accommodation ${formatPounds(quote.accommodation)}, cleaning ${formatPounds(quote.cleaningFee)}, service fee ${formatPounds(quote.serviceFee)})`
                  : 'Choose the dates to see the price.'}
              </p>
              <div className="flex flex-col-reverse gap-2 sm:col-span-2 sm:flex-row sm:justify-end">
                <Dialog.Close className={buttonClass.secondary}>Close</Dialog.Close>
                <button type="submit" className={buttonClass.primary} disabled={create.isPending}>
                  {create.isPending ? 'Creating...' : 'Create Booking'}
                </button>
              </div>
            </form>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
