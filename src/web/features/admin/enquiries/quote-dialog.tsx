import { useId, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { type AdminEnquiry, type AdminQuote, QuoteFormSchema } from '../../../../domain/api/enquiries.ts';
import { addDays } from '../../../../domain/dates.ts';
import { Button } from '../../../components/ui/button.tsx';
import { DialogFormActions } from '../../../components/ui/dialog.tsx';
import {
  Form,
  FormAlert,
  FormCheckbox,
  FormField,
  FormInput,
  FormSelect,
  FormTextarea,
} from '../../../components/ui/form.tsx';
import { LinkFormDialog, LinkSentPanel } from '../shared/link-sent.tsx';
import { useSendQuote } from './enquiries-api.ts';

/** The form's first values: the enquiry's, when the quote answers one. */
function startingValues(enquiry: AdminEnquiry | undefined) {
  const dayHire = enquiry ? enquiry.kind === 'day_hire' : false;
  const from = enquiry?.dateFrom ?? '';
  return {
    enquiryId: enquiry?.id ?? '',
    kind: dayHire ? ('day_hire' as const) : ('stay' as const),
    checkInDate: from,
    checkOutDate:
      !dayHire && from ? (enquiry?.dateTo && enquiry.dateTo > from ? enquiry.dateTo : addDays(from, 1)) : '',
    startTime: '09:00',
    endTime: '17:00',
    nightBookable: false,
    guestCount: String(enquiry?.people ?? 2),
    contactName: enquiry?.name ?? '',
    contactEmail: enquiry?.email ?? '',
    contactPhone: enquiry?.phone ?? '',
    totalPrice: '',
    included: '',
    validDays: '7',
    holdDates: true,
  };
}

/** The fields of a stay (check-out) or of a day hire (hours, the night), by the kind chosen. */
function KindFields({ id }: { id: string }) {
  const kind = useWatch({ name: 'kind' });
  if (kind === 'day_hire') {
    return (
      <>
        <FormField name="startTime" label="From" id={`${id}-startTime`}>
          <FormInput type="time" />
        </FormField>
        <FormField name="endTime" label="Until" id={`${id}-endTime`}>
          <FormInput type="time" />
        </FormField>
        <FormCheckbox name="nightBookable" className="flex items-center gap-2 text-sm sm:col-span-2">
          The night after stays bookable by guests
        </FormCheckbox>
      </>
    );
  }
  return (
    <FormField name="checkOutDate" label="Check-out date" id={`${id}-checkOutDate`}>
      <FormInput type="date" />
    </FormField>
  );
}

/**
 * The owner's offer (docs/decisions/028-enquiries-and-quotes.md): a stay or a day hire, a price for the whole,
 * what is included, how long it stays open, and whether its dates are held. Sent, the guest is e-mailed the link
 * to pay it, which the dialog shows too.
 */
export function QuoteDialog({ enquiry, label }: { enquiry?: AdminEnquiry; label: string }) {
  const [sent, setSent] = useState<AdminQuote | null>(null);
  const send = useSendQuote();
  const id = useId();
  return (
    <LinkFormDialog
      trigger={<Button size="sm">{label}</Button>}
      title={enquiry ? `Quote for ${enquiry.name}` : 'New quote'}
      description={
        <>
          The guest gets an e-mail with a link to accept and pay it by your payment schedule. Held dates are
          kept for them until the quote expires.
        </>
      }
      made={
        sent ? (
          <LinkSentPanel id={`${id}-link`} label="The guest's link" url={sent.quoteUrl}>
            <p role="status" className="mb-4 text-sm">
              Quote sent to {sent.contactEmail}.
            </p>
          </LinkSentPanel>
        ) : null
      }
      onClosed={() => setSent(null)}
    >
      <Form
        schema={QuoteFormSchema}
        defaultValues={startingValues(enquiry)}
        onSubmit={async (form) => setSent(await send.mutateAsync(form))}
        className="mt-4 grid gap-4 sm:grid-cols-2"
      >
        <FormField name="kind" label="Offer" id={`${id}-kind`}>
          <FormSelect>
            <option value="stay">A stay (1 to 90 nights)</option>
            <option value="day_hire">A day hire</option>
          </FormSelect>
        </FormField>
        <FormField name="checkInDate" label="Date (check-in)" id={`${id}-checkInDate`}>
          <FormInput type="date" />
        </FormField>
        <KindFields id={id} />
        <FormField name="guestCount" label="People" id={`${id}-guestCount`}>
          <FormInput type="number" inputMode="numeric" min={1} max={50} />
        </FormField>
        <FormField name="totalPrice" label="Price for the whole (£)" id={`${id}-totalPrice`}>
          <FormInput inputMode="decimal" />
        </FormField>
        <FormField name="contactName" label="Guest name" id={`${id}-contactName`}>
          <FormInput autoComplete="off" />
        </FormField>
        <FormField name="contactEmail" label="Guest e-mail" id={`${id}-contactEmail`}>
          <FormInput type="email" autoComplete="off" />
        </FormField>
        <FormField name="included" label="What is included" id={`${id}-included`} className="sm:col-span-2">
          <FormTextarea rows={3} />
        </FormField>
        <FormField name="validDays" label="Open for (days)" id={`${id}-validDays`}>
          <FormInput type="number" inputMode="numeric" min={1} max={30} />
        </FormField>
        <FormCheckbox name="holdDates" className="flex items-center gap-2 self-end text-sm">
          Hold the dates until the quote expires
        </FormCheckbox>
        <FormAlert className="rounded-md bg-red-50 p-3 text-red-900 text-sm sm:col-span-2" />
        <DialogFormActions
          className="sm:col-span-2"
          closeLabel="Cancel"
          submitLabel="Send quote"
          pendingLabel="Sending…"
          pending={send.isPending}
        />
      </Form>
    </LinkFormDialog>
  );
}
