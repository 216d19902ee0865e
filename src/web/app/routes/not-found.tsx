import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button.tsx';
import { pageMeta } from '../../lib/meta.ts';

export const meta = () => [
  ...pageMeta({
    title: '404 Page Not Found | The Tower',
    description: 'This page does not exist.',
    path: '/404',
    noindex: true,
  }),
];

export default function NotFound() {
  return (
    <div className="mx-auto max-w-2xl px-4 py-24 text-center">
      <h1 className="font-serif text-4xl text-stone-900">404 Page Not Found</h1>
      <p className="mt-4 text-stone-700">Did you forget to add the page to the router?</p>
      <Link to="/" className={buttonClass({ size: 'lg', className: 'mt-8 py-3' })}>
        Return Home
      </Link>
    </div>
  );
}
