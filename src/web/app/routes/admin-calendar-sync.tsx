import { pageMeta } from '../../lib/meta.ts';

export const meta = () =>
  pageMeta({
    title: 'Calendar Sync | The Tower',
    description: 'Sync the Airbnb and Booking.com calendars.',
    path: '/admin/calendar-sync',
    noindex: true,
  });

export default function Page() {
  return (
    <div className="mx-auto max-w-4xl px-4 py-16">
      <h1 className="font-serif text-4xl">Calendar Sync</h1>
    </div>
  );
}
