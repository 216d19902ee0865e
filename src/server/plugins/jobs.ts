import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../context.ts';
import { createJobs, type Jobs, type QueueName } from '../jobs/registry.ts';
import { createHoldSweep } from '../payments/hold-sweeper.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Every job of the server (src/server/jobs/registry.ts): tests run one with `app.jobs.run('hold-sweep')`, as
     * its timer would with `app.jobs.runIfDue(name)`, and wait for a queue with `app.jobs.settled(name)`.
     */
    jobs: Jobs;
  }
}

export type JobsOptions = Pick<AppContext, 'config' | 'db' | 'clock' | 'bookings'> & {
  /** Run every job on its timer (main.ts); tests leave them off and drive them through `app.jobs`. */
  startJobs: boolean;
  /** Queues this process leaves to the others (or to after a restart). */
  queuesOff: QueueName[];
};

/**
 * The background jobs: the registry (src/server/jobs/registry.ts) given each capability's work, its timers
 * started when the server is ready and stopped when it closes (docs/decisions/009-jobs-run-once.md). Registered
 * after the capabilities, whose services the jobs run.
 */
export const jobsPlugin = fp(
  async (app: FastifyInstance, options: JobsOptions) => {
    const { config, db, clock } = options;
    const jobs = createJobs({
      db,
      clock,
      log: app.log,
      syncIntervalMinutes: config.syncIntervalMinutes,
      backupHour: config.backup.hour,
      queuesOff: options.queuesOff,
      work: {
        sweepHolds: createHoldSweep({
          db,
          bookings: options.bookings,
          clock,
          log: app.log,
          reconcile: app.paymentService.reconcileLapsedHolds,
        }),
        chargeBalances: app.paymentService.balances.runDue,
        runDamageHolds: app.damageHolds.runDue,
        syncFeeds: app.calendarSync.syncSavedFeeds,
        queueGuestMessages: () => app.scheduledMessages.queueDue(),
        eraseExpiredGuestData: app.guestData.eraseExpired,
        takeBackup: app.backups.take,
        checkAlerts: app.alerts.check,
        expireQuotes: app.enquiries.expireDue,
        remindLevyReturn: app.reports.remindLevyReturn,
        followUpCheckouts: app.checkoutFollowUps.run,
        sendEmails: app.outboxSender.send,
        processPhotos: app.photos.processQueued,
        publishReviews: app.reviews.publishDue,
      },
    });
    app.decorate('jobs', jobs);
    app.addHook('onReady', async () => {
      if (options.startJobs) await jobs.start();
      // Uploads left queued by a restart are processed at once, timers or not.
      jobs.kick('photo-processing');
    });
    app.addHook('onClose', async () => jobs.stop());
  },
  {
    name: 'jobs',
    fastify: '5.x',
    dependencies: [
      'email',
      'payments',
      'guest-journey',
      'damage-holds',
      'calendar-sync',
      'photos',
      'backups',
      'alerts',
      'enquiries',
      'reviews',
      'reports',
      'checkout-follow-ups',
    ],
  },
);
