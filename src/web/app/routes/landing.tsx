import { Link, useLocation } from 'react-router';
import { pageMeta } from '../../lib/meta.ts';
import type { Route } from './+types/landing';

const TITLES: Record<string, string> = {
  '/aberdeen-holiday-rentals': 'Aberdeen Holiday Rentals',
  '/aberdeen-accommodation': 'Aberdeen Accommodation',
  '/luxury-holiday-lets-aberdeen': 'Luxury Holiday Lets in Aberdeen',
  '/scotland-holiday-rentals': 'Scotland Holiday Rentals',
  '/penthouse-accommodation-aberdeen': 'Penthouse Accommodation in Aberdeen',
};

export const meta = ({ location }: Route.MetaArgs) =>
  pageMeta({
    title: `${TITLES[location.pathname] ?? 'The Tower'} | The Tower`,
    description:
      'Stay at The Tower, a converted church penthouse over five floors in the centre of Aberdeen.',
    path: location.pathname,
  });

export default function Landing() {
  const { pathname } = useLocation();
  return (
    <div className="mx-auto max-w-4xl px-4 py-16">
      <h1 className="font-serif text-4xl">{TITLES[pathname]}</h1>
      <Link to="/" className="mt-6 inline-block underline">
        Discover The Tower
      </Link>
    </div>
  );
}
