import { useParams } from 'react-router';
import { pageMeta } from '../../lib/meta.ts';

export const meta = () =>
  pageMeta({
    title: 'Checkout | The Tower',
    description: 'Complete the payment for your stay at The Tower.',
    path: '/checkout',
    noindex: true,
  });

export default function Checkout() {
  const { bookingId } = useParams();
  return (
    <div className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="font-serif text-3xl">Checkout</h1>
      {bookingId ? <p className="mt-2 text-stone-700">Booking {bookingId}</p> : null}
    </div>
  );
}
