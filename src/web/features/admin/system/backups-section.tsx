import { useState } from 'react';
import type { BackupSummary } from '../../../../domain/api/backups.ts';
import { formatBytes } from '../../../../domain/format.ts';
import { Button } from '../../../components/ui/button.tsx';
import { toastIfFailed } from '../../../lib/toast.ts';
import { formatMoment } from '../shared/format-moment.ts';
import { downloadBackup } from './system-api.ts';
import { SystemSection } from './system-section.tsx';

/** One backup: when, how big, whether its check went well (or why not), and its download. */
function BackupEntry({ backup }: { backup: BackupSummary }) {
  const [downloading, setDownloading] = useState(false);
  async function onDownload() {
    setDownloading(true);
    await toastIfFailed(downloadBackup(backup.name), { prefix: 'Failed to download the backup: ' });
    setDownloading(false);
  }
  const label = `${formatMoment(backup.takenAt)}, ${formatBytes(backup.size)}`;
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="min-w-0 text-sm">
        <span className="mr-2 font-medium text-stone-900">{formatMoment(backup.takenAt)}</span>
        <span className="mr-2 text-stone-600">{formatBytes(backup.size)}</span>
        {backup.verified ? (
          <span className="font-medium text-green-900">Checked</span>
        ) : (
          <span className="block break-words font-medium text-red-800">Not checked: {backup.problem}</span>
        )}
      </div>
      <Button
        variant="secondary"
        onClick={onDownload}
        disabled={downloading}
        aria-label={`Download the backup of ${label}`}
      >
        {downloading ? 'Downloading...' : 'Download'}
      </Button>
    </li>
  );
}

/**
 * The System tab's backups (docs/decisions/022-backups.md): the files in BACKUP_DIR, newest first, each checked
 * by restoring it into a scratch database, with a download (the file holds every guest's details: admin only).
 */
export function BackupsSection({ backups }: { backups: BackupSummary[] }) {
  return (
    <SystemSection headingId="backups-heading" title="Backups" className="mt-6">
      {backups.length === 0 ? (
        <p className="mt-2 text-sm text-stone-600">
          No backup yet. The server takes one every day (BACKUP_HOUR), or run npm run backup on the server.
        </p>
      ) : (
        <ul aria-label="Backups" className="divide-y divide-stone-100">
          {backups.map((backup) => (
            <BackupEntry key={backup.name} backup={backup} />
          ))}
        </ul>
      )}
    </SystemSection>
  );
}
