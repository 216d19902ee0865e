import { type FormEvent, useId, useState } from 'react';
import { OwnerBookingSchema } from '../../../domain/api/admin-bookings.ts';
import { daysBetween, isIsoDate } from '../../../domain/dates.ts';
import { formatPounds } from '../../../domain/format.ts';
import { priceStay } from '../../../domain/pricing.ts';
import { MAX_GUESTS } from '../../../domain/property.ts';
import { Button } from '../../components/ui/button.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from '../../components/ui/dialog.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Input, Select } from '../../components/ui/input.tsx';
import { toast } from '../../lib/toast.ts';
import { useCreateOwnerBooking } from './admin-api.ts';
import { useAdminRatePlan } from './prices/prices-api.ts';

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
  // Priced by the owner's current plan, as the server will price it (no promo code for owner bookings).
  const plan = useAdminRatePlan().data?.plan;
  const quote =
    nights > 0 && plan
      ? priceStay({ checkIn: fields.checkInDate, checkOut: fields.checkOutDate }, plan)
      : null;

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

  /** One field of the form: its id, its label and what the last submit found wrong with it. */
  const fieldProps = (name: keyof Fields, label: string) => ({
    id: `${id}-${name}`,
    label,
    error: errors[name],
  });
  const controlProps = (name: keyof Fields) => ({ name, value: fields[name], onChange: set(name) });

  return (
    <Dialog open={open} onOpenChange={reset}>
      <DialogTrigger asChild>
        <Button>New Booking</Button>
      </DialogTrigger>
      <DialogContent width="lg">
        <DialogTitle>Take a booking</DialogTitle>
        <DialogDescription>
          For a guest who booked by phone or e-mail. The nights are held while the guest pays through the
          checkout link; an unpaid booking lapses and frees them.
        </DialogDescription>
        {link ? (
          <div className="mt-6">
            {reference ? (
              <p className="mb-4 text-sm text-stone-800">
                Booking reference, to give the guest:{' '}
                <strong className="whitespace-nowrap font-mono">{reference}</strong>
              </p>
            ) : null}
            <Field label="Checkout link for the guest" id={`${id}-link`}>
              <div className="flex gap-2">
                <Input readOnly value={link} />
                <Button variant="secondary" onClick={copyLink}>
                  Copy Link
                </Button>
              </div>
            </Field>
            <div className="mt-6 flex justify-end">
              <DialogClose asChild>
                <Button>Done</Button>
              </DialogClose>
            </div>
          </div>
        ) : (
          <form onSubmit={onSubmit} noValidate className="mt-4 grid gap-4 sm:grid-cols-2">
            <Field {...fieldProps('checkInDate', 'Check-in Date')}>
              <Input type="date" {...controlProps('checkInDate')} />
            </Field>
            <Field {...fieldProps('checkOutDate', 'Check-out Date')}>
              <Input type="date" min={fields.checkInDate || undefined} {...controlProps('checkOutDate')} />
            </Field>
            <Field {...fieldProps('contactName', 'Guest Name')}>
              <Input autoComplete="off" {...controlProps('contactName')} />
            </Field>
            <Field {...fieldProps('contactEmail', 'Guest Email')}>
              <Input type="email" autoComplete="off" {...controlProps('contactEmail')} />
            </Field>
            <Field {...fieldProps('guestCount', 'Guests')}>
              <Select {...controlProps('guestCount')}>
                {Array.from({ length: MAX_GUESTS }, (_, i) => String(i + 1)).map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </Select>
            </Field>
            <Field {...fieldProps('holdDays', 'Hold for (days)')}>
              <Input type="number" min={1} max={30} inputMode="numeric" {...controlProps('holdDays')} />
            </Field>
            <p className="text-sm text-stone-700 sm:col-span-2" aria-live="polite">
              {quote
                ? `${quote.nights} night${quote.nights === 1 ? '' : 's'}: ${formatPounds(quote.total)} (accommodation ${formatPounds(quote.accommodation)}, cleaning ${formatPounds(quote.cleaningFee)}, service fee ${formatPounds(quote.serviceFee)})`
                : 'Choose the dates to see the price.'}
            </p>
            <div className="flex flex-col-reverse gap-2 sm:col-span-2 sm:flex-row sm:justify-end">
              <DialogClose asChild>
                <Button variant="secondary">Close</Button>
              </DialogClose>
              <Button type="submit" disabled={create.isPending}>
                {create.isPending ? 'Creating...' : 'Create Booking'}
              </Button>
            </div>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
