import { type FormEvent, useState } from 'react';
import { NEW_PASSWORD_MIN_LENGTH } from '../../../../domain/api/admin-account.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { toast } from '../../../lib/toast.ts';
import { AdminCard } from '../shared/card.tsx';
import { useChangePassword } from './account-api.ts';

/** Change the password: the current one, the new one twice. The server checks it against common passwords. */
export function PasswordCard() {
  const change = useChangePassword();
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [error, setError] = useState<string | undefined>();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (newPassword.length < NEW_PASSWORD_MIN_LENGTH) {
      setError(`The new password needs at least ${NEW_PASSWORD_MIN_LENGTH} characters.`);
      return;
    }
    if (newPassword !== repeat) {
      setError('The two new passwords are not the same.');
      return;
    }
    setError(undefined);
    try {
      const { signedOutSessions } = await change.mutateAsync({ currentPassword, newPassword });
      setCurrentPassword('');
      setNewPassword('');
      setRepeat('');
      toast({
        title: 'Password Changed',
        description:
          signedOutSessions > 0
            ? `Your other sessions were signed out (${signedOutSessions}).`
            : 'Use it the next time you log in.',
      });
    } catch (failure) {
      toast({
        title: 'Password Not Changed',
        description: (failure as Error).message,
        variant: 'destructive',
      });
    }
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
      <form onSubmit={onSubmit} className="mt-4 space-y-4">
        <Field label="Current password" id="account-current-password">
          <Input
            type="password"
            autoComplete="current-password"
            required
            value={currentPassword}
            onChange={(e) => setCurrentPassword(e.target.value)}
          />
        </Field>
        <Field label="New password" id="account-new-password" error={error}>
          <Input
            type="password"
            autoComplete="new-password"
            required
            value={newPassword}
            onChange={(e) => setNewPassword(e.target.value)}
          />
        </Field>
        <Field label="Repeat the new password" id="account-repeat-password">
          <Input
            type="password"
            autoComplete="new-password"
            required
            value={repeat}
            onChange={(e) => setRepeat(e.target.value)}
          />
        </Field>
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? 'Changing...' : 'Change Password'}
        </Button>
      </form>
    </AdminCard>
  );
}
