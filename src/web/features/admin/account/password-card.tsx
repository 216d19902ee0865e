import { z } from 'zod';
import { ChangePasswordSchema, NEW_PASSWORD_MIN_LENGTH } from '../../../../domain/api/admin-account.ts';
import { Form, FormField, FormInput, type FormMethods, FormSubmit } from '../../../components/ui/form.tsx';
import { toastOutcome } from '../../../lib/toast.ts';
import { AdminCard } from '../shared/card.tsx';
import { useChangePassword } from './account-api.ts';

/** The API's rules for a new password, and the same one typed twice. */
const PasswordForm = ChangePasswordSchema.extend({ repeat: z.string() }).refine(
  (form) => form.newPassword === form.repeat,
  { path: ['repeat'], message: 'The two new passwords are not the same.' },
);
const EMPTY = { currentPassword: '', newPassword: '', repeat: '' };

/** Change the password: the current one, the new one twice. The server checks it against common passwords. */
export function PasswordCard() {
  const change = useChangePassword();

  async function onSubmit(
    { currentPassword, newPassword }: z.output<typeof PasswordForm>,
    form: FormMethods<typeof PasswordForm>,
  ) {
    const changed = await toastOutcome(
      change.mutateAsync({ currentPassword, newPassword }),
      ({ signedOutSessions }) => ({
        title: 'Password Changed',
        description:
          signedOutSessions > 0
            ? `Your other sessions were signed out (${signedOutSessions}).`
            : 'Use it the next time you log in.',
      }),
      { title: 'Password Not Changed' },
    );
    if (changed) form.reset(EMPTY);
  }

  return (
    <AdminCard
      headingId="password-heading"
      title="Password"
      intro={
        <>
          Changing it signs out every other device. A few words of your own, {NEW_PASSWORD_MIN_LENGTH}{' '}
          characters or more, make a strong password.
        </>
      }
    >
      <Form schema={PasswordForm} defaultValues={EMPTY} onSubmit={onSubmit} className="mt-4 space-y-4">
        <FormField name="currentPassword" label="Current password" id="account-current-password">
          <FormInput type="password" autoComplete="current-password" />
        </FormField>
        <FormField name="newPassword" label="New password" id="account-new-password">
          <FormInput type="password" autoComplete="new-password" />
        </FormField>
        <FormField name="repeat" label="Repeat the new password" id="account-repeat-password">
          <FormInput type="password" autoComplete="new-password" />
        </FormField>
        <FormSubmit pendingLabel="Changing...">Change Password</FormSubmit>
      </Form>
    </AdminCard>
  );
}
