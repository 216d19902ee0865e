import { pageMeta } from '../../lib/meta.ts';

export const meta = () =>
  pageMeta({
    title: 'Privacy Policy | The Tower, Aberdeen',
    description: 'How The Tower, Aberdeen collects, uses and keeps the personal data of its guests.',
    path: '/privacy-policy',
  });

export default function Page() {
  return (
    <div className="mx-auto max-w-4xl px-4 py-16">
      <h1 className="font-serif text-4xl">Privacy Policy</h1>
    </div>
  );
}
