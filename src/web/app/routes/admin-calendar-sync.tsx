import { AdminGate } from '../../features/admin/admin-gate.tsx';
import { CalendarSyncScreen } from '../../features/calendar-sync/calendar-sync-screen.tsx';
import { pageMeta } from '../../lib/meta.ts';

export const meta = () =>
  pageMeta({
    title: 'Calendar Sync | The Tower',
    description: 'Sync the Airbnb and Booking.com calendars.',
    path: '/admin/calendar-sync',
    noindex: true,
  });

/** The calendar sync screen, behind the admin login (spec README, point 4): signed out, the login form shows. */
export default function Page() {
  return (
    <AdminGate>
      <CalendarSyncScreen />
    </AdminGate>
  );
}
