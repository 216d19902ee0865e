import { pageMeta } from '../../lib/meta.ts';

export const meta = () =>
  pageMeta({
    title: 'Download | The Tower',
    description: 'Downloads of the site for deployment.',
    path: '/download',
    noindex: true,
  });

export default function Page() {
  return (
    <div className="mx-auto max-w-4xl px-4 py-16">
      <h1 className="font-serif text-4xl">Download</h1>
    </div>
  );
}
