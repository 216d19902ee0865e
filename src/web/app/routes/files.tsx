import { pageMeta } from '../../lib/meta.ts';

export const meta = () =>
  pageMeta({
    title: 'Files | The Tower',
    description: 'Website files for deployment.',
    path: '/files',
    noindex: true,
  });

export default function Page() {
  return (
    <div className="mx-auto max-w-4xl px-4 py-16">
      <h1 className="font-serif text-4xl">Website Files</h1>
    </div>
  );
}
