import { ArchiveLink } from '../../features/downloads/archive-link.tsx';
import { pageMeta } from '../../lib/meta.ts';

export const meta = () =>
  pageMeta({
    title: 'Download | The Tower',
    description: 'Downloads of the site for deployment.',
    path: '/download',
    noindex: true,
  });

/** Developer helper (spec section 2): the three archives `npm run package` builds, with their real sizes. */
export default function Download() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="font-serif text-4xl">Download</h1>
      <p className="mt-4 text-stone-700">
        Deployment helpers for the site’s developers. The archives are built on the server with{' '}
        <code className="rounded bg-stone-100 px-1">npm run package</code>.
      </p>
      <div className="mt-8 space-y-4">
        <ArchiveLink id="website" />
        <ArchiveLink id="full" />
        <ArchiveLink id="server" />
      </div>
    </div>
  );
}
