import { describe, expect, it } from 'vitest';
import { createManualClock } from '../clock.ts';
import { createKeptReadings, type Reading } from './kept-readings.ts';

/** A database stand-in whose reads the test answers one by one. */
function fakeReads() {
  let stored = 'v1';
  const pending: { resolve: () => void; value: string }[] = [];
  return {
    write(value: string) {
      stored = value;
    },
    count: 0,
    read(): Promise<Reading<string>> {
      this.count++;
      const value = stored;
      return new Promise((resolve) => pending.push({ value, resolve: () => resolve({ value }) }));
    },
    /** Answers the oldest read still waiting. */
    answerNext() {
      pending.shift()!.resolve();
    },
    get waiting() {
      return pending.length;
    },
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

function setup(options: { keepUntil?: number; servesAt?: (value: string, now: Date) => boolean } = {}) {
  const clock = createManualClock('2026-11-23T10:00:00Z');
  const db = fakeReads();
  const kept = createKeptReadings<number, string>({
    clock,
    maxAgeMs: 2000,
    read: async () => ({ ...(await db.read()), keepUntil: options.keepUntil }),
    servesAt: options.servesAt,
  });
  return { clock, db, kept };
}

/** `setup()` with the first reading (v1) read and kept. */
async function primedSetup() {
  const primed = setup();
  const first = primed.kept.get(1, primed.clock.now());
  await settle();
  primed.db.answerNext();
  await first;
  return primed;
}

describe('readings kept by their writer', () => {
  it('read once for every caller waiting, then serve from memory until the bound on the clock', async () => {
    const { clock, db, kept } = setup();
    const first = [kept.get(1, clock.now()), kept.get(1, clock.now())];
    await settle();
    expect(db.waiting).toBe(1);
    db.answerNext();
    expect(await Promise.all(first)).toEqual(['v1', 'v1']);
    db.write('v2');
    clock.advance(1999);
    expect(await kept.get(1, clock.now())).toBe('v1');
    clock.advance(1);
    const later = kept.get(1, clock.now());
    await settle();
    db.answerNext();
    expect(await later).toBe('v2');
    expect(db.count).toBe(2);
  });

  it('after a refresh, serve the previous reading while the new one is read, and the new one once it returns', async () => {
    const { clock, db, kept } = await primedSetup();
    db.write('v2'); // a commit
    let refreshed = false;
    const refresh = kept.refresh(clock.now()).then(() => {
      refreshed = true;
    });
    await settle();
    expect(await kept.get(1, clock.now())).toBe('v1'); // no wait for the database
    expect(refreshed).toBe(false);
    db.answerNext();
    await refresh;
    expect(await kept.get(1, clock.now())).toBe('v2');
  });

  it('never keeps a reading that started before a refresh in place of the refresh’s', async () => {
    const { clock, db, kept } = await primedSetup();
    clock.advance(2000); // lapsed: the next read goes to the database
    const early = kept.get(1, clock.now()); // reads v1
    await settle();
    db.write('v2');
    const refresh = kept.refresh(clock.now()); // reads v2
    await settle();
    db.answerNext(); // the early read answers first...
    db.answerNext(); // ...then the refresh
    expect(await early).toBe('v1');
    await refresh;
    expect(await kept.get(1, clock.now())).toBe('v2');
  });

  it('returns from a refresh only once what is kept was read after its commit, however many commits overlap', async () => {
    const { clock, db, kept } = await primedSetup();
    let firstReturned = false;
    db.write('v2'); // commit 1
    const first = kept.refresh(clock.now()).then(() => {
      firstReturned = true;
    });
    await settle();
    db.write('v3'); // commit 2: the reading before both (v1) is served meanwhile
    const second = kept.refresh(clock.now());
    await settle();
    db.answerNext(); // commit 1's reading (v2) comes back after commit 2: not kept
    await settle();
    db.write('v4'); // commit 3
    const third = kept.refresh(clock.now());
    await settle();
    db.answerNext(); // commit 2's reading (v3) comes back after commit 3: not kept either
    await settle();
    // What is kept is still v1, marked to be served until commit 3's reading is in: commit 1's writer waits.
    expect(firstReturned).toBe(false);
    db.answerNext();
    await Promise.all([first, second, third]);
    expect(await kept.get(1, clock.now())).toBe('v4');
  });

  it('forget drops what is kept: the next read goes to the database', async () => {
    const { clock, db, kept } = await primedSetup();
    db.write('v2');
    kept.forget();
    const next = kept.get(1, clock.now());
    await settle();
    db.answerNext();
    expect(await next).toBe('v2');
  });

  it('keeps a reading no longer than its own keepUntil, and not for a time it does not serve', async () => {
    const start = new Date('2026-11-23T10:00:00Z').getTime();
    const { clock, db, kept } = setup({
      keepUntil: start + 500,
      servesAt: (_value, now) => now.getTime() >= start,
    });
    const primed = kept.get(1, clock.now());
    await settle();
    db.answerNext();
    await primed;
    clock.advance(499);
    expect(await kept.get(1, clock.now())).toBe('v1');
    expect(db.count).toBe(1);
    clock.advance(1);
    const after = kept.get(1, clock.now());
    await settle();
    expect(db.count).toBe(2);
    db.answerNext();
    await after;
  });
});
