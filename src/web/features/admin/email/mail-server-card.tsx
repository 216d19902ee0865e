import { z } from 'zod';
import {
  MAIL_SECURITY,
  type MailSecurity,
  type MailServerSettings,
  SaveMailServerSchema,
} from '../../../../domain/api/email.ts';
import {
  FormAlert,
  FormField,
  FormInput,
  FormSelect,
  FormSubmit,
  readAt,
} from '../../../components/ui/form.tsx';
import { SettingField } from '../shared/set-by-environment.tsx';
import { SettingCard } from '../shared/setting-form.tsx';
import { mailServer } from './email-api.ts';

const SECURITY_LABELS: Record<MailSecurity, string> = {
  starttls: 'STARTTLS (usually port 587)',
  tls: 'TLS from the start (usually port 465)',
};

/** What the server's environment calls each field: shown beside a field it sets. */
const VARIABLES = {
  host: 'SMTP_HOST',
  port: 'SMTP_PORT',
  security: 'SMTP_SECURE',
  user: 'SMTP_USER',
} as const;

/** The fields as typed (the port is text in the box), read by the server's own schema. */
const MailServerForm = z
  .object({
    host: z.string(),
    port: z.string(),
    security: z.enum(MAIL_SECURITY),
    user: z.string(),
    password: z.string(),
  })
  .transform((draft, context) =>
    readAt(
      SaveMailServerSchema,
      {
        ...draft,
        port: Number(draft.port || Number.NaN),
        password: draft.password === '' ? undefined : draft.password,
      },
      context,
    ),
  );

/**
 * The mail server booking e-mails go through (decision 024): address, port, security, account and password. The
 * server logs in with them before it stores anything, and says why when the login fails; the next e-mail uses
 * them, with no restart. A field the server's environment sets is shown read-only: the environment wins.
 */
export function MailServerCard() {
  return (
    <SettingCard
      setting={mailServer}
      what="the mail server"
      headingId="mail-server-heading"
      title="Mail Server"
      className="max-w-xl"
      intro={
        <>
          The outgoing mail server of the site’s e-mail account (your provider’s help pages call it SMTP). The
          site logs in with these settings before saving them; the password is stored encrypted and never
          shown again.
        </>
      }
      schema={MailServerForm}
      toForm={(settings) => ({
        host: settings.host ?? '',
        port: String(settings.port),
        security: settings.security,
        user: settings.user ?? '',
        password: '',
      })}
      saved={(_form, saved) => ({
        title: 'Mail Server Saved',
        description: `The login worked: booking e-mails are sent through ${saved.host}.`,
      })}
      refusedInForm
    >
      {(_form, settings) => <MailServerFields settings={settings} />}
    </SettingCard>
  );
}

function MailServerFields({ settings }: { settings: MailServerSettings }) {
  const setBy = (field: keyof typeof VARIABLES) =>
    settings.fromEnvironment.includes(field) ? VARIABLES[field] : null;

  return (
    <>
      <SettingField
        name="host"
        label="Mail server address"
        hint="For example smtp.gmail.com"
        setBy={setBy('host')}
        shown={settings.host ?? ''}
      >
        <FormInput autoComplete="off" spellCheck={false} />
      </SettingField>
      <div className="grid gap-4 sm:grid-cols-2">
        <SettingField
          name="port"
          label="Port"
          hint="587 or 465 at most providers"
          setBy={setBy('port')}
          shown={String(settings.port)}
        >
          <FormInput inputMode="numeric" />
        </SettingField>
        <SettingField
          name="security"
          label="Security"
          setBy={setBy('security')}
          shown={SECURITY_LABELS[settings.security]}
        >
          <FormSelect options={MAIL_SECURITY} labels={SECURITY_LABELS} />
        </SettingField>
      </div>
      <SettingField
        name="user"
        label="Account"
        hint="The user name of the login, usually the e-mail address"
        setBy={setBy('user')}
        shown={settings.user ?? ''}
      >
        <FormInput autoComplete="off" spellCheck={false} />
      </SettingField>
      <FormField
        name="password"
        label="Password"
        hint={
          settings.passwordSet
            ? 'A password is saved. Leave this empty to keep it.'
            : 'At Gmail and Microsoft 365, an app password.'
        }
      >
        <FormInput type="password" autoComplete="new-password" />
      </FormField>
      <FormAlert className="text-red-800 text-sm" />
      <FormSubmit pendingLabel="Checking...">Check and Save</FormSubmit>
    </>
  );
}
