import { ArchiveLink } from '../../features/downloads/archive-link.tsx';
import { archiveOf, useDownloads } from '../../features/downloads/use-downloads.ts';
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
  const { data, isPending, isError } = useDownloads();
  const state = { loading: isPending, failed: isError };
  return (
    <div className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="font-serif text-4xl">Download</h1>
      <p className="mt-4 text-stone-700">
        Deployment helpers for the site’s developers. The archives are built on the server with{' '}
        <code className="rounded bg-stone-100 px-1">npm run package</code>.
      </p>
      <div className="mt-8 space-y-4">
        <ArchiveLink
          label="Website files"
          description="The built pages and assets, ready for any static host."
          archive={archiveOf(data?.archives, 'website')}
          {...state}
        />
        <ArchiveLink
          label="Full package"
          description="The complete source without dependencies: run npm ci, then npm start."
          archive={archiveOf(data?.archives, 'full')}
          {...state}
        />
        <ArchiveLink
          label="Backend-only package"
          description="The server alone: API, booking rules and database migrations."
          archive={archiveOf(data?.archives, 'server')}
          {...state}
        />
      </div>
    </div>
  );
}
