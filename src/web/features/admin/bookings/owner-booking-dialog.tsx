import { useId, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { type OwnerBooking, OwnerBookingSchema } from '../../../../domain/api/admin-bookings.ts';
import { daysBetween, isIsoDate } from '../../../../domain/dates.ts';
import { formatPounds } from '../../../../domain/format.ts';
import { priceStay } from '../../../../domain/pricing.ts';
import { MAX_GUESTS } from '../../../../domain/property.ts';
import { Button } from '../../../components/ui/button.tsx';
import { DialogFormActions } from '../../../components/ui/dialog.tsx';
import { Form, FormField, FormInput, FormSelect } from '../../../components/ui/form.tsx';
import { copyToClipboard } from '../../../lib/clipboard.ts';
import { toastOutcome } from '../../../lib/toast.ts';
import { LinkFormDialog, LinkSentPanel } from '../shared/link-sent.tsx';
import { useAdminRatePlan } from '../shared/queries.ts';
import { useCreateOwnerBooking } from './bookings-api.ts';

const EMPTY = {
  checkInDate: '',
  checkOutDate: '',
  guestCount: '2',
  contactName: '',
  contactEmail: '',
  holdDays: '3',
};

/**
 * A booking the owner takes by phone or e-mail: held as pending for the chosen days; the owner sends the guest
 * its `/checkout/{id}` link, where paying confirms it. The price comes from the shared rules.
 */
export function OwnerBookingDialog() {
  const [link, setLink] = useState<string | null>(null);
  const [reference, setReference] = useState<string | null>(null);
  const create = useCreateOwnerBooking();
  const id = useId();

  function forget() {
    setLink(null);
    setReference(null);
  }

  async function onSubmit(booking: OwnerBooking) {
    const created = await toastOutcome(
      create.mutateAsync(booking),
      { title: 'Booking Created', description: 'Send the checkout link to the guest.' },
      { prefix: 'Failed to create booking: ' },
    );
    if (created) {
      setLink(created.answer.checkoutUrl);
      setReference(created.answer.booking.reference);
    }
  }

  async function copyLink(url: string) {
    const copied = await copyToClipboard(
      url,
      { title: 'Link Copied', description: 'Paste it into your message to the guest.' },
      { title: 'Copy the link', description: 'Press Ctrl+C (or ⌘C) to copy the selected link.' },
    );
    if (!copied) (document.getElementById(`${id}-link`) as HTMLInputElement | null)?.select();
  }

  return (
    <LinkFormDialog
      trigger={<Button>New Booking</Button>}
      title="Take a booking"
      description={
        <>
          For a guest who booked by phone or e-mail. The nights are held while the guest pays through the
          checkout link; an unpaid booking lapses and frees them.
        </>
      }
      made={
        link ? (
          <LinkSentPanel
            id={`${id}-link`}
            label="Checkout link for the guest"
            url={link}
            action={
              <Button variant="secondary" onClick={() => copyLink(link)}>
                Copy Link
              </Button>
            }
          >
            {reference ? (
              <p className="mb-4 text-sm text-stone-800">
                Booking reference, to give the guest:{' '}
                <strong className="whitespace-nowrap font-mono">{reference}</strong>
              </p>
            ) : null}
          </LinkSentPanel>
        ) : null
      }
      onClosed={forget}
    >
      <Form
        schema={OwnerBookingSchema}
        defaultValues={EMPTY}
        onSubmit={onSubmit}
        className="mt-4 grid gap-4 sm:grid-cols-2"
      >
        <FormField name="checkInDate" label="Check-in Date" id={`${id}-checkInDate`}>
          <FormInput type="date" />
        </FormField>
        <FormField name="checkOutDate" label="Check-out Date" id={`${id}-checkOutDate`}>
          <CheckOutInput />
        </FormField>
        <FormField name="contactName" label="Guest Name" id={`${id}-contactName`}>
          <FormInput autoComplete="off" />
        </FormField>
        <FormField name="contactEmail" label="Guest Email" id={`${id}-contactEmail`}>
          <FormInput type="email" autoComplete="off" />
        </FormField>
        <FormField name="guestCount" label="Guests" id={`${id}-guestCount`}>
          <FormSelect options={Array.from({ length: MAX_GUESTS }, (_, i) => String(i + 1))} />
        </FormField>
        <FormField name="holdDays" label="Hold for (days)" id={`${id}-holdDays`}>
          <FormInput type="number" min={1} max={30} inputMode="numeric" />
        </FormField>
        <Quote />
        <DialogFormActions
          className="sm:col-span-2"
          closeLabel="Close"
          submitLabel="Create Booking"
          pendingLabel="Creating..."
          pending={create.isPending}
        />
      </Form>
    </LinkFormDialog>
  );
}

/** The check-out box: no day before the check-in chosen. */
function CheckOutInput() {
  const checkIn = useWatch<typeof EMPTY>({ name: 'checkInDate' });
  return <FormInput type="date" min={checkIn || undefined} />;
}

/** The price of the dates chosen, by the owner's current plan, as the server will price it (no promo code). */
function Quote() {
  const [checkIn = '', checkOut = ''] = useWatch<typeof EMPTY>({ name: ['checkInDate', 'checkOutDate'] });
  const plan = useAdminRatePlan().data?.plan;
  const nights = isIsoDate(checkIn) && isIsoDate(checkOut) ? daysBetween(checkIn, checkOut) : 0;
  const quote = nights > 0 && plan ? priceStay({ checkIn, checkOut }, plan) : null;
  return (
    <p className="text-sm text-stone-700 sm:col-span-2" aria-live="polite">
      {quote
        ? `${quote.nights} night${quote.nights === 1 ? '' : 's'}: ${formatPounds(quote.total)} (accommodation ${formatPounds(quote.accommodation)}, cleaning ${formatPounds(quote.cleaningFee)}, service fee ${formatPounds(quote.serviceFee)})`
        : 'Choose the dates to see the price.'}
    </p>
  );
}
