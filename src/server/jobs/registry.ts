import { CALENDAR_SOURCE_IDS, CALENDAR_SOURCE_LABELS } from '../../domain/api/calendar-sync.ts';
import type { SystemJob } from '../../domain/api/system.ts';
import { DAY_MS } from '../../domain/dates.ts';
import { formatGbp } from '../../domain/format.ts';
import type { AlertCheckResult } from '../alerts/alerts.ts';
import type { BackupOutcome } from '../backups/backups.ts';
import type { RunReport } from '../calendar-sync/schedule.ts';
import type { FollowUpRun } from '../checkout-follow-ups/follow-ups.ts';
import type { Clock } from '../clock.ts';
import type { DamageHoldRun } from '../damage-holds/service.ts';
import type { Db } from '../db/database.ts';
import type { OutboxRunResult } from '../email/outbox-worker.ts';
import type { GuestData } from '../guest-journey/guest-data.ts';
import type { BalanceJobResult } from '../payment-schedule/balance-service.ts';
import type { PhotoRunResult } from '../photos/photo-worker.ts';
import {
  createIntervalJob,
  type IntervalJob,
  type IntervalJobDefinition,
  type JobRun,
} from './interval-job.ts';
import { failed, type JobRunRow, ok, readJobRuns } from './job-runs.ts';
import { createQueue, type Queue, type QueueDefinition } from './queue.ts';
import { dailyAt, every } from './schedule.ts';

/**
 * Every job of the server, in one place: what runs it (interval-job.ts: once per interval across the processes
 * sharing the database; queue.ts: rows claimed one by one), when, and what it does in a sentence. The registry
 * is what runs the jobs (`start()` in the server, `run()` in tests), and what the admin's System view lists
 * (docs/decisions/009-jobs-run-once.md).
 */

/** What each job's run gives back (tests read it; the owner reads its sentence). */
export type JobValues = {
  'hold-sweep': string[];
  'quote-expiry': string[];
  'balance-charges': BalanceJobResult;
  'damage-holds': DamageHoldRun;
  'calendar-sync': RunReport;
  'guest-messages': { queued: string[] };
  'guest-data-retention': Awaited<ReturnType<GuestData['eraseExpired']>>;
  backup: BackupOutcome;
  alerts: AlertCheckResult;
  'levy-return-reminder': { quarter: string | null; netDuePence: number };
  'checkout-follow-ups': FollowUpRun;
  'email-outbox': OutboxRunResult;
  'photo-processing': PhotoRunResult;
  'review-publication': string[];
};
export type QueueName = 'email-outbox' | 'photo-processing';
export type IntervalJobName = Exclude<keyof JobValues, QueueName>;
export type JobName = keyof JobValues;

/** The work each job does, from the capability that owns it. */
export type JobWork = {
  sweepHolds(): Promise<string[]>;
  expireQuotes(): Promise<string[]>;
  chargeBalances(): Promise<BalanceJobResult>;
  runDamageHolds(): Promise<DamageHoldRun>;
  syncFeeds(): Promise<RunReport>;
  queueGuestMessages(): Promise<{ queued: string[] }>;
  eraseExpiredGuestData(): Promise<JobValues['guest-data-retention']>;
  takeBackup(): Promise<BackupOutcome>;
  checkAlerts(): Promise<AlertCheckResult>;
  remindLevyReturn(): Promise<JobValues['levy-return-reminder']>;
  followUpCheckouts(): Promise<FollowUpRun>;
  sendEmails(): Promise<OutboxRunResult>;
  processPhotos(): Promise<PhotoRunResult>;
  publishReviews(): Promise<string[]>;
};

/** How the owner reads a job: its name, what it does, and (a job with no schedule) why it is off. */
type Described = { title: string; description: string; offReason?: string };
type IntervalSpec<T> = Described & Omit<IntervalJobDefinition<T>, 'name'>;
type QueueSpec<T> = Described & Omit<QueueDefinition<T>, 'name'> & { interval: string };

const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;

const count = (n: number, word: string, words = `${word}s`) => `${n} ${n === 1 ? word : words}`;
/** Sentences joined, or `none` when there are none. */
const sentences = (parts: (string | false)[], none: string) => parts.filter(Boolean).join(' ') || none;

function intervalJobs(
  work: JobWork,
  syncIntervalMinutes: number,
  backupHour: number,
): { [N in IntervalJobName]: IntervalSpec<JobValues[N]> } {
  return {
    'hold-sweep': {
      title: 'Lapsed holds',
      description:
        "Frees the nights of guests' holds whose time to pay has run out, after asking the payment provider about any that were being paid.",
      schedule: every(MINUTE_MS),
      run: work.sweepHolds,
      report: (ids) =>
        ok(ids.length === 0 ? 'No hold had lapsed.' : `Freed ${count(ids.length, 'lapsed hold')}.`),
    },
    'quote-expiry': {
      title: 'Quotes expiring',
      description:
        'Closes the quotes you sent that were not paid by their expiry, and frees the dates they held.',
      schedule: every(MINUTE_MS),
      run: work.expireQuotes,
      report: (ids) =>
        ok(ids.length === 0 ? 'No quote had expired.' : `Closed ${count(ids.length, 'expired quote')}.`),
    },
    'balance-charges': {
      title: 'Balance payments',
      description:
        'Charges the balances due today to the cards guests saved, sends reminders when a charge is declined, and tells you about balances still unpaid a week before arrival.',
      // Balances are due by the day; every 15 minutes is soon enough, and few enough provider calls.
      schedule: every(15 * MINUTE_MS),
      run: work.chargeBalances,
      report: (result) =>
        ok(
          sentences(
            [
              result.charged.length > 0 && `Charged ${count(result.charged.length, 'balance')}.`,
              result.failed.length > 0 &&
                `${count(result.failed.length, 'charge was', 'charges were')} declined.`,
              result.reminded.length > 0 && `Sent ${count(result.reminded.length, 'reminder')}.`,
              result.ownerAsked.length > 0 &&
                `Told you about ${count(result.ownerAsked.length, 'unpaid balance')} before arrival.`,
            ],
            'No balance was due.',
          ),
        ),
    },
    'damage-holds': {
      title: 'Damage deposits',
      description:
        'Holds each damage deposit on the guest’s saved card the day before arrival (once more for a long stay, or as a charge for a very long one), e-mails the guest a link when the bank declines it, and releases or refunds it on the release day unless you claimed part of it.',
      // Holds are placed 30 hours before arrival and released at noon: every 15 minutes is soon enough.
      schedule: every(15 * MINUTE_MS),
      run: work.runDamageHolds,
      report: (result) =>
        ok(
          sentences(
            [
              result.placed.length > 0 && `Placed ${count(result.placed.length, 'deposit')}.`,
              result.renewed.length > 0 && `Renewed ${count(result.renewed.length, 'hold')}.`,
              result.failed.length > 0 &&
                `${count(result.failed.length, 'deposit was', 'deposits were')} declined: the guests were sent a link.`,
              result.released.length > 0 && `Released ${count(result.released.length, 'hold')}.`,
              result.refunded.length > 0 && `Refunded ${count(result.refunded.length, 'deposit')}.`,
            ],
            'No damage deposit was due.',
          ),
        ),
    },
    'calendar-sync': {
      title: 'Calendar sync',
      description:
        'Imports the Airbnb and Booking.com calendars, so nights booked there cannot be booked here, and warns you about a feed that stopped working.',
      schedule: syncIntervalMinutes > 0 ? every(syncIntervalMinutes * MINUTE_MS) : null,
      offReason: 'Off (SYNC_INTERVAL_MINUTES is 0)',
      run: work.syncFeeds,
      report: (report) => {
        if (report.length === 0) return ok('No channel calendar is saved yet.');
        const results = CALENDAR_SOURCE_IDS.flatMap((id) => report.filter((r) => r.sourceId === id));
        const synced = results.flatMap((r) =>
          r.error === undefined
            ? [`${CALENDAR_SOURCE_LABELS[r.sourceId]} (${count(r.events ?? 0, 'event')})`]
            : [],
        );
        const errors = results.flatMap((r) => (r.error === undefined ? [] : [r.error]));
        const message = sentences(
          [
            synced.length > 0 && `Synced ${synced.join(' and ')}.`,
            ...errors.map((e) => (/[.!?]$/.test(e) ? e : `${e}.`)),
          ],
          '',
        );
        return errors.length > 0 ? failed(message) : ok(message);
      },
    },
    'guest-messages': {
      title: 'Guest messages',
      description:
        'Queues the arrival e-mail a day before check-in (with the access code once the guest has checked in online), the reminders to check in, the thank-you the morning after check-out, and your warnings when a stay has no access code or is not checked in.',
      schedule: every(5 * MINUTE_MS),
      run: work.queueGuestMessages,
      report: ({ queued }) =>
        ok(
          queued.length === 0 ? 'No message was due.' : `Queued ${count(queued.length, 'message')} to send.`,
        ),
    },
    'guest-data-retention': {
      title: 'Data retention',
      description:
        'Erases the personal details of guests whose stay ended more than 7 years ago, and the guest register of stays that ended more than 12 months ago, as the privacy policy says.',
      schedule: every(DAY_MS),
      run: work.eraseExpiredGuestData,
      report: ({ erasedStays, erasedRegisters }) =>
        ok(
          sentences(
            [
              erasedStays > 0 && `Erased the guests' details of ${count(erasedStays, 'booking')}.`,
              erasedRegisters > 0 &&
                `Erased the guest register of ${count(erasedRegisters, 'stay')} over 12 months ago.`,
            ],
            'No booking was old enough to erase.',
          ),
        ),
    },
    backup: {
      title: 'Backup',
      description:
        'Copies the bookings, settings, photos and the key of the stored passwords into one file, checks it by restoring it into a scratch database, keeps the newest ones and runs BACKUP_COMMAND for an off-site copy.',
      schedule: dailyAt(backupHour),
      // A fresh install's first backup waits for BACKUP_HOUR rather than the moment the server starts.
      firstRunOnSchedule: true,
      run: work.takeBackup,
      // A failed step (the backup, its check, the copy) is a failed run, whose sentence says which step failed.
      report: (outcome) => (outcome.ok ? ok(outcome.message) : failed(outcome.message)),
    },
    alerts: {
      title: 'Alerts',
      description:
        'Checks that the jobs run, e-mail goes out, backups succeed, the disks have room and the channel calendars sync, and e-mails you once when one goes wrong and once when it is fine again.',
      schedule: every(5 * MINUTE_MS),
      run: work.checkAlerts,
      report: ({ opened, resolved, open }) =>
        ok(
          sentences(
            [
              opened.length > 0 && `Opened ${count(opened.length, 'alert')} and e-mailed you.`,
              resolved.length > 0 && `Resolved ${count(resolved.length, 'alert')} and e-mailed you.`,
              open > 0 && `${count(open, 'alert is', 'alerts are')} open.`,
            ],
            'Everything is fine: no alert is open.',
          ),
        ),
    },
    'review-publication': {
      title: 'Reviews',
      description:
        "Publishes each guest's review 48 hours after it was written, and renders the home and reviews pages again with it.",
      // Within a few minutes of its 48 hours is soon enough; the run is one indexed update when none is due.
      schedule: every(5 * MINUTE_MS),
      run: work.publishReviews,
      report: (ids) =>
        ok(ids.length === 0 ? 'No review was due.' : `Published ${count(ids.length, 'review')}.`),
    },
    'levy-return-reminder': {
      title: 'Visitor levy return',
      description:
        'E-mails you the visitor levy return’s figures once a quarter has closed, so the council’s return is filed on time.',
      // Morning, Aberdeen time: the first run after a quarter closes e-mails it, once (the outbox's key).
      schedule: dailyAt(9),
      run: work.remindLevyReturn,
      report: ({ quarter, netDuePence }) =>
        ok(
          quarter === null
            ? 'No visitor levy return is due.'
            : `Reminded you of the ${quarter} return (${formatGbp(netDuePence)} due).`,
        ),
    },
    'checkout-follow-ups': {
      title: 'Checkout follow-ups',
      description:
        'About an hour after a guest’s hold lapsed unpaid, e-mails them once with their dates and today’s price while the nights are still free (at most one per address a week; none after they opt out or when you turn it off).',
      schedule: every(5 * MINUTE_MS),
      run: work.followUpCheckouts,
      report: ({ sent, skipped }) => {
        const notSent = Object.values(skipped).reduce((sum, n) => sum + (n ?? 0), 0);
        return ok(
          sentences(
            [
              sent.length > 0 && `Sent ${count(sent.length, 'follow-up')}.`,
              notSent > 0 &&
                `${count(notSent, 'lapsed checkout')} not followed up (${Object.entries(skipped)
                  .map(([reason, n]) => `${SKIP_REASONS[reason as keyof typeof SKIP_REASONS]}: ${n}`)
                  .join('; ')}).`,
            ],
            'No lapsed checkout was due.',
          ),
        );
      },
    },
  };
}

/** Why a lapsed checkout got no follow-up, as the owner reads it. */
const SKIP_REASONS = {
  opted_out: 'asked for none',
  recently_followed_up: 'one sent this week',
  booked_since: 'booked since',
  nights_taken: 'nights taken',
  not_bookable: 'no longer bookable',
  off: 'turned off',
} as const;

function queues(work: JobWork): { [N in QueueName]: QueueSpec<JobValues[N]> } {
  const outboxPollMs = 15 * SECOND_MS;
  const photoPollMs = 30 * SECOND_MS;
  return {
    'email-outbox': {
      title: 'E-mail sending',
      description:
        'Sends the e-mails waiting in the outbox, and tries again later when the mail server cannot be reached.',
      interval: every(outboxPollMs).label,
      pollEveryMs: outboxPollMs,
      drain: work.sendEmails,
      report: (result) => {
        if (result.status === 'not_configured')
          return ok('E-mail is not set up yet: messages wait in the outbox.');
        const message = sentences(
          [
            result.serverError !== undefined && result.serverError,
            result.sent > 0 && `Sent ${count(result.sent, 'e-mail')}.`,
            result.retrying > 0 && `${count(result.retrying, 'e-mail')} will be tried again later.`,
            result.failed > 0 &&
              `${count(result.failed, 'e-mail')} could not be delivered (see the Email tab).`,
          ],
          'No e-mail was waiting.',
        );
        return result.serverError === undefined ? ok(message) : failed(message);
      },
    },
    'photo-processing': {
      title: 'Photo processing',
      description: 'Makes the sizes of each uploaded photo that the pages show.',
      interval: `At each upload, and ${every(photoPollMs).label.toLowerCase()}`,
      pollEveryMs: photoPollMs,
      drain: work.processPhotos,
      report: ({ ready, failed: notProcessed }) =>
        ok(
          sentences(
            [
              ready > 0 && `Made ${count(ready, 'photo')} ready.`,
              notProcessed > 0 &&
                `${count(notProcessed, 'photo')} could not be processed (see the Photos tab).`,
            ],
            'No upload was waiting.',
          ),
        ),
    },
  };
}

export type Jobs = {
  /**
   * Runs job `name` now whatever its schedule, records the run, and resolves with what it did (rejects with its
   * error). Tests and the test clock use it; it shares a run of the job in flight in this process.
   */
  run<N extends JobName>(name: N): Promise<JobValues[N]>;
  /** What the job's timer does: runs it only if it is due and no process has claimed this run. */
  runIfDue<N extends IntervalJobName>(name: N): Promise<JobRun<JobValues[N]>>;
  /** Asks a queue for a run soon (an upload). */
  kick(name: QueueName): void;
  /** Settles once the queue has no run in flight or asked for. */
  settled(name: QueueName): Promise<void>;
  /** Every job with its last run and its next, as the System view lists them. */
  list(): Promise<SystemJob[]>;
  /** Starts every job's timer (unref'd: they never keep the process alive). */
  start(): Promise<void>;
  /** Stops the timers and waits for the runs in flight. */
  stop(): Promise<void>;
};

export function createJobs(deps: {
  db: Db;
  clock: Clock;
  log: { error(obj: object, msg?: string): void };
  /** SYNC_INTERVAL_MINUTES: 0 turns the automatic calendar sync off. */
  syncIntervalMinutes: number;
  /** BACKUP_HOUR: the hour (Aberdeen time) of the daily backup. */
  backupHour: number;
  /** Queues this process leaves to the others (or to after a restart): it neither polls nor is kicked. */
  queuesOff?: QueueName[];
  work: JobWork;
}): Jobs {
  const { db, clock, log, work } = deps;
  const intervalSpecs = intervalJobs(work, deps.syncIntervalMinutes, deps.backupHour);
  const queueSpecs = queues(work);
  const timed = new Map<string, IntervalJob<unknown>>();
  for (const [name, spec] of Object.entries(intervalSpecs)) {
    timed.set(name, createIntervalJob({ db, clock, log }, { ...(spec as IntervalSpec<unknown>), name }));
  }
  const queued = new Map<string, Queue<unknown>>();
  for (const [name, spec] of Object.entries(queueSpecs)) {
    const enabled = !deps.queuesOff?.includes(name as QueueName);
    queued.set(name, createQueue({ db, clock, log, enabled }, { ...(spec as QueueSpec<unknown>), name }));
  }
  const queueOf = (name: QueueName) => queued.get(name) as Queue<unknown>;

  /** A job as the System view lists it; `interval` null: off in this configuration. */
  function status(
    name: string,
    spec: Described,
    interval: string | null,
    row?: JobRunRow,
    firstDue?: Date,
  ): SystemJob {
    const lastRun = row
      ? {
          startedAt: row.lastRunAt.toISOString(),
          finishedAt: row.lastFinishedAt?.toISOString() ?? null,
          outcome: row.lastFinishedAt && row.lastOutcome ? row.lastOutcome : ('running' as const),
          message: row.lastFinishedAt ? row.lastMessage : null,
        }
      : null;
    // Never run, or not since this version recorded its next run: due at the next check (or, for a job whose
    // first run waits for its schedule, at its first slot).
    const due = row?.nextRunAt ?? (row ? undefined : firstDue) ?? clock.now();
    return {
      name,
      title: spec.title,
      description: spec.description,
      interval: interval ?? spec.offReason ?? 'Off',
      lastRun,
      nextRunAt: interval === null ? null : due.toISOString(),
      consecutiveFailures: row?.consecutiveFailures ?? 0,
    };
  }

  return {
    async run(name) {
      const job = timed.get(name) ?? queued.get(name);
      if (!job) throw new Error(`there is no job named ${name}`);
      return (await job.run()) as JobValues[typeof name];
    },
    async runIfDue(name) {
      const job = timed.get(name);
      if (!job) throw new Error(`there is no interval job named ${name}`);
      return (await job.runIfDue()) as JobRun<JobValues[typeof name]>;
    },
    kick: (name) => queueOf(name).kick(),
    settled: (name) => queueOf(name).settled(),
    async list() {
      const rows = await readJobRuns(db);
      const jobs: SystemJob[] = [];
      for (const [name, spec] of Object.entries(intervalSpecs) as [string, IntervalSpec<unknown>][]) {
        const firstDue = spec.firstRunOnSchedule ? spec.schedule?.nextAfter(clock.now()) : undefined;
        jobs.push(status(name, spec, spec.schedule?.label ?? null, rows.get(name), firstDue));
      }
      for (const [name, spec] of Object.entries(queueSpecs) as [string, QueueSpec<unknown>][]) {
        jobs.push(status(name, spec, spec.interval, rows.get(name)));
      }
      return jobs;
    },
    async start() {
      for (const job of timed.values()) await job.start();
      for (const queue of queued.values()) queue.start();
    },
    async stop() {
      await Promise.all([...timed.values(), ...queued.values()].map((job) => job.stop()));
    },
  };
}
