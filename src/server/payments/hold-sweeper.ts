import type { FastifyBaseLogger } from 'fastify';
import type { BookingsRepository } from '../bookings/bookings-repository.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import type { ReconcileResult } from './reconcile-holds.ts';

/**
 * The hold sweep (the job registry, src/server/jobs/registry.ts, runs it every minute): expires lapsed holds, so
 * their nights show as free again even when nobody tries to book them (placing a hold also expires lapsed ones
 * in its own transaction). A lapsed hold with a payment intent is first asked about at the payment provider
 * (`reconcile`, a bounded batch per run): paid → confirmed, still paying → kept for a bounded time, otherwise
 * expired. Answers the ids of the stays it expired.
 */
export function createHoldSweep(options: {
  db: Db;
  /** Expires the lapsed holds and reads the guest's calendar again after they commit. */
  bookings: BookingsRepository;
  clock: Clock;
  log: FastifyBaseLogger;
  /** The payment service's `reconcileLapsedHolds`: asks the provider about lapsed holds with a payment intent. */
  reconcile(): Promise<ReconcileResult>;
}): () => Promise<string[]> {
  const { bookings } = options;
  return async () => {
    const reconciled = await options.reconcile();
    const { confirmed, refunded, kept } = reconciled;
    if (confirmed.length + refunded.length + kept.length > 0) {
      options.log.info({ confirmed, refunded, kept }, 'lapsed holds with a payment reconciled');
    }
    const ids = [...reconciled.expired, ...(await bookings.expireLapsedHolds({ now: options.clock.now() }))];
    if (ids.length > 0) options.log.info({ stayIds: ids }, 'lapsed holds expired');
    return ids;
  };
}
