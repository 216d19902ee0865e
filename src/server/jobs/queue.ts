import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { failedWith, type JobReport, recordQueueRun } from './job-runs.ts';
import { createRepeater } from './repeater.ts';

/**
 * The one mechanism for queues (the registry, registry.ts, lists them): the e-mail outbox and the uploaded
 * photos. A queue is a table whose rows in state `queued` wait for work; any process may work on it, because
 * each row is claimed by one statement (`claimRows`) that no other claim sees again until its lease ends, so
 * processes sharing a PostgreSQL database never take the same row and a row whose process died is taken again.
 * Each process runs the queue when told (`kick`), and looks on a timer for rows it was not told about (queued
 * before a restart, or by another process). Every run is recorded in `job_runs` with a sentence
 * (docs/decisions/009-jobs-run-once.md).
 */

type QueueTable = PgTable & { id: PgColumn; status: PgColumn; attempts: PgColumn };

/**
 * Claims up to `limit` of the queued rows that `due` allows, in `orderBy` order, counting an attempt on each and
 * writing its lease (`lease`): one `UPDATE … RETURNING` over `FOR UPDATE SKIP LOCKED`, so a row claimed by a
 * concurrent statement is skipped, never waited for. Every row the statement returns is the caller's: PostgreSQL
 * may run the `LIMIT` subquery of an UPDATE more than once and so claim more than `limit` rows.
 */
export async function claimRows<TTable extends QueueTable>(
  db: Db,
  table: TTable,
  options: { due: SQL | undefined; orderBy: PgColumn[]; limit: number; lease: PgUpdateSetSource<TTable> },
): Promise<TTable['$inferSelect'][]> {
  const queued = eq(table.status, 'queued');
  const due = db
    .select({ id: table.id })
    .from(table as PgTable)
    .where(and(queued, options.due))
    .orderBy(...options.orderBy.map((column) => asc(column)))
    .limit(options.limit)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(table)
    .set({ ...options.lease, attempts: sql`${table.attempts} + 1` } as PgUpdateSetSource<TTable>)
    .where(and(inArray(table.id, due), queued))
    .returning();
  return claimed as TTable['$inferSelect'][];
}

export type QueueDefinition<T> = {
  /** Its row in `job_runs`. */
  name: string;
  /** How often each process looks for rows it was not told about. */
  pollEveryMs: number;
  /** Claims and works on due rows until none is left (or the run's bound); what it did. */
  drain(): Promise<T>;
  /** The run's outcome in a sentence for the owner (a run that throws is recorded as failed with its error). */
  report(value: T): JobReport;
};

export type Queue<T> = {
  /**
   * Runs the queue now. A call while this process's run is in flight waits for it and then for one more run,
   * which it shares with the other calls made meanwhile: a row queued before the call is worked on by the time
   * it resolves, and a process never runs the same queue twice at once.
   */
  run(): Promise<T>;
  /** Asks for a run soon, outside the caller (an upload's request answers at once). */
  kick(): void;
  /** Settles once no run is in flight or asked for (tests, before reading what the queue did). */
  settled(): Promise<void>;
  /** Looks for due rows on an unref'd timer that never keeps the process alive. */
  start(): void;
  /** Stops the timer and the kicks, and waits for the runs in flight. */
  stop(): Promise<void>;
};

export type QueueLogger = { error(obj: object, msg?: string): void };

export function createQueue<T>(
  options: {
    db: Db;
    clock: Clock;
    log: QueueLogger;
    /** false: this process leaves the queue to others (or to after a restart); `run()` still works. */
    enabled?: boolean;
  },
  definition: QueueDefinition<T>,
): Queue<T> {
  const { db, clock, log } = options;
  const { name } = definition;
  let closed = options.enabled === false;
  let running: Promise<T> | undefined;
  let next: Promise<T> | undefined;

  async function drainAndRecord(): Promise<T> {
    const startedAt = clock.now();
    let value: T;
    try {
      value = await definition.drain();
    } catch (error) {
      const finishedAt = clock.now();
      const nextRunAt = new Date(finishedAt.getTime() + definition.pollEveryMs);
      await recordQueueRun(db, name, { startedAt, finishedAt, nextRunAt, report: failedWith(error) });
      throw error;
    }
    const finishedAt = clock.now();
    const nextRunAt = new Date(finishedAt.getTime() + definition.pollEveryMs);
    await recordQueueRun(db, name, { startedAt, finishedAt, nextRunAt, report: definition.report(value) });
    return value;
  }

  function run(): Promise<T> {
    if (!running) {
      const started = drainAndRecord().finally(() => {
        running = undefined;
      });
      running = started;
      return started;
    }
    if (!next) {
      next = running
        .catch(() => undefined)
        .then(() => {
          next = undefined;
          return run();
        });
    }
    return next;
  }

  const runLogged = () =>
    run().catch((error) => log.error({ err: error, job: name }, `queue ${name} failed`));
  const repeater = createRepeater(definition.pollEveryMs, runLogged);

  async function settled(): Promise<void> {
    // A kick runs on the next turn of the event loop: let it start, then wait for the run and the one after it.
    await new Promise((resolve) => setImmediate(resolve));
    while (running || next) await (next ?? running)?.catch(() => undefined);
  }

  return {
    run,
    kick() {
      if (closed) return;
      setImmediate(() => {
        if (!closed) void runLogged();
      });
    },
    settled,
    start() {
      if (!closed) repeater.start();
    },
    async stop() {
      closed = true;
      repeater.stop();
      await settled();
    },
  };
}
