import { SetEmailPasswordSchema } from '../../../../domain/api/email.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Form, FormInput, type FormMethods, FormSubmit } from '../../../components/ui/form.tsx';
import { toast, toastOutcome } from '../../../lib/toast.ts';
import { AdminCard } from '../shared/card.tsx';
import { WhenRead } from '../shared/when-read.tsx';
import { useEmailStatus, useSendTestEmail, useSetEmailPassword } from './email-api.ts';
import { FollowUpsCard } from './follow-ups-card.tsx';
import { EmailTemplatesCard, GuestMessagesCard } from './guest-messages-card.tsx';
import { MailServerCard } from './mail-server-card.tsx';

/** The server's own schema, and a password that is not blank (the server says the same with a 400). */
const EmailPasswordForm = SetEmailPasswordSchema.refine((value) => value.password.trim() !== '', {
  message: 'Please enter the email password',
  path: ['password'],
});

/**
 * The Email tab (spec sections 2 and 5): the mail server (decision 024), the password of the outgoing booking
 * e-mail account, then the guest message settings and the previews of every e-mail.
 */
export function EmailTab() {
  return (
    <>
      <MailServerCard />
      <EmailSetupCard />
      <GuestMessagesCard />
      <FollowUpsCard />
      <EmailTemplatesCard />
    </>
  );
}

function EmailSetupCard() {
  const status = useEmailStatus();
  const save = useSetEmailPassword();
  const sendTest = useSendTestEmail();

  async function onSendTest() {
    await toastOutcome(
      sendTest.mutateAsync(),
      (result) => ({ title: 'Test Message Sent', description: `${result.message} Check that it arrived.` }),
      { title: 'Test Message Failed' },
    );
  }

  async function onSubmit({ password }: { password: string }, form: FormMethods<typeof EmailPasswordForm>) {
    const saved = await toastOutcome(
      save.mutateAsync(password),
      { title: 'Email Setup Complete', description: 'Booking confirmation emails are now active' },
      { title: 'Setup Failed' },
    );
    if (saved) form.reset();
  }

  return (
    <AdminCard
      headingId="email-setup-heading"
      title="Email Setup"
      className="max-w-xl"
      intro={
        <>
          Booking confirmations are sent to guests from the site's e-mail account. Enter its password to turn
          them on; it is stored encrypted.
        </>
      }
    >
      <WhenRead query={status} what="the e-mail setup">
        {(setup) => (
          <>
            <p className="mt-3 text-sm" role="status">
              {setup.configured
                ? `Configured: booking e-mails are sent from ${setup.email}.`
                : `Not configured yet${setup.email ? ` for ${setup.email}` : ''}: no booking e-mails are sent.`}
            </p>
            {setup.mailServer ? null : (
              <p className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-900 text-sm">
                The site does not know its mail server yet: enter it under Mail Server above (the README lists
                the settings of common providers).
              </p>
            )}
          </>
        )}
      </WhenRead>
      <Form
        schema={EmailPasswordForm}
        defaultValues={{ password: '' }}
        onSubmit={onSubmit}
        onInvalid={(errors) =>
          toast({ title: 'Password Required', description: errors.password?.message, variant: 'destructive' })
        }
        className="mt-4 space-y-4"
      >
        {/* A plain Field: a missing password is said in the toast, as the spec's wording asks. */}
        <Field label="Email Password" id="email-password">
          <FormInput name="password" type="password" autoComplete="new-password" />
        </Field>
        <FormSubmit pendingLabel="Saving...">Save Password</FormSubmit>
      </Form>
      {status.data?.configured ? (
        <div className="mt-6 border-stone-100 border-t pt-4">
          <p className="text-sm text-stone-600">
            Send a message to your own address (OWNER_EMAIL) to check that guests’ e-mails get through.
          </p>
          <Button variant="secondary" className="mt-3" onClick={onSendTest} disabled={sendTest.isPending}>
            {sendTest.isPending ? 'Sending...' : 'Send Test Message'}
          </Button>
        </div>
      ) : null}
    </AdminCard>
  );
}
