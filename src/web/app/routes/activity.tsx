import { Link, useLocation } from 'react-router';
import { pageMeta } from '../../lib/meta.ts';
import type { Route } from './+types/activity';

const TITLES: Record<string, string> = {
  '/golf-stays-aberdeen': 'Golf Stays Aberdeen',
  '/trump-golf-aberdeen': 'Trump Golf Aberdeen',
  '/royal-deeside-activities': 'Royal Deeside Activities',
};

export const meta = ({ location }: Route.MetaArgs) =>
  pageMeta({
    title: `${TITLES[location.pathname] ?? 'The Tower'} | The Tower`,
    description:
      'Stay at The Tower, a converted church penthouse over five floors in the centre of Aberdeen.',
    path: location.pathname,
  });

export default function Activity() {
  const { pathname } = useLocation();
  return (
    <div className="mx-auto max-w-4xl px-4 py-16">
      <h1 className="font-serif text-4xl">{TITLES[pathname]}</h1>
      <Link to="/#booking" className="mt-6 inline-block underline">
        Book Now
      </Link>
    </div>
  );
}
