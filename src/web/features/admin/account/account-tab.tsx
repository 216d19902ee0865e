import { PasswordCard } from './password-card.tsx';
import { SessionsCard } from './sessions-card.tsx';
import { TwoFactorCard } from './two-factor-card.tsx';

/**
 * The Account tab: the owner's password, the devices signed in, and two-step sign-in with an authenticator app
 * (docs/decisions/020-the-owners-account.md).
 */
export function AccountTab() {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <div className="space-y-6">
        <PasswordCard />
        <TwoFactorCard />
      </div>
      <SessionsCard />
    </div>
  );
}
