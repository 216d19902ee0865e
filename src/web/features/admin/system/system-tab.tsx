import type { JobOutcome, SystemJob } from '../../../../domain/api/system.ts';
import { AdminCard } from '../shared/card.tsx';
import { formatMoment } from '../shared/format-moment.ts';
import { WhenRead } from '../shared/when-read.tsx';
import { BackupsSection } from './backups-section.tsx';
import { useSystem } from './system-api.ts';
import { AlertsSection, StorageSection } from './system-health.tsx';

const OUTCOMES: Record<JobOutcome, { label: string; className: string }> = {
  ok: { label: 'OK', className: 'bg-green-100 text-green-900 ring-green-700/30' },
  failed: { label: 'Failed', className: 'bg-red-100 text-red-900 ring-red-700/30' },
  running: { label: 'Running', className: 'bg-blue-100 text-blue-900 ring-blue-700/30' },
};

function OutcomeBadge({ outcome }: { outcome: JobOutcome }) {
  const { label, className } = OUTCOMES[outcome];
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 font-semibold text-xs ring-1 ring-inset ${className}`}
    >
      {label}
    </span>
  );
}

/** One job: what it does and when, then its last run (when, outcome and what it did) and its next run. */
function JobEntry({ job }: { job: SystemJob }) {
  const { lastRun } = job;
  return (
    <li className="py-4" aria-labelledby={`job-${job.name}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h3 id={`job-${job.name}`} className="font-medium text-stone-900">
          {job.title}
        </h3>
        <span className="text-sm text-stone-600">{job.interval}</span>
      </div>
      <p className="mt-1 text-sm text-stone-600">{job.description}</p>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-stone-600">Last run</dt>
        <dd className="min-w-0">
          {lastRun ? (
            <>
              <span className="mr-2">{formatMoment(lastRun.startedAt)}</span>
              <OutcomeBadge outcome={lastRun.outcome} />
              {lastRun.message ? <span className="mt-1 block break-words">{lastRun.message}</span> : null}
              {job.consecutiveFailures > 1 ? (
                <span className="mt-1 block font-medium text-red-800">
                  Failed {job.consecutiveFailures} runs in a row.
                </span>
              ) : null}
            </>
          ) : (
            'Not run yet'
          )}
        </dd>
        <dt className="text-stone-600">Next run</dt>
        <dd>{job.nextRunAt ? formatMoment(job.nextRunAt) : 'Off'}</dd>
      </dl>
    </li>
  );
}

/**
 * The admin's System tab: the running version, the open alerts, the database and the disks' free space, and
 * every job of the server (each its last run, what it did in a sentence, and its next run), so the owner sees
 * that the site's background work is being done.
 */
export function SystemTab() {
  const system = useSystem();
  return (
    <AdminCard
      headingId="system-heading"
      title="System"
      aside={system.data ? <p className="text-sm text-stone-600">Version {system.data.version}</p> : null}
    >
      <WhenRead query={system} what="the system's state">
        {(state) => (
          <>
            <AlertsSection alerts={state.alerts} />
            <StorageSection database={state.database} disks={state.disks} />
            <h3 className="mt-6 font-medium text-lg">Background jobs</h3>
            <ul aria-label="Background jobs" className="divide-y divide-stone-100">
              {state.jobs.map((job) => (
                <JobEntry key={job.name} job={job} />
              ))}
            </ul>
            <BackupsSection backups={state.backups} />
          </>
        )}
      </WhenRead>
    </AdminCard>
  );
}
