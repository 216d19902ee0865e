import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { createIntervalJob, type IntervalJob } from '../jobs/interval-job.ts';
import type { BalanceJobResult, BalanceService } from './balance-service.ts';

/** The balance job's row in job_runs. */
export const BALANCE_JOB = 'balance-charges';
/** Balances are due by the day; every 15 minutes is soon enough, and few enough provider calls. */
export const BALANCE_JOB_INTERVAL_MS = 15 * 60_000;

/**
 * Charges the balances due today off-session, asks again about charges whose process died, sends the reminders
 * and hands balances still unpaid a week before arrival to the owner: once per interval across every server
 * process (docs/decisions/009-jobs-run-once.md), never inside a guest's request. The timer never keeps the
 * process alive.
 */
export function startBalanceJob(options: {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  balances: Pick<BalanceService, 'runDue'>;
  intervalMs?: number;
}): IntervalJob<BalanceJobResult> {
  const job = createIntervalJob({
    db: options.db,
    clock: options.clock,
    name: BALANCE_JOB,
    intervalMs: options.intervalMs ?? BALANCE_JOB_INTERVAL_MS,
    run: async () => {
      const result = await options.balances.runDue();
      const { charged, failed, reminded, ownerAsked } = result;
      if (charged.length + failed.length + reminded.length + ownerAsked.length > 0) {
        options.log.info(result, 'balances charged and followed up');
      }
      return result;
    },
    log: options.log,
  });
  job.start();
  return job;
}
