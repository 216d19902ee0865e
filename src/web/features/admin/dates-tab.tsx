import { type FormEvent, useState } from 'react';
import { PROPERTY_ID } from '../../../domain/property.ts';
import { toast } from '../../lib/toast.ts';
import { useBlockDates } from './admin-api.ts';
import { buttonClass, cardClass, inputClass, labelClass } from './styles.ts';

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
        <div>
          <label htmlFor="block-check-in" className={labelClass}>
            Check-in Date
          </label>
          <input
            id="block-check-in"
            type="date"
            value={checkInDate}
            onChange={(e) => setCheckInDate(e.target.value)}
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor="block-check-out" className={labelClass}>
            Check-out Date
          </label>
          <input
            id="block-check-out"
            type="date"
            min={checkInDate || undefined}
            value={checkOutDate}
            onChange={(e) => setCheckOutDate(e.target.value)}
            className={inputClass}
          />
        </div>
        <div className="sm:col-span-2">
          <label htmlFor="block-reason" className={labelClass}>
            Reason (optional)
          </label>
          <input
            id="block-reason"
            value={reason}
            maxLength={500}
            onChange={(e) => setReason(e.target.value)}
            className={inputClass}
            placeholder="e.g. maintenance, family visit"
          />
        </div>
        <div className="sm:col-span-2">
          <button
            type="submit"
            className={buttonClass.primary}
            disabled={!checkInDate || !checkOutDate || block.isPending}
          >
            {block.isPending ? 'Blocking...' : 'Block Dates'}
          </button>
        </div>
      </form>
    </section>
  );
}
