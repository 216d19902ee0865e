import { useWatch } from 'react-hook-form';
import { type BlockDatesInput, BlockDatesSchema } from '../../../../domain/api/admin-bookings.ts';
import { PROPERTY_ID } from '../../../../domain/property.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Form, FormField, FormInput, type FormMethods } from '../../../components/ui/form.tsx';
import { toastOutcome } from '../../../lib/toast.ts';
import { cardClass } from '../shared/styles.ts';
import { useBlockDates } from './dates-api.ts';

const EMPTY = { propertyId: PROPERTY_ID, checkInDate: '', checkOutDate: '', reason: '' };

/**
 * The Dates tab (spec sections 2 and 5): block nights for the owner. Both dates required (the button stays
 * disabled until they are set, and while the request runs); the reason is optional. Unblock from the list.
 */
export function DatesTab() {
  const block = useBlockDates();

  async function onSubmit(input: BlockDatesInput, form: FormMethods<typeof BlockDatesSchema>) {
    const blocked = await toastOutcome(
      block.mutateAsync(input),
      { title: 'Dates Blocked', description: 'Guests can no longer book those nights.' },
      { prefix: 'Failed to block dates: ' },
    );
    if (blocked) form.reset(EMPTY);
  }

  return (
    <section className={`${cardClass} max-w-xl`} aria-labelledby="block-dates-heading">
      <h2 id="block-dates-heading" className="font-serif text-xl">
        Block Dates
      </h2>
      <p className="mt-1 text-sm text-stone-600">
        Keep nights free of bookings: the nights from check-in up to check-out are blocked. Owner blocks show
        in the bookings list, where Unblock frees them.
      </p>
      <Form
        schema={BlockDatesSchema}
        defaultValues={EMPTY}
        onSubmit={onSubmit}
        className="mt-4 grid gap-4 sm:grid-cols-2"
      >
        <FormField name="checkInDate" label="Check-in Date" id="block-check-in">
          <FormInput type="date" />
        </FormField>
        <BlockFields pending={block.isPending} />
      </Form>
    </section>
  );
}

/** The fields that follow the check-in: the check-out starts from it, and the button waits for both dates. */
function BlockFields({ pending }: { pending: boolean }) {
  const [checkIn, checkOut] = useWatch<typeof EMPTY>({ name: ['checkInDate', 'checkOutDate'] });
  return (
    <>
      <FormField name="checkOutDate" label="Check-out Date" id="block-check-out">
        <FormInput type="date" min={checkIn || undefined} />
      </FormField>
      <FormField name="reason" label="Reason (optional)" id="block-reason" className="sm:col-span-2">
        <FormInput maxLength={500} placeholder="e.g. maintenance, family visit" />
      </FormField>
      <div className="sm:col-span-2">
        <Button type="submit" disabled={!checkIn || !checkOut || pending}>
          {pending ? 'Blocking...' : 'Block Dates'}
        </Button>
      </div>
    </>
  );
}
