import { useEffect, useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { PageLoading } from '../../components/ui/page-loading.tsx';
import { ManageBookingPage } from '../../features/manage-booking/manage-booking-page.tsx';
import { manageKeyOf } from '../../lib/manage-key.ts';
import { pageMeta } from '../../lib/meta.ts';

export const meta = () =>
  pageMeta({
    title: 'Your Booking | The Tower, Aberdeen',
    description: 'See, add to your calendar, change or cancel your stay at The Tower.',
    path: '/booking',
    noindex: true,
  });

/**
 * /booking/{reference}?key=…: the guest's own booking, opened from the link in their confirmation
 * e-mail. Rendered in the browser only (the server sends the app's shell, never cached, not indexed).
 * See docs/decisions/017-after-paying.md.
 */
export default function ManageBooking() {
  const { reference = '' } = useParams();
  // The key is read after hydration: from the address the guest opened (the e-mail's link), or from the history
  // entry's state when the success page of the tab that paid brought the guest here (src/web/lib/manage-key.ts).
  const { state } = useLocation();
  const [key, setKey] = useState<string | null>(null);
  useEffect(
    () => setKey(new URLSearchParams(window.location.search).get('key') ?? manageKeyOf(state) ?? ''),
    [state],
  );
  if (key === null) {
    return <PageLoading>Loading your booking…</PageLoading>;
  }
  return <ManageBookingPage reference={reference} bookingKey={key} />;
}
