import type { FastifyBaseLogger } from 'fastify';
import type { BookingsRepository } from '../bookings/bookings-repository.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { createIntervalJob } from '../jobs/interval-job.ts';
import { createSingleFlight } from '../jobs/single-flight.ts';
import type { ReconcileResult } from './reconcile-holds.ts';

export const HOLD_SWEEP_INTERVAL_MS = 60_000;
/** The sweep's row in job_runs. */
export const HOLD_SWEEP_JOB = 'hold-sweep';

/**
 * Expires lapsed holds now and then, so their nights show as free again even when nobody tries to book them
 * (placing a hold also expires lapsed ones in its own transaction). A lapsed hold with a payment intent is first
 * asked about at the payment provider (`reconcile`, a bounded batch per run): paid → confirmed, still paying →
 * kept for a bounded time, otherwise expired. The timer never keeps the process alive.
 */
export function startHoldSweeper(options: {
  db: Db;
  /** Expires the lapsed holds and reads the guest's calendar again after they commit. */
  bookings: BookingsRepository;
  clock: Clock;
  log: FastifyBaseLogger;
  /** The payment service's `reconcileLapsedHolds`: asks the provider about lapsed holds with a payment intent. */
  reconcile(): Promise<ReconcileResult>;
  intervalMs?: number;
}): { sweep(): Promise<string[]>; stop(): void } {
  const { bookings } = options;
  const sweeps = createSingleFlight<string, string[]>();
  const sweep = (): Promise<string[]> =>
    sweeps.run(HOLD_SWEEP_JOB, async () => {
      const reconciled = await options.reconcile();
      const { confirmed, refunded, kept } = reconciled;
      if (confirmed.length + refunded.length + kept.length > 0) {
        options.log.info({ confirmed, refunded, kept }, 'lapsed holds with a payment reconciled');
      }
      const ids = [
        ...reconciled.expired,
        ...(await bookings.expireLapsedHolds({ now: options.clock.now() })),
      ];
      if (ids.length > 0) options.log.info({ stayIds: ids }, 'lapsed holds expired');
      return ids;
    });
  // One sweep per interval across all the server processes sharing the database (docs/decisions/009).
  const job = createIntervalJob({
    db: options.db,
    clock: options.clock,
    name: HOLD_SWEEP_JOB,
    intervalMs: options.intervalMs ?? HOLD_SWEEP_INTERVAL_MS,
    run: sweep,
    log: options.log,
  });
  job.start();
  // stop() hands back the job's promise (a run in flight), which the app's onClose hook waits for.
  return { sweep, stop: () => job.stop() };
}
