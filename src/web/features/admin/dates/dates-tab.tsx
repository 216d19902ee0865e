import { useWatch } from 'react-hook-form';
import {
  type AdminBooking,
  type BlockDatesInput,
  BlockDatesSchema,
} from '../../../../domain/api/admin-bookings.ts';
import { todayOnPropertyClock } from '../../../../domain/dates.ts';
import { formatShortDate } from '../../../../domain/format.ts';
import { PROPERTY_ID } from '../../../../domain/property.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Form, FormAlert, FormField, FormInput, type FormMethods } from '../../../components/ui/form.tsx';
import { toast } from '../../../lib/toast.ts';
import { AdminCard } from '../shared/card.tsx';
import { useBookings } from '../shared/queries.ts';
import { isLiveBlock, toastCancellation, useCancelBooking } from '../shared/stays.ts';
import { WhenRead } from '../shared/when-read.tsx';
import { useBlockDates } from './dates-api.ts';

const EMPTY = { propertyId: PROPERTY_ID, checkInDate: '', checkOutDate: '', reason: '' };

/**
 * The Dates tab (spec sections 2 and 5): block nights for the owner, beside the blocks that stand. Both dates
 * required (the button stays disabled until they are set, and while the request runs); the reason is optional.
 * A refused block says which stay is in the way, in the notification and under the form.
 */
export function DatesTab() {
  const block = useBlockDates();

  async function onSubmit(input: BlockDatesInput, form: FormMethods<typeof BlockDatesSchema>) {
    try {
      await block.mutateAsync(input);
    } catch (error) {
      toast({
        title: 'Error',
        description: `Failed to block dates: ${(error as Error).message}`,
        variant: 'destructive',
      });
      throw error; // the form shows the server's sentence under it (FormAlert)
    }
    toast({ title: 'Dates Blocked', description: 'Guests can no longer book those nights.' });
    form.reset(EMPTY);
  }

  return (
    <div className="grid items-start gap-6 lg:grid-cols-2">
      <AdminCard
        headingId="block-dates-heading"
        title="Block Dates"
        intro={
          <>
            Keep nights free of bookings: the nights from check-in up to check-out are blocked. Your blocks
            are listed beside this form, where Unblock frees them.
          </>
        }
      >
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
      </AdminCard>
      <OwnerBlocks />
    </div>
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
      <FormAlert className="rounded bg-red-50 px-3 py-2 text-red-900 text-sm sm:col-span-2" />
      <div className="sm:col-span-2">
        <Button type="submit" disabled={!checkIn || !checkOut || pending}>
          {pending ? 'Blocking...' : 'Block Dates'}
        </Button>
      </div>
    </>
  );
}

/** The owner's blocks that are not over yet, earliest first, each with Unblock (spec section 2). */
function OwnerBlocks() {
  const bookings = useBookings();
  const cancel = useCancelBooking();
  const today = todayOnPropertyClock(new Date());
  const blocks = (bookings.data ?? [])
    .filter((b) => isLiveBlock(b) && b.checkOutDate > today)
    .sort((a, b) => (a.checkInDate < b.checkInDate ? -1 : a.checkInDate > b.checkInDate ? 1 : 0));

  async function unblock(b: AdminBooking) {
    await toastCancellation(b, cancel.mutateAsync({ id: b.id }));
  }

  return (
    <AdminCard headingId="owner-blocks-heading" title="Your Blocks">
      <WhenRead query={bookings} what="the blocks">
        {() =>
          blocks.length === 0 ? (
            <p className="mt-3 text-sm text-stone-600">No dates are blocked.</p>
          ) : (
            <ul className="mt-3 divide-y divide-stone-100" aria-label="Blocked dates">
              {blocks.map((b) => (
                <li key={b.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                  <div className="min-w-0 text-sm">
                    <p className="font-medium text-stone-900">
                      {formatShortDate(b.checkInDate)} – {formatShortDate(b.checkOutDate)}
                    </p>
                    <p className="break-words text-stone-600">{b.reason || 'No reason given'}</p>
                  </div>
                  <Button
                    variant="danger-outline"
                    size="sm"
                    disabled={cancel.isPending}
                    onClick={() => unblock(b)}
                    aria-label={`Unblock ${formatShortDate(b.checkInDate)} – ${formatShortDate(b.checkOutDate)}`}
                  >
                    Unblock
                  </Button>
                </li>
              ))}
            </ul>
          )
        }
      </WhenRead>
    </AdminCard>
  );
}
