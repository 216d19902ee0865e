import { pageMeta } from '../../lib/meta.ts';

export const meta = () =>
  pageMeta({
    title: 'Admin | The Tower',
    description: 'The owner’s admin area.',
    path: '/admin',
    noindex: true,
  });

export default function Page() {
  return (
    <div className="mx-auto max-w-4xl px-4 py-16">
      <h1 className="font-serif text-4xl">Admin</h1>
    </div>
  );
}
