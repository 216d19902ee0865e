import { GuestMessageSettingsSchema } from '../../../../domain/api/guest-journey.ts';
import {
  FormCheckbox,
  FormField,
  FormInput,
  FormSubmit,
  FormTextarea,
} from '../../../components/ui/form.tsx';
import { SettingCard } from '../shared/setting-form.tsx';
import { cardClass } from '../shared/styles.ts';
import { WhenRead } from '../shared/when-read.tsx';
import { guestMessages, useEmailTemplates } from './email-api.ts';

/**
 * The owner's standing guest message settings: the check-in instructions and default access code of the arrival
 * e-mail (24 hours before check-in), the review link of the thank-you (the morning after check-out), and whether
 * the guest's booking page shows the address.
 */
export function GuestMessagesCard() {
  return (
    <SettingCard
      setting={guestMessages}
      what="the guest messages"
      headingId="guest-messages-heading"
      title="Guest messages"
      className="max-w-xl"
      intro={
        <>
          Guests get an arrival e-mail 24 hours before check-in with these instructions and their access code,
          and a thank-you the morning after check-out. A stay's own code is set on the booking.
        </>
      }
      schema={GuestMessageSettingsSchema}
      toForm={(settings) => settings}
      saved={{
        title: 'Guest Messages Saved',
        description: 'The next arrival and thank-you e-mails use them.',
      }}
    >
      <FormField
        name="checkInInstructions"
        label="Check-in instructions"
        hint="Blank lines separate paragraphs."
      >
        <FormTextarea rows={6} />
      </FormField>
      <FormField
        name="defaultAccessCode"
        label="Default access code"
        hint="Sent when a stay has no code of its own. Without either, you are told 36 hours before arrival."
      >
        <FormInput />
      </FormField>
      <FormField name="reviewUrl" label="Review link (optional)">
        <FormInput type="url" placeholder="https://" />
      </FormField>
      <FormCheckbox
        name="showAddress"
        className="flex items-center gap-2 text-sm text-stone-800"
        inputClassName="size-4"
      >
        Show the address on the guest's booking page
      </FormCheckbox>
      <FormSubmit pendingLabel="Saving...">Save Guest Messages</FormSubmit>
    </SettingCard>
  );
}

/** Every e-mail the site sends, with the owner's settings filled in (`npm run email:preview` writes the same). */
export function EmailTemplatesCard() {
  const templates = useEmailTemplates();
  return (
    <details className={`${cardClass} max-w-3xl`}>
      <summary className="cursor-pointer font-serif text-xl">E-mail previews</summary>
      <WhenRead query={templates} what="the previews">
        {(previews) => (
          <ul className="mt-3 space-y-2">
            {previews.map((template) => (
              <li key={template.kind}>
                <details className="rounded-md border border-stone-200 p-3">
                  <summary className="cursor-pointer text-sm">
                    <span className="font-medium">{template.subject}</span>{' '}
                    <span className="text-stone-500">({template.kind})</span>
                  </summary>
                  <pre className="mt-2 whitespace-pre-wrap break-words font-sans text-sm text-stone-800">
                    {template.text}
                  </pre>
                </details>
              </li>
            ))}
          </ul>
        )}
      </WhenRead>
    </details>
  );
}
