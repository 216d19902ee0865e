import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { createStaysRepository } from '../stays/stays-repository.ts';

export const HOLD_SWEEP_INTERVAL_MS = 60_000;

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
  const timer = setInterval(() => {
    sweep().catch((error) => options.log.error({ err: error }, 'hold sweep failed'));
  }, options.intervalMs ?? HOLD_SWEEP_INTERVAL_MS);
  timer.unref();
  return { sweep, stop: () => clearInterval(timer) };
}
