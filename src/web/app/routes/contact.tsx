import { pageMeta } from '../../lib/meta.ts';

export const meta = () =>
  pageMeta({
    title: 'Contact | The Tower, Aberdeen',
    description:
      'Contact the owners of The Tower, Aberdeen, about bookings, corporate day hire and special requests.',
    path: '/contact',
  });

export default function Page() {
  return (
    <div className="mx-auto max-w-4xl px-4 py-16">
      <h1 className="font-serif text-4xl">Contact Us</h1>
    </div>
  );
}
