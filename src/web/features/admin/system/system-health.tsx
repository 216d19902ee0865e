import type { OpenAlert, SystemDatabase, SystemDisk } from '../../../../domain/api/system-health.ts';
import { formatBytes } from '../../../../domain/format.ts';
import { formatMoment } from '../shared/format-moment.ts';
import { SystemSection } from './system-section.tsx';

/**
 * The System tab's health sections: the open alerts (what is wrong, since when), and the storage (the database's
 * kind and size, the free space of the disks the server writes to). The server checks the alerts every 5 minutes
 * and e-mails the owner when one starts and when it clears (docs/decisions/023-alerts.md).
 */

export function AlertsSection({ alerts }: { alerts: OpenAlert[] }) {
  return (
    <SystemSection headingId="system-alerts-heading" title="Alerts" className="mt-4">
      {alerts.length === 0 ? (
        <p className="mt-1 text-sm text-stone-600">
          No open alerts: the jobs, e-mail, backups, disks and channel calendars are fine.
        </p>
      ) : (
        <ul aria-label="Open alerts" className="mt-2 space-y-2">
          {alerts.map((alert) => (
            <li
              key={alert.key}
              className="rounded-lg border border-red-200 bg-red-50 p-3 text-red-950 text-sm"
            >
              <p className="font-medium">{alert.summary}</p>
              <p className="mt-1 break-words">{alert.detail}</p>
              <p className="mt-1 text-red-900">Since {formatMoment(alert.since)}</p>
            </li>
          ))}
        </ul>
      )}
    </SystemSection>
  );
}

const DATABASE_KINDS: Record<SystemDatabase['kind'], string> = {
  embedded: 'Embedded (in DATA_DIR)',
  postgresql: 'PostgreSQL (DATABASE_URL)',
};

function diskSpace(disk: SystemDisk): string {
  const share = disk.totalBytes > 0 ? Math.floor((disk.freeBytes / disk.totalBytes) * 100) : 0;
  return `${formatBytes(disk.freeBytes)} free of ${formatBytes(disk.totalBytes)} (${share} %)`;
}

export function StorageSection({ database, disks }: { database: SystemDatabase; disks: SystemDisk[] }) {
  return (
    <SystemSection headingId="system-storage-heading" title="Storage" className="mt-6">
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-stone-600">Database</dt>
        <dd>{DATABASE_KINDS[database.kind]}</dd>
        <dt className="text-stone-600">Database size</dt>
        <dd>{database.sizeBytes === null ? 'Could not be read' : formatBytes(database.sizeBytes)}</dd>
        {disks.map((disk) => (
          <div key={disk.role} className="contents">
            <dt className="text-stone-600">{disk.label}</dt>
            <dd className="min-w-0 break-words">
              {diskSpace(disk)}
              <span className="block text-stone-600">{disk.path}</span>
              {disk.low ? (
                <span className="block font-medium text-red-800">Nearly full: under 10 % or 1 GB free.</span>
              ) : null}
            </dd>
          </div>
        ))}
      </dl>
    </SystemSection>
  );
}
