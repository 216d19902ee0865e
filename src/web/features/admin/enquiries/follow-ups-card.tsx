import { useQuery } from '@tanstack/react-query';
import { Button } from '../../../components/ui/button.tsx';
import { apiRequest, readQuery } from '../../../lib/api.ts';
import { useChange } from '../../../lib/mutation.ts';
import { toastOutcome } from '../../../lib/toast.ts';
import { AdminCard } from '../shared/card.tsx';
import { WhenRead } from '../shared/when-read.tsx';

type Summary = { enabled: boolean; followedUp: number; bookedAfter: number };

const followUpsQuery = () =>
  readQuery<Summary>(['admin', 'checkout-follow-ups'], '/api/admin/checkout-follow-ups');

/**
 * Follow-ups of unfinished checkouts (docs/decisions/028-enquiries-and-quotes.md): on or off, how many guests
 * were e-mailed and how many of them then booked.
 */
export function FollowUpsCard() {
  const query = useQuery(followUpsQuery());
  const change = useChange({
    mutationFn: (enabled: boolean) =>
      apiRequest<Summary>('PUT', '/api/admin/checkout-follow-ups', { enabled }),
    stale: [followUpsQuery().queryKey],
  });
  return (
    <AdminCard
      headingId="follow-ups-heading"
      title="Unfinished checkouts"
      intro="A guest who gave their name and e-mail but did not finish paying gets one e-mail about an hour later, while their dates are still free and they have not booked since (never more than one a week, with a one-click opt-out)."
    >
      <WhenRead query={query} what="the follow-ups">
        {(summary) => (
          <div className="mt-3 flex flex-wrap items-center gap-4 text-sm">
            <p>
              {summary.enabled ? 'On' : 'Off'} · {summary.followedUp} followed up · {summary.bookedAfter} then
              booked
            </p>
            <Button
              size="sm"
              variant="secondary"
              disabled={change.isPending}
              onClick={() =>
                toastOutcome(change.mutateAsync(!summary.enabled), {
                  title: summary.enabled ? 'Follow-ups Off' : 'Follow-ups On',
                  description: summary.enabled
                    ? 'Guests who leave at the payment step get no e-mail.'
                    : 'Guests who leave at the payment step get one e-mail about an hour later.',
                })
              }
            >
              {summary.enabled ? 'Turn off' : 'Turn on'}
            </Button>
          </div>
        )}
      </WhenRead>
    </AdminCard>
  );
}
