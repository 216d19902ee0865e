/**
 * A background loop: `tick` runs `everyMs` after the previous tick ended (never two at once), on an unref'd timer
 * that never keeps the process alive, until `stop()`. The scheduled jobs (interval-job.ts) and the queues
 * (queue.ts) run on it.
 */
export type Repeater = { start(): void; stop(): void };

export function createRepeater(everyMs: number, tick: () => Promise<unknown>): Repeater {
  let timer: NodeJS.Timeout | undefined;
  let stopped = true;

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(() => {
      // A tick's failure is its own to report; the loop goes on.
      tick()
        .catch(() => undefined)
        .finally(schedule);
    }, everyMs);
    timer.unref();
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      schedule();
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
