import { Link } from 'react-router';
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
      <Link to="/" className="mt-8 inline-block rounded-md bg-stone-900 px-5 py-3 font-medium text-white">
        Return Home
      </Link>
    </div>
  );
}
