import { Button } from '../../../components/ui/button.tsx';
import { toastOutcome } from '../../../lib/toast.ts';
import { AdminCard } from '../shared/card.tsx';
import { formatMoment } from '../shared/format-moment.ts';
import { WhenRead } from '../shared/when-read.tsx';
import { useRevokeOtherSessions, useSessions } from './account-api.ts';

/** The devices signed in to the admin, this one marked, and a button that signs out all the others. */
export function SessionsCard() {
  const sessions = useSessions();
  const revoke = useRevokeOtherSessions();
  const others = sessions.data?.filter((session) => !session.current).length ?? 0;

  async function onRevoke() {
    await toastOutcome(
      revoke.mutateAsync(),
      ({ revoked }) => ({ title: 'Signed Out', description: `${revoked} other session(s) signed out.` }),
      { title: 'Sign Out Failed' },
    );
  }

  return (
    <AdminCard
      headingId="sessions-heading"
      title="Signed-in devices"
      intro={
        <>
          Every browser signed in to the admin. One you do not recognise? Sign out the others, then change
          your password.
        </>
      }
    >
      <WhenRead query={sessions} what="the sessions" className="mt-4 text-sm">
        {(signedIn) => (
          <ul aria-label="Sessions" className="mt-4 divide-y divide-stone-100">
            {signedIn.map((session) => (
              <li key={session.id} className="py-3 text-sm">
                <p className="font-medium text-stone-900">
                  {session.browser}
                  {session.current ? (
                    <span className="ml-2 rounded bg-emerald-100 px-2 py-0.5 font-normal text-emerald-900 text-xs">
                      This device
                    </span>
                  ) : null}
                </p>
                <p className="text-stone-600">
                  {session.address ?? 'Unknown address'} · signed in {formatMoment(session.createdAt)} · last
                  seen {formatMoment(session.lastSeenAt)}
                </p>
              </li>
            ))}
          </ul>
        )}
      </WhenRead>
      <Button
        variant="secondary"
        className="mt-4"
        onClick={onRevoke}
        disabled={revoke.isPending || others === 0}
      >
        {revoke.isPending ? 'Signing out...' : 'Sign Out Other Sessions'}
      </Button>
    </AdminCard>
  );
}
