import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { CalendarSyncScreen } from '../../features/calendar-sync/calendar-sync-screen.tsx';
import { getAdminToken } from '../../lib/api.ts';
import { pageMeta } from '../../lib/meta.ts';

export const meta = () =>
  pageMeta({
    title: 'Calendar Sync | The Tower',
    description: 'Sync the Airbnb and Booking.com calendars.',
    path: '/admin/calendar-sync',
    noindex: true,
  });

/**
 * The calendar sync screen, behind the admin login (spec README, point 4). A minimal local check until the
 * shared AdminGate replaces it: without a stored admin token, a link to the login; the server refuses every
 * call without a valid token anyway.
 */
export default function Page() {
  const [signedIn, setSignedIn] = useState<boolean | null>(null);
  useEffect(() => setSignedIn(Boolean(getAdminToken())), []);

  if (signedIn === null) {
    return (
      <div className="mx-auto max-w-4xl px-4 py-16" role="status">
        <span className="text-stone-600">Loading…</span>
      </div>
    );
  }
  if (!signedIn) {
    return (
      <div className="mx-auto max-w-4xl px-4 py-16">
        <h1 className="font-serif text-4xl">Calendar Sync</h1>
        <p className="mt-4 text-stone-700">
          Please{' '}
          <Link to="/admin" className="font-medium underline">
            log in to the admin area
          </Link>{' '}
          to sync calendars.
        </p>
      </div>
    );
  }
  return <CalendarSyncScreen />;
}
