import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { createIntervalJob } from '../jobs/interval-job.ts';
import { createStaysRepository } from '../stays/stays-repository.ts';

export const HOLD_SWEEP_INTERVAL_MS = 60_000;
/** The sweep's row in job_runs. */
export const HOLD_SWEEP_JOB = 'hold-sweep';

/**
 * Expires lapsed holds now and then, so their nights show as free again even when nobody tries to book them
 * (placing a hold also expires lapsed ones in its own transaction). The timer never keeps the process alive.
 */
export function startHoldSweeper(options: {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  intervalMs?: number;
}): { sweep(): Promise<string[]>; stop(): void } {
  const stays = createStaysRepository(options.db);
  let running: Promise<string[]> | undefined;
  const sweep = async (): Promise<string[]> => {
    if (running) return running;
    running = stays
      .expireLapsedHolds(options.db, options.clock.now())
      .then((ids) => {
        if (ids.length > 0) options.log.info({ stayIds: ids }, 'lapsed holds expired');
        return ids;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };
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
