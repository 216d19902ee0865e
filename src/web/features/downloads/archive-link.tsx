import { useId } from 'react';
import type { DownloadArchiveId } from '../../../domain/api/downloads.ts';
import { formatBytes } from '../../../domain/format.ts';
import { buttonClass } from '../../components/ui/button.tsx';
import { archiveOf, useDownloads } from './use-downloads.ts';

/** What each archive `npm run package` builds is called, and what it holds. */
const ARCHIVES: Record<DownloadArchiveId, { label: string; description: string }> = {
  website: { label: 'Website files', description: 'The built pages and assets, ready for any static host.' },
  full: {
    label: 'Full package',
    description: 'The complete source without dependencies: run npm ci, then npm start.',
  },
  server: {
    label: 'Backend-only package',
    description: 'The server alone: API, booking rules and database migrations.',
  },
};

/** One archive: a download link with its real size, or why it cannot be downloaded yet. */
export function ArchiveLink({ id }: { id: DownloadArchiveId }) {
  const { label, description } = ARCHIVES[id];
  const downloads = useDownloads();
  const loading = downloads.isPending;
  const failed = downloads.isError;
  const archive = archiveOf(downloads.data?.archives, id);
  const status = loading
    ? 'Checking…'
    : failed
      ? 'Size unavailable'
      : archive?.bytes != null
        ? formatBytes(archive.bytes)
        : 'Not built';
  const available = !loading && archive?.bytes != null;
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-xl border border-stone-200 bg-white p-6 sm:flex-row sm:items-center sm:justify-between"
    >
      {/* The text takes the room left by the link or badge, so every card puts it on the right at any length. */}
      <div className="min-w-0 sm:flex-1">
        <h2 id={headingId} className="font-semibold text-xl">
          {label}
        </h2>
        <p className="mt-1 text-stone-700">{description}</p>
        {!loading && archive && archive.bytes == null ? (
          <p className="mt-1 text-sm text-stone-600">
            Run <code className="rounded bg-stone-100 px-1">npm run package</code> on the server to build it.
          </p>
        ) : null}
      </div>
      {available && archive ? (
        <a
          href={archive.url}
          download
          className={buttonClass({ size: 'lg', className: 'shrink-0 self-start sm:self-center' })}
        >
          Download {label} ({status})
        </a>
      ) : (
        <p
          className="shrink-0 self-start rounded-md bg-stone-100 px-4 py-2 text-stone-700 sm:self-center"
          role="status"
        >
          {status}
        </p>
      )}
    </section>
  );
}
