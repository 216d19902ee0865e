import { pageMeta } from '../../lib/meta.ts';

export const meta = () =>
  pageMeta({
    title: 'Booking Confirmed | The Tower, Aberdeen',
    description: 'Your stay at The Tower is confirmed.',
    path: '/booking-success',
    noindex: true,
  });

export default function Page() {
  return (
    <div className="mx-auto max-w-4xl px-4 py-16">
      <h1 className="font-serif text-4xl">Booking Confirmed!</h1>
    </div>
  );
}
