import { useQuery } from '@tanstack/react-query';
import { formatGbp } from '../../../domain/format.ts';
import { checkInQuery } from './check-in-api.ts';

/**
 * On the checkout page, the damage deposit the guest is authorising (docs/decisions/031-damage-deposit-hold.md):
 * its amount and how it is held, read with the reference and key of the booking page the guest goes back to.
 */
export function DepositToAuthorise({ returnPath }: { returnPath: string }) {
  const back = new URL(returnPath, window.location.origin);
  const reference = decodeURIComponent(back.pathname.split('/')[2] ?? '');
  const key = back.searchParams.get('key') ?? '';
  const checkIn = useQuery({ ...checkInQuery(reference, key), enabled: reference !== '' && key !== '' });
  const hold = checkIn.data?.damageHold;
  if (!hold) return null;
  return (
    <div className="mt-4 border-stone-200 border-t pt-3">
      <p className="flex justify-between gap-4 font-semibold text-lg">
        <span>Damage deposit</span>
        <span>{formatGbp(hold.amountPence)}</span>
      </p>
      <p className="mt-2 text-sm text-stone-700">{hold.description}</p>
    </div>
  );
}
