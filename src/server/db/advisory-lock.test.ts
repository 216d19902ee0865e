import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { twoHandlesForFile } from '../test/per-file.ts';
import { ADVISORY_LOCK_KEYS, withAdvisoryLock } from './advisory-lock.ts';

/** Two handles on one database, as two server processes have. */
const handles = twoHandlesForFile();

const KEY = ADVISORY_LOCK_KEYS.migrations;

function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

/** Resolves once the lock `KEY` has a waiter: on PostgreSQL a session waiting in pg_locks. */
async function someoneWaits(): Promise<void> {
  if (handles.first.kind !== 'postgres') {
    for (let turn = 0; turn < 10; turn++) await new Promise((resolve) => setImmediate(resolve));
    return;
  }
  for (;;) {
    const result = (await handles.first.db.execute(
      sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and objid = ${KEY} and not granted`,
    )) as unknown as { rows: { n: number }[] };
    if ((result.rows[0]?.n ?? 0) > 0) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('withAdvisoryLock', () => {
  it('lets a second holder in only when the first has finished', async () => {
    const events: string[] = [];
    const release = gate();
    const one = withAdvisoryLock(handles.first, KEY, async () => {
      events.push('first starts');
      await release.opened;
      events.push('first ends');
    });
    while (events.length === 0) await new Promise((resolve) => setImmediate(resolve));
    const two = withAdvisoryLock(handles.second, KEY, async () => {
      events.push('second runs');
      return 'done';
    });
    await someoneWaits();
    expect(events).toEqual(['first starts']);
    release.open();
    await one;
    expect(await two).toBe('done');
    expect(events).toEqual(['first starts', 'first ends', 'second runs']);
  });

  it('releases the lock when the work fails', async () => {
    await expect(
      withAdvisoryLock(handles.first, KEY, async () => {
        throw new Error('the work failed');
      }),
    ).rejects.toThrow('the work failed');
    // Free again: the next holder gets in at once.
    expect(await withAdvisoryLock(handles.second, KEY, async () => 'free again')).toBe('free again');
  });
});
