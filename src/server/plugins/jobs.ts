import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../context.ts';
import { createRetentionJob } from '../guest-journey/guest-data.ts';
import { createScheduledMessagesJob } from '../guest-journey/scheduled-messages.ts';
import type { IntervalJob } from '../jobs/interval-job.ts';
import { startBalanceJob } from '../payment-schedule/balance-job.ts';
import type { BalanceJobResult } from '../payment-schedule/balance-service.ts';
import { startHoldSweeper } from '../payments/hold-sweeper.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The scheduled guest messages: `runNow()` as the timer runs it (once per interval across processes),
     * `queueDue()` without the interval's claim. Tests call them under the manual clock.
     */
    guestMessages: { runNow(): Promise<unknown>; queueDue(): Promise<{ queued: string[] }> };
    /** The retention job's run (erases the guest data of stays that ended more than 7 years ago). */
    guestDataRetention: { runNow(): Promise<unknown> };
    /** Tests run the hold sweep (and its reconciliation of lapsed paid holds) with `app.holdSweeper.sweep()`. */
    holdSweeper: { sweep(): Promise<string[]> };
    /** Tests run the balance job with `app.balanceJob.runNow()` under their clock. */
    balanceJob: Pick<IntervalJob<BalanceJobResult>, 'runNow'>;
  }
}

export type JobsOptions = Pick<AppContext, 'db' | 'clock' | 'bookings'> & {
  /** Send the e-mail outbox on its timer (main.ts); tests call `app.outboxWorker.runOnce()`. */
  outboxWorker: boolean;
  /** Expire lapsed holds on a timer. */
  holdSweeper: boolean;
  /** Charge due balances on a timer. */
  balanceJob: boolean;
  /** Queue the scheduled guest messages and run the data retention on their timers. */
  guestJobs: boolean;
};

/**
 * Every background job of the server, started here and stopped when the server closes: what each does is in
 * its capability (the outbox's sender in email/, the hold sweep in payments/, …); docs/decisions/009 says how
 * a job runs once across processes. Registered after the capabilities, whose services the jobs run.
 */
export const jobsPlugin = fp(
  async (app: FastifyInstance, options: JobsOptions) => {
    const { db, clock } = options;
    const deps = { db, clock, log: app.log };

    // The e-mail outbox's sender (email/outbox-worker.ts).
    if (options.outboxWorker) app.addHook('onReady', async () => app.outboxWorker.start());
    app.addHook('onClose', async () => app.outboxWorker.stop());

    // Lapsed holds expired, and paid ones reconciled (payments/hold-sweeper.ts).
    const holdSweeper = startHoldSweeper({
      ...deps,
      bookings: options.bookings,
      reconcile: app.paymentService.reconcileLapsedHolds,
    });
    app.decorate('holdSweeper', { sweep: holdSweeper.sweep });
    if (!options.holdSweeper) holdSweeper.stop();
    app.addHook('onClose', async () => holdSweeper.stop());

    // Due balances charged (payment-schedule/balance-job.ts).
    const balanceJob = startBalanceJob({ ...deps, balances: app.paymentService.balances });
    app.decorate('balanceJob', { runNow: balanceJob.runNow });
    if (!options.balanceJob) await balanceJob.stop();
    app.addHook('onClose', async () => balanceJob.stop());

    // The guest's scheduled messages and the data retention (guest-journey/).
    const scheduledMessagesJob = createScheduledMessagesJob(deps, app.scheduledMessages);
    const retentionJob = createRetentionJob(deps, app.guestData);
    if (options.guestJobs) {
      scheduledMessagesJob.start();
      retentionJob.start();
    }
    app.addHook('onClose', async () => {
      await scheduledMessagesJob.stop();
      await retentionJob.stop();
    });
    app.decorate('guestMessages', {
      runNow: scheduledMessagesJob.runNow,
      queueDue: app.scheduledMessages.queueDue,
    });
    app.decorate('guestDataRetention', { runNow: retentionJob.runNow });

    // The channels' calendars imported on their interval (calendar-sync/schedule.ts).
    app.calendarSync.start();
    app.addHook('onClose', () => app.calendarSync.stop());

    // The owner's uploaded photos processed (photos/photo-worker.ts).
    app.addHook('onReady', async () => app.photos.worker.start());
    app.addHook('onClose', async () => app.photos.worker.stop());
  },
  {
    name: 'jobs',
    fastify: '5.x',
    dependencies: ['email', 'payments', 'guest-journey', 'calendar-sync', 'photos'],
  },
);
