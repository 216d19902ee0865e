import { pageMeta } from '../../lib/meta.ts';

export const meta = () =>
  pageMeta({
    title: 'Terms and Conditions | The Tower, Aberdeen',
    description:
      'The terms of staying at The Tower, Aberdeen: check-in, house rules and the cancellation policy.',
    path: '/terms-and-conditions',
  });

export default function Page() {
  return (
    <div className="mx-auto max-w-4xl px-4 py-16">
      <h1 className="font-serif text-4xl">Terms and Conditions</h1>
    </div>
  );
}
