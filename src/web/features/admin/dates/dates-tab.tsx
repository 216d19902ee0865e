import { type FormEvent, useState } from 'react';
import { PROPERTY_ID } from '../../../../domain/property.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { toast } from '../../../lib/toast.ts';
import { cardClass } from '../shared/styles.ts';
import { useBlockDates } from './dates-api.ts';

/**
 * The Dates tab (spec sections 2 and 5): block nights for the owner. Both dates required (the button stays
 * disabled until they are set, and while the request runs); the reason is optional. Unblock from the list.
 */
export function DatesTab() {
  const [checkInDate, setCheckInDate] = useState('');
  const [checkOutDate, setCheckOutDate] = useState('');
  const [reason, setReason] = useState('');
  const block = useBlockDates();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!checkInDate || !checkOutDate || block.isPending) return;
    try {
      await block.mutateAsync({ propertyId: PROPERTY_ID, checkInDate, checkOutDate, reason: reason.trim() });
      toast({ title: 'Dates Blocked', description: 'Guests can no longer book those nights.' });
      setCheckInDate('');
      setCheckOutDate('');
      setReason('');
    } catch (error) {
      toast({
        title: 'Error',
        description: `Failed to block dates: ${(error as Error).message}`,
        variant: 'destructive',
      });
    }
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
      <form onSubmit={onSubmit} className="mt-4 grid gap-4 sm:grid-cols-2">
        <Field label="Check-in Date" id="block-check-in">
          <Input type="date" value={checkInDate} onChange={(e) => setCheckInDate(e.target.value)} />
        </Field>
        <Field label="Check-out Date" id="block-check-out">
          <Input
            type="date"
            min={checkInDate || undefined}
            value={checkOutDate}
            onChange={(e) => setCheckOutDate(e.target.value)}
          />
        </Field>
        <Field label="Reason (optional)" id="block-reason" className="sm:col-span-2">
          <Input
            value={reason}
            maxLength={500}
            onChange={(e) => setReason(e.target.value)}
            placeholder="e.g. maintenance, family visit"
          />
        </Field>
        <div className="sm:col-span-2">
          <Button type="submit" disabled={!checkInDate || !checkOutDate || block.isPending}>
            {block.isPending ? 'Blocking...' : 'Block Dates'}
          </Button>
        </div>
      </form>
    </section>
  );
}
