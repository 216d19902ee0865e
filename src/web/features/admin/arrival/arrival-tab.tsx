import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { z } from 'zod';
import { type ArrivalSettings, ArrivalSettingsSchema } from '../../../../domain/api/arrival.ts';
import { MAX_RELEASE_DAYS } from '../../../../domain/damage-hold.ts';
import { addDays, todayOnPropertyClock } from '../../../../domain/dates.ts';
import { formatLongDate } from '../../../../domain/format.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { FormCheckbox, FormField, FormSubmit } from '../../../components/ui/form.tsx';
import { Input, Textarea } from '../../../components/ui/input.tsx';
import { toastIfFailed, toastOutcome } from '../../../lib/toast.ts';
import { AdminCard } from '../shared/card.tsx';
import { FormNumberInput } from '../shared/number-input.tsx';
import { SettingCard } from '../shared/setting-form.tsx';
import {
  arrivalSettings,
  downloadRegisterCsv,
  guestRegisterQuery,
  useHouseAgreement,
  useSaveHouseAgreement,
} from './arrival-api.ts';

/**
 * Before arrival (docs/decisions/025-online-check-in.md): which steps a guest completes online before the access
 * code is sent, the house agreement guests accept, and the guest register for any dates.
 */
export function ArrivalTab() {
  return (
    <>
      <ArrivalSettingsCard />
      <HouseAgreementCard />
      <GuestRegisterCard />
    </>
  );
}

/**
 * The settings as the owner types them: the damage deposit in pounds (0: none), sent in pence
 * (docs/decisions/031-damage-deposit-hold.md).
 */
const releaseDaysMessage = `Give the days after check-out, from 0 to ${MAX_RELEASE_DAYS}.`;
export const SettingsFormSchema = ArrivalSettingsSchema.omit({ damageHoldPence: true })
  .extend({
    damageHoldPounds: z
      .number({ error: 'Give the damage deposit in pounds, or 0 for none.' })
      .min(0, 'Give the damage deposit in pounds, or 0 for none.')
      .max(10_000, 'A damage deposit is at most £10,000.'),
    releaseDays: z
      .number({ error: releaseDaysMessage })
      .int(releaseDaysMessage)
      .min(0, releaseDaysMessage)
      .max(MAX_RELEASE_DAYS, releaseDaysMessage),
  })
  .transform(({ damageHoldPounds, ...settings }) => ({
    ...settings,
    damageHoldPence: Math.round(damageHoldPounds * 100),
  }));

const formValues = ({ damageHoldPence, ...settings }: ArrivalSettings) => ({
  ...settings,
  damageHoldPounds: damageHoldPence / 100,
});

function ArrivalSettingsCard() {
  return (
    <SettingCard
      setting={arrivalSettings}
      what="the check-in settings"
      headingId="arrival-settings-heading"
      title="Online check-in"
      className="max-w-xl"
      intro={
        <>
          The arrival e-mail gives the access code only once the guest has done every step you require here;
          until then it lists what is missing. Guests are reminded 72 and 48 hours before arrival, and you are
          told 36 hours before arrival of any stay that is not ready.
        </>
      }
      schema={SettingsFormSchema}
      toForm={formValues}
      saved={{
        title: 'Arrival Settings Saved',
        description: 'Guests see the steps on their booking page.',
      }}
      formClassName="mt-4 space-y-3"
    >
      <FormCheckbox
        name="requireRegister"
        className="flex items-center gap-2 text-sm text-stone-800"
        inputClassName="size-4"
      >
        Require the guest register (name and nationality of each guest, passport where the law asks it)
      </FormCheckbox>
      <FormCheckbox
        name="requireAgreement"
        className="flex items-center gap-2 text-sm text-stone-800"
        inputClassName="size-4"
      >
        Require the house agreement to be accepted (once you have written one)
      </FormCheckbox>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField
          name="damageHoldPounds"
          label="Damage deposit (£)"
          hint="Held on the guest’s card before arrival; 0 for none."
        >
          <FormNumberInput />
        </FormField>
        <FormField
          name="releaseDays"
          label="Released after check-out (days)"
          hint="Unless you claim part of it by then."
        >
          <FormNumberInput whole />
        </FormField>
      </div>
      <FormSubmit pendingLabel="Saving...">Save Check-in Settings</FormSubmit>
    </SettingCard>
  );
}

function HouseAgreementCard() {
  const agreement = useHouseAgreement();
  const save = useSaveHouseAgreement();
  const current = agreement.data?.versions[0];
  const [text, setText] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const value = text ?? current?.text ?? '';

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (value.trim() === '') {
      setError('Write the house agreement first.');
      return;
    }
    setError(undefined);
    await toastOutcome(save.mutateAsync(value), {
      title: 'House Agreement Saved',
      description: 'Guests who have not accepted it yet read this version.',
    });
    setText(null);
  }

  return (
    <AdminCard
      headingId="house-agreement-heading"
      title="House agreement"
      className="max-w-3xl"
      intro="The house rules or rental agreement guests accept on their booking page by typing their full name. Each save is a new version; earlier versions stay below."
      aside={current ? <span className="text-sm text-stone-600">Version {current.version}</span> : undefined}
    >
      <form onSubmit={onSubmit} noValidate className="mt-4 space-y-3">
        <Field label="House agreement" error={error}>
          <Textarea rows={10} value={value} onChange={(event) => setText(event.target.value)} />
        </Field>
        <Button type="submit" disabled={save.isPending || agreement.isPending}>
          {save.isPending ? 'Saving...' : 'Save as a New Version'}
        </Button>
      </form>
      {agreement.data && agreement.data.versions.length > 1 ? (
        <details className="mt-4">
          <summary className="cursor-pointer text-sm">Earlier versions</summary>
          <ul className="mt-2 space-y-2">
            {agreement.data.versions.slice(1).map((version) => (
              <li key={version.version} className="rounded-md border border-stone-200 p-3 text-sm">
                <p className="font-medium">
                  Version {version.version}, {formatLongDate(version.createdAt.slice(0, 10))}
                </p>
                <p className="mt-1 whitespace-pre-wrap text-stone-700">{version.text}</p>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </AdminCard>
  );
}

function GuestRegisterCard() {
  const today = todayOnPropertyClock(new Date());
  const [from, setFrom] = useState(addDays(today, -30));
  const [to, setTo] = useState(addDays(today, 30));
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(from) && /^\d{4}-\d{2}-\d{2}$/.test(to) && to >= from;
  const register = useQuery({ ...guestRegisterQuery(from, to), enabled: valid });

  const onDownload = () => toastIfFailed(downloadRegisterCsv(from, to));

  return (
    <AdminCard
      headingId="guest-register-heading"
      title="Guest register"
      intro="Every guest aged 16 or over of the stays between these dates, as the police may ask to inspect it. Each stay's register is kept 12 months after check-out."
    >
      <div className="mt-4 flex flex-wrap items-end gap-3">
        <Field label="From">
          <Input type="date" value={from} onChange={(event) => setFrom(event.target.value)} />
        </Field>
        <Field label="To" error={valid ? undefined : 'Choose a date on or after the first.'}>
          <Input type="date" value={to} onChange={(event) => setTo(event.target.value)} />
        </Field>
        <Button variant="secondary" disabled={!valid} onClick={onDownload}>
          Download CSV
        </Button>
        <Button variant="secondary" onClick={() => window.print()}>
          Print
        </Button>
      </div>
      {register.data ? (
        register.data.entries.length === 0 ? (
          <p className="mt-4 text-sm text-stone-600">No guest is registered for these dates.</p>
        ) : (
          <div className="mt-4 overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Guest register</caption>
              <thead>
                <tr className="border-stone-200 border-b">
                  <th className="py-2 pr-3">Arrival</th>
                  <th className="py-2 pr-3">Departure</th>
                  <th className="py-2 pr-3">Full name</th>
                  <th className="py-2 pr-3">Nationality</th>
                  <th className="py-2 pr-3">Passport</th>
                  <th className="py-2 pr-3">Issued at</th>
                  <th className="py-2 pr-3">Next destination</th>
                </tr>
              </thead>
              <tbody>
                {register.data.entries.map((entry) => (
                  <tr key={`${entry.reference}-${entry.fullName}`} className="border-stone-100 border-b">
                    <td className="py-2 pr-3">{entry.checkIn}</td>
                    <td className="py-2 pr-3">{entry.checkOut}</td>
                    <td className="py-2 pr-3">{entry.fullName}</td>
                    <td className="py-2 pr-3">{entry.nationality}</td>
                    <td className="py-2 pr-3">{entry.passportNumber || '—'}</td>
                    <td className="py-2 pr-3">{entry.passportPlaceOfIssue || '—'}</td>
                    <td className="py-2 pr-3">{entry.nextDestination || '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )
      ) : null}
    </AdminCard>
  );
}
