import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import {
  ARRIVAL_STEP_LABELS,
  type CheckIn,
  CheckInUpdateSchema,
  EMPTY_GUEST,
  type RegisterGuestInput,
} from '../../../domain/api/arrival.ts';
import type { DamageHoldView } from '../../../domain/api/damage-holds.ts';
import { formatGbp, formatLongDate } from '../../../domain/format.ts';
import { needsPassport } from '../../../domain/nationality.ts';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Panel } from '../../components/ui/panel.tsx';
import { type ToastInput, toastIfFailed, toastOutcome } from '../../lib/toast.ts';
import { acceptAgreement, authoriseDamageHold, checkInQuery, saveRegister } from './check-in-api.ts';
import { guestHoldStatus } from './damage-hold-words.ts';
import { NationalityPicker } from './nationality-picker.tsx';

type Props = { reference: string; bookingKey: string };

/**
 * Online check-in on the guest's manage page (docs/decisions/025-online-check-in.md): what is still to do before
 * the access code is sent, the guest register and the house agreement.
 */
export function CheckInSection({ reference, bookingKey }: Props) {
  const checkIn = useQuery(checkInQuery(reference, bookingKey));
  if (!checkIn.data) return null;
  const { readiness } = checkIn.data;
  return (
    <Panel headingId="check-in-heading" title="Check in online" className="mt-6">
      {readiness.ready ? (
        <p role="status" className="mt-2 text-stone-700">
          You are checked in. Your access code comes in your arrival e-mail, 24 hours before check-in.
        </p>
      ) : readiness.missing.length === 0 ? (
        // Everything the guest can do is done; the deposit is placed the day before arrival (decision 031).
        <p role="status" className="mt-2 text-stone-700">
          You have done everything we need. Your access code comes by e-mail once your damage deposit is held,
          the day before you arrive.
        </p>
      ) : (
        <p role="status" className="mt-2 text-stone-700">
          Your access code comes by e-mail once you have completed{' '}
          {readiness.missing.map((step) => ARRIVAL_STEP_LABELS[step]).join(' and ')}.
        </p>
      )}
      {readiness.required.register ? (
        <RegisterForm checkIn={checkIn.data} reference={reference} bookingKey={bookingKey} />
      ) : null}
      {checkIn.data.agreement ? (
        <AgreementForm checkIn={checkIn.data} reference={reference} bookingKey={bookingKey} />
      ) : null}
      {checkIn.data.damageHold ? (
        <DamageDeposit hold={checkIn.data.damageHold} reference={reference} bookingKey={bookingKey} />
      ) : null}
    </Panel>
  );
}

type FormProps = Props & { checkIn: CheckIn };

/** A step's save: busy meanwhile, the answer (the whole check-in) put straight into the read, then said. */
function useSave(reference: string, bookingKey: string) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  async function save(send: () => Promise<CheckIn>, done: ToastInput) {
    setBusy(true);
    await toastOutcome(
      send().then((saved) => queryClient.setQueryData(checkInQuery(reference, bookingKey).queryKey, saved)),
      done,
    );
    setBusy(false);
  }
  return { busy, save };
}

function RegisterForm({ checkIn, reference, bookingKey }: FormProps) {
  const [guests, setGuests] = useState<Required<RegisterGuestInput>[]>(() =>
    Array.from({ length: checkIn.guestCount }, (_, i) => ({ ...EMPTY_GUEST, ...checkIn.guests[i] })),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { busy, save } = useSave(reference, bookingKey);
  const set = (index: number, change: Partial<RegisterGuestInput>) =>
    setGuests((all) => all.map((guest, i) => (i === index ? { ...guest, ...change } : guest)));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = CheckInUpdateSchema.safeParse({ guests });
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message])),
      );
      return;
    }
    setErrors({});
    await save(() => saveRegister(reference, bookingKey, guests), {
      title: 'Guest register saved',
      description: 'Thank you: every guest is registered.',
    });
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="register-heading" className="mt-6 space-y-4">
      <h3 id="register-heading" className="font-serif text-xl">
        Guest register
      </h3>
      <p className="text-sm text-stone-700">
        The law (the Immigration (Hotel Records) Order 1972) asks us to keep the name and nationality of every
        guest aged 16 or over, and the passport details of guests who are not British, Irish or Commonwealth
        citizens. We keep them for 12 months after your stay.
      </p>
      {guests.map((guest, index) => {
        const error = (field: string) => errors[`guests.${index}.${field}`];
        const passport = !guest.under16 && guest.nationality !== '' && needsPassport(guest.nationality);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a booking's guests are its places, 1 to its guest count
          <fieldset key={index} className="space-y-3 rounded-md border border-stone-200 p-4">
            <legend className="px-1 font-medium">Guest {index + 1}</legend>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={guest.under16}
                onChange={(event) => set(index, { under16: event.target.checked })}
              />
              Under 16 (nothing else is needed)
            </label>
            {guest.under16 ? null : (
              <>
                <Field label="Full name" error={error('fullName')}>
                  <Input
                    autoComplete={index === 0 ? 'name' : 'off'}
                    value={guest.fullName}
                    onChange={(event) => set(index, { fullName: event.target.value })}
                  />
                </Field>
                <Field label="Nationality" error={error('nationality')} hint="Type to search, then pick.">
                  <NationalityPicker
                    value={guest.nationality}
                    onChange={(nationality) => set(index, { nationality })}
                  />
                </Field>
              </>
            )}
            {passport ? (
              <>
                <Field label="Passport or identity document number" error={error('passportNumber')}>
                  <Input
                    value={guest.passportNumber}
                    onChange={(event) => set(index, { passportNumber: event.target.value })}
                  />
                </Field>
                <Field label="Place of issue" error={error('passportPlaceOfIssue')}>
                  <Input
                    value={guest.passportPlaceOfIssue}
                    onChange={(event) => set(index, { passportPlaceOfIssue: event.target.value })}
                  />
                </Field>
                <Field
                  label="Next destination (optional)"
                  hint="Where you go after your stay, with its address if you know it. You can add it later."
                  error={error('nextDestination')}
                >
                  <Input
                    value={guest.nextDestination}
                    onChange={(event) => set(index, { nextDestination: event.target.value })}
                  />
                </Field>
              </>
            ) : null}
          </fieldset>
        );
      })}
      <Button type="submit" disabled={busy}>
        {busy ? 'Saving...' : 'Save the guest register'}
      </Button>
    </form>
  );
}

function AgreementForm({ checkIn, reference, bookingKey }: FormProps) {
  const agreement = checkIn.agreement;
  const [fullName, setFullName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const { busy, save } = useSave(reference, bookingKey);
  if (!agreement) return null;
  const accepted = checkIn.acceptance;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!agreement) return;
    if (fullName.trim().length < 2) {
      setError('Type your full name to accept the agreement.');
      return;
    }
    setError(undefined);
    const { version } = agreement;
    await save(() => acceptAgreement(reference, bookingKey, { version, fullName }), {
      title: 'Agreement accepted',
      description: 'Thank you.',
    });
  }

  return (
    <section aria-labelledby="agreement-heading" className="mt-8 space-y-3">
      <h3 id="agreement-heading" className="font-serif text-xl">
        House agreement
      </h3>
      <div className="max-h-80 overflow-auto whitespace-pre-wrap rounded-md bg-stone-50 p-4 text-sm text-stone-800">
        {agreement.text}
      </div>
      {accepted ? (
        <p role="status" className="text-stone-700">
          Accepted by {accepted.name} on {formatLongDate(accepted.acceptedAt.slice(0, 10))}.
        </p>
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-3">
          <Field label="Type your full name to accept" error={error}>
            <Input value={fullName} onChange={(event) => setFullName(event.target.value)} />
          </Field>
          <Button type="submit" disabled={busy}>
            {busy ? 'Saving...' : 'Accept the house agreement'}
          </Button>
        </form>
      )}
    </section>
  );
}

/**
 * The damage deposit (docs/decisions/031-damage-deposit-hold.md): how it is held, where it stands, the button to
 * authorise it when the bank did not accept it, and what the owner took and why. The e-mail of a failed hold
 * links here (`#deposit`).
 */
function DamageDeposit({ hold, reference, bookingKey }: Props & { hold: DamageHoldView }) {
  const [busy, setBusy] = useState(false);
  const part = useRef<HTMLElement>(null);
  useEffect(() => {
    // The part appears once the check-in has loaded, after the browser looked for the link's #deposit.
    if (window.location.hash === '#deposit') part.current?.scrollIntoView();
  }, []);

  async function authorise() {
    setBusy(true);
    const opened = await toastIfFailed(authoriseDamageHold(reference, bookingKey));
    // The bank's page replaces this one: the button stays busy until it does.
    if (opened) window.location.assign(opened.answer.url);
    else setBusy(false);
  }

  return (
    <section id="deposit" ref={part} aria-labelledby="deposit-heading" className="mt-8 space-y-3">
      <h3 id="deposit-heading" className="font-serif text-xl">
        Damage deposit
      </h3>
      <p className="text-stone-700">{hold.description}</p>
      <p className="font-medium text-stone-900">{guestHoldStatus(hold)}</p>
      {hold.status === 'claimed' && hold.claimReason ? (
        <p className="text-stone-700">
          Why we took {formatGbp(hold.claimedPence ?? 0)}: {hold.claimReason}
        </p>
      ) : null}
      {hold.status === 'needs_authorisation' ? (
        <Button onClick={authorise} disabled={busy}>
          {busy ? 'Opening...' : 'Authorise the damage deposit'}
        </Button>
      ) : null}
    </section>
  );
}
