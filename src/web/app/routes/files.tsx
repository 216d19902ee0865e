import { ArchiveLink } from '../../features/downloads/archive-link.tsx';
import { pageMeta } from '../../lib/meta.ts';

export const meta = () =>
  pageMeta({
    title: 'Files | The Tower',
    description: 'Website files for deployment.',
    path: '/files',
    noindex: true,
  });

/** Developer helper (spec section 2): one button for the website files archive, with its real size. */
export default function Files() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="font-serif text-4xl">Website Files</h1>
      <p className="mt-4 text-stone-700">
        The built website, packed by <code className="rounded bg-stone-100 px-1">npm run package</code>.
      </p>
      <div className="mt-8">
        <ArchiveLink id="website" />
      </div>
    </div>
  );
}
