import { useQuery } from '@tanstack/react-query';
import { ARRIVAL_STEP_LABELS } from '../../../../domain/api/arrival.ts';
import { formatMoment } from '../shared/format-moment.ts';
import { stayCheckInQuery } from './stay-check-in-api.ts';
import { StayDamageHold } from './stay-damage-hold.tsx';

/** The owner's view of a stay's guest register, house agreement and damage deposit, and what is still missing. */
export function StayCheckInSection({ id }: { id: string }) {
  const checkIn = useQuery(stayCheckInQuery(id));
  if (!checkIn.data) return null;
  const { guests, acceptance, readiness, damageHold } = checkIn.data;
  return (
    <section aria-labelledby="stay-check-in-heading">
      <h3 id="stay-check-in-heading" className="font-semibold">
        Online check-in
      </h3>
      <p className="mt-1 text-stone-700">
        {readiness.ready
          ? 'Ready: the access code goes with the arrival e-mail.'
          : readiness.missing.length === 0
            ? 'Not ready: the damage deposit is held the day before arrival.'
            : `Not ready: missing ${readiness.missing.map((step) => ARRIVAL_STEP_LABELS[step]).join(' and ')}.`}
      </p>
      {guests.length > 0 ? (
        <ul aria-label="Guest register" className="mt-1 divide-y divide-stone-100">
          {guests.map((guest, index) =>
            guest.under16 ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: a booking's guests are its places
              <li key={index} className="py-1.5 text-stone-600">
                Guest {index + 1}: under 16
              </li>
            ) : (
              // biome-ignore lint/suspicious/noArrayIndexKey: a booking's guests are its places
              <li key={index} className="py-1.5">
                {guest.fullName}, {guest.nationality}
                {guest.passportNumber ? (
                  <span className="block text-stone-500 text-xs">
                    Passport {guest.passportNumber}, issued at {guest.passportPlaceOfIssue}
                    {guest.nextDestination ? `; next: ${guest.nextDestination}` : ''}
                  </span>
                ) : null}
              </li>
            ),
          )}
        </ul>
      ) : (
        <p className="mt-1 text-stone-600">No guest registered yet.</p>
      )}
      <p className="mt-1 text-stone-700">
        {acceptance
          ? `House agreement version ${acceptance.version} accepted by “${acceptance.name}” on ${formatMoment(acceptance.acceptedAt)} from ${acceptance.address ?? 'an unknown address'}.`
          : 'House agreement not accepted.'}
      </p>
      {damageHold ? <StayDamageHold stayId={id} hold={damageHold} /> : null}
    </section>
  );
}
