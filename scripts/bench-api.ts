/**
 * `npm run bench:api`: throughput and latency of the hot public API reads against the production build.
 * Starts the server itself (temporary DATA_DIR, a free loopback port), blocks a few ranges so the calendar has
 * something to list, then runs autocannon (100 connections, ~5 s each) on /api/health (the reference),
 * /api/unavailable-dates/1, /api/availability and /api/quote, then the home page `/` and the `framework` script
 * chunk as a browser asks for them (`Accept-Encoding: br, gzip`), prints req/s and p50/p99, and stops the server.
 * It builds nothing: run `npm run build` first (the server then serves the built pages too, as in production).
 * Last, the same load against a bare Fastify server (scripts/bench-reference-server.ts) shows what the machine
 * itself allows: on a shared or small machine, no endpoint can beat that row. The page and the script are also
 * compared with the bare server sending the same compressed bytes from memory: autocannon has to read every
 * byte on the same two cores, so a 100 kB answer cannot come near a 17-byte one, whatever the server does.
 * The server's resident memory is read before and after the load on the page and the script (Linux:
 * /proc/<pid>/status), so a response that costs memory on every request shows.
 *
 * Reads while bookings are written (its own server, see measureReadsWhileWriting): the calendar read alone, then
 * the holds alone (the server's CPU time per hold), then the same read while a paced loop places ~BENCH_HOLDS_PER_S (default 50) payment holds a second through
 * POST /api/create-payment-intent, each on dates no live hold has, as 50 guests: from 127.0.1.1 to 127.0.1.50 (all
 * loopback on Linux), since the server counts holds per client address. An address may hold 2 stays at once
 * (LIVE_HOLDS_PER_CLIENT=2, the default, set explicitly): a guest's third hold replaces its first and frees those
 * dates, so the loop can come back to them, and the calendar shows about 100 held stays. An address may start 20
 * holds an hour, too few for repeated runs, so that server runs with HOLD_LIMIT_PER_HOUR=100000.
 * `BENCH_CASE=mixed` runs this case alone, and it needs no web build.
 * `BENCH_DATABASE_URL=postgres://user@host:port/postgres` runs it on PostgreSQL: a throwaway database is created
 * on that server and dropped afterwards.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http, { request as httpRequest } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { addDays, dayOfWeek, type IsoDate, todayOnPropertyClock } from '../src/domain/dates.ts';
import { poundsToPence, quoteStay } from '../src/domain/pricing.ts';
import { createBenchDatabase } from './bench-database.ts';
import { freePort, stopProcess, waitFor } from './local-server.ts';
import { spawnServer } from './serve-command.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const CONNECTIONS = 100;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
/**
 * Each endpoint first gets this many seconds of the same load, not counted. A server that has just started still
 * compiles its hot paths (V8's optimising compiler, on the same two cores as autocannon): a 1 s warm-up at 10
 * connections left that inside the measured window (p99 19–37 ms, the server's event loop stalling up to 34 ms
 * in the first second of a run); after 3 s it is done (p99 15–22 ms). A server that has run for a while has
 * compiled them long ago. `BENCH_WARMUP=0` measures the cold start.
 */
const WARMUP_S = Number(process.env.BENCH_WARMUP ?? 3);
const ADMIN = { username: 'bench', password: 'bench-password-not-secret-1' };
/** What a browser sends for a page or a script. */
const BROWSER_HEADERS = { 'accept-encoding': 'br, gzip, deflate' };
/** How long the server may settle after the load before its memory is read again. */
const SETTLE_MS = 2000;

/** Resident memory of a process in MB (Linux), or undefined where /proc is not there. */
function residentMb(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
    return line ? Number(line[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** The built framework chunk (React, React Router, TanStack Query): the largest script every page loads. */
function frameworkChunk(): string {
  const name = readdirSync(path.join(root, 'build/client/assets')).find((file) =>
    /^framework-[\w-]+\.js$/.test(file),
  );
  if (!name) throw new Error('No framework chunk in build/client/assets');
  return `/assets/${name}`;
}

/** The raw bytes of an answer as the server sent them (fetch would decompress them). */
function rawBody(url: string, headers: Record<string, string>): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    httpRequest(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve(Buffer.concat(chunks)));
      response.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

async function prepareCalendar(base: string, today: string): Promise<void> {
  const login = await fetch(`${base}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const { token } = (await login.json()) as { token: string };
  // Twelve 3-night blocks, one every four weeks, so the calendar lists ~36 nights.
  for (let i = 1; i <= 12; i++) {
    const checkIn = addDays(today, i * 28);
    const response = await fetch(`${base}/api/admin/block-dates`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ checkInDate: checkIn, checkOutDate: addDays(checkIn, 3), reason: 'bench' }),
    });
    if (response.status !== 201) throw new Error(`block-dates answered ${response.status}`);
  }
}

type Row = { path: string; reqPerSec: number; p50: number; p99: number; errors: number; non2xx: number };

async function measure(url: string, label: string, headers?: Record<string, string>): Promise<Row> {
  if (WARMUP_S > 0) await autocannon({ url, connections: CONNECTIONS, duration: WARMUP_S, headers });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
  return {
    path: label,
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/**
 * The bare Fastify yardstick, measured the same way: its health answer, and each of `files` (label → file of
 * compressed bytes) sent from memory.
 */
async function measureReference(files: Record<string, string>): Promise<Row[]> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const routes = Object.fromEntries(
    Object.values(files).map((file, index) => [`/same-bytes-${index}`, file]),
  );
  const reference = spawn(process.execPath, ['scripts/bench-reference-server.ts'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, PORT: String(port), REFERENCE_FILES: JSON.stringify(routes) },
  });
  try {
    await waitFor(`${base}/api/health`, { child: reference });
    const rows = [await measure(`${base}/api/health`, 'bare Fastify (yardstick)')];
    for (const [index, label] of Object.keys(files).entries())
      rows.push(await measure(`${base}/same-bytes-${index}`, label, BROWSER_HEADERS));
    return rows;
  } finally {
    await stopProcess(reference);
  }
}

async function main(): Promise<void> {
  if (process.env.BENCH_CASE === 'mixed') return printReadsWhileWriting(await measureReadsWhileWriting());
  if (!existsSync(path.join(root, 'build/client/index.html'))) {
    console.error('No build found: run `npm run build` first (bench:api measures the production build).');
    process.exit(1);
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'tower-bench-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawnServer(root, { port, dataDir, admin: ADMIN });
  try {
    await waitFor(`${base}/api/health`, { child: server });
    const today = todayOnPropertyClock(new Date());
    await prepareCalendar(base, today);
    // A Monday-to-Friday stay about six weeks ahead, clear of the blocks.
    let checkIn = addDays(today, 40);
    while (dayOfWeek(checkIn) !== 1) checkIn = addDays(checkIn, 1);
    const stay = `propertyId=1&checkInDate=${checkIn}&checkOutDate=${addDays(checkIn, 4)}`;
    const paths = [
      '/api/health',
      '/api/unavailable-dates/1',
      `/api/availability?${stay}`,
      `/api/quote?${stay}`,
    ];
    const rows: Row[] = [];
    for (const urlPath of paths) rows.push(await measure(base + urlPath, urlPath.split('?')[0]!));
    // The pre-rendered home page and the largest script, compressed as a browser accepts them.
    const assets = [
      { path: '/', label: '/ (br)' },
      { path: frameworkChunk(), label: 'framework.js (br)' },
    ];
    const sameBytes: Record<string, string> = {};
    for (const [index, asset] of assets.entries()) {
      const file = path.join(dataDir, `same-bytes-${index}`);
      await writeFile(file, await rawBody(base + asset.path, BROWSER_HEADERS));
      sameBytes[`  bare, as ${asset.label.split(' ')[0]}`] = file;
    }
    const memoryBefore = residentMb(server.pid);
    for (const asset of assets) rows.push(await measure(base + asset.path, asset.label, BROWSER_HEADERS));
    const memoryAfter = residentMb(server.pid);
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const memorySettled = residentMb(server.pid);
    await stopProcess(server);
    const [reference, ...sameBytesRows] = await measureReference(sameBytes);
    rows.push(reference!, ...sameBytesRows);
    /** Each row against the bare server: sending the same bytes for the page and the script. */
    const yardstick = (row: Row) =>
      sameBytesRows[assets.findIndex((asset) => asset.label === row.path)] ?? reference!;
    const health = rows[0]!.reqPerSec;
    console.info(
      `\nbench:api — ${CONNECTIONS} connections, ${DURATION_S} s each after ${WARMUP_S} s of warm-up, production build, embedded database\n`,
    );
    console.info(
      'endpoint                   req/s   vs health   vs bare   p50 ms   p99 ms   errors  non-2xx',
    );
    for (const row of rows) {
      console.info(
        [
          row.path.padEnd(24),
          row.reqPerSec.toFixed(0).padStart(7),
          `${((row.reqPerSec / health) * 100).toFixed(0)} %`.padStart(11),
          `${((row.reqPerSec / yardstick(row).reqPerSec) * 100).toFixed(0)} %`.padStart(9),
          String(row.p50).padStart(8),
          String(row.p99).padStart(8),
          String(row.errors).padStart(8),
          String(row.non2xx).padStart(8),
        ].join(' '),
      );
    }
    console.info(
      '\nvs bare: against the bare server sending the same bytes for / and framework.js, its health answer otherwise.',
    );
    const mb = (value: number | undefined) => (value === undefined ? '?' : `${value.toFixed(0)} MB`);
    const growth =
      memoryBefore && memorySettled
        ? ` (${memorySettled >= memoryBefore ? '+' : ''}${(((memorySettled - memoryBefore) / memoryBefore) * 100).toFixed(0)} %)`
        : '';
    console.info(
      `\nServer resident memory: ${mb(memoryBefore)} before the load on / and framework.js, ${mb(memoryAfter)} right after it, ${mb(memorySettled)} ${SETTLE_MS / 1000} s later${growth}`,
    );
  } finally {
    await stopProcess(server);
    await rm(dataDir, { recursive: true, force: true });
  }
  printReadsWhileWriting(await measureReadsWhileWriting());
}

// ---- Reads while bookings are written -------------------------------------------------------------------

const CALENDAR_PATH = '/api/unavailable-dates/1';
const HOLDS_PER_S = Number(process.env.BENCH_HOLDS_PER_S ?? 50);
/** The guests placing holds, one loopback address each. */
const HOLD_ADDRESSES = Array.from({ length: 50 }, (_, i) => `127.0.1.${i + 1}`);
/** Live holds per address (the server's default): a guest's next hold replaces its oldest and frees its dates. */
const LIVE_HOLDS_PER_ADDRESS = 2;
/** Requests of the write loop allowed in flight at once; a tick beyond it is counted as skipped. */
const MAX_WRITES_IN_FLIGHT = 50;

type HoldStats = {
  sent: number;
  skipped: number;
  perSecond: number;
  statuses: Record<string, number>;
  p50: number;
  p99: number;
};
type MixedRow = Row & { serverCpu: number | undefined };
type HoldCost = { holds: number; cpuMsPerHold: number | undefined };
type MixedResult = {
  database: string;
  alone: MixedRow;
  whileWriting: MixedRow;
  holdsAlone: HoldCost;
  holds: HoldStats;
};

/** CPU seconds a process has used (Linux /proc), or undefined elsewhere. */
async function cpuSeconds(pid: number | undefined): Promise<number | undefined> {
  try {
    const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime, in clock ticks (USER_HZ = 100)
  } catch {
    return undefined;
  }
}

/**
 * `measure`, plus the share of one core the server used during the measured seconds: on a shared machine the
 * latencies swing with the neighbours' load, the server's own CPU time much less.
 */
async function measureWithCpu(url: string, label: string, pid: number | undefined): Promise<MixedRow> {
  if (WARMUP_S > 0) await autocannon({ url, connections: CONNECTIONS, duration: WARMUP_S });
  const cpuBefore = await cpuSeconds(pid);
  const started = performance.now();
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S });
  const cpuAfter = await cpuSeconds(pid);
  const seconds = (performance.now() - started) / 1000;
  return {
    path: label,
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    serverCpu:
      cpuBefore === undefined || cpuAfter === undefined ? undefined : (cpuAfter - cpuBefore) / seconds,
  };
}

/**
 * The server's CPU time for each hold while the hold loop runs without reads: what one hold costs the event loop
 * the reads share. Unlike the latencies, it hardly moves with the neighbours' load, so it compares two versions
 * on a busy machine.
 */
async function measureHoldCost(holds: HoldLoop, pid: number | undefined): Promise<HoldCost> {
  await new Promise((resolve) => setTimeout(resolve, WARMUP_S * 1000));
  const sentBefore = holds.sent();
  const cpuBefore = await cpuSeconds(pid);
  await new Promise((resolve) => setTimeout(resolve, DURATION_S * 1000));
  const cpuAfter = await cpuSeconds(pid);
  const count = holds.sent() - sentBefore;
  return {
    holds: count,
    cpuMsPerHold:
      cpuBefore === undefined || cpuAfter === undefined || count === 0
        ? undefined
        : ((cpuAfter - cpuBefore) * 1000) / count,
  };
}

/** Two-night stays from the day after tomorrow up to ~11 months ahead, clear of prepareCalendar's blocks. */
function holdableStays(today: IsoDate): { checkInDate: IsoDate; checkOutDate: IsoDate }[] {
  const blocked = new Set<IsoDate>();
  for (let i = 1; i <= 12; i++)
    for (let night = 0; night < 3; night++) blocked.add(addDays(today, i * 28 + night));
  const result: { checkInDate: IsoDate; checkOutDate: IsoDate }[] = [];
  for (let offset = 2; offset + 2 <= 340; offset += 2) {
    const checkInDate = addDays(today, offset);
    if (blocked.has(checkInDate) || blocked.has(addDays(checkInDate, 1))) continue;
    result.push({ checkInDate, checkOutDate: addDays(checkInDate, 2) });
  }
  return result;
}

/** POSTs a JSON body from `localAddress`; the answer's status code. */
function postFrom(agent: http.Agent, url: string, body: string, localAddress: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        agent,
        localAddress,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/**
 * Places `perSecond` holds a second, paced by the clock (not by the answers), cycling through `stays` and through
 * HOLD_ADDRESSES: with more stays than the addresses can hold at once, the dates of each hold are free again by
 * the time the loop comes back to them.
 */
function startHoldLoop(base: string, stays: ReturnType<typeof holdableStays>, perSecond: number) {
  const agent = new http.Agent({ keepAlive: true });
  const started = performance.now();
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  const inFlight = new Set<Promise<void>>();
  let sent = 0;
  let skipped = 0;
  const placeHold = async (stay: (typeof stays)[number], localAddress: string) => {
    const quote = quoteStay(stay.checkInDate, stay.checkOutDate);
    const body = JSON.stringify({
      amount: poundsToPence(quote.total),
      currency: 'gbp',
      booking: {
        propertyId: 1,
        ...stay,
        guestCount: 2,
        contactName: 'Bench Guest',
        contactEmail: 'bench.guest@example.test',
      },
    });
    const begin = performance.now();
    let status = 'error';
    try {
      status = String(await postFrom(agent, `${base}/api/create-payment-intent`, body, localAddress));
    } catch {
      // counted as 'error'
    }
    latencies.push(performance.now() - begin);
    statuses[status] = (statuses[status] ?? 0) + 1;
  };
  const timer = setInterval(() => {
    const due = Math.floor(((performance.now() - started) / 1000) * perSecond);
    while (sent + skipped < due) {
      if (inFlight.size >= MAX_WRITES_IN_FLIGHT) {
        skipped++;
        continue;
      }
      const stay = stays[sent % stays.length]!;
      const address = HOLD_ADDRESSES[sent % HOLD_ADDRESSES.length]!;
      sent++;
      const request = placeHold(stay, address).finally(() => inFlight.delete(request));
      inFlight.add(request);
    }
  }, 5);
  let stopped: Promise<HoldStats> | undefined;
  const finish = async (): Promise<HoldStats> => {
    clearInterval(timer);
    const seconds = (performance.now() - started) / 1000;
    await Promise.all(inFlight);
    agent.destroy();
    latencies.sort((a, b) => a - b);
    const at = (q: number) =>
      Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
    return { sent, skipped, perSecond: sent / seconds, statuses, p50: at(0.5), p99: at(0.99) };
  };
  return {
    /** How many holds have been sent so far. */
    sent: () => sent,
    /** Stops placing holds and waits for those in flight (once, however often it is called). */
    stop: () => (stopped ??= finish()),
  };
}
type HoldLoop = ReturnType<typeof startHoldLoop>;

/**
 * The calendar read alone, then while ~HOLDS_PER_S holds a second are placed, on a server of its own (so the
 * holds of this case do not touch the other rows' calendar).
 */
async function measureReadsWhileWriting(): Promise<MixedResult> {
  const benchDatabase = await createBenchDatabase();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'tower-bench-mixed-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawnServer(root, {
    port,
    dataDir,
    databaseUrl: benchDatabase?.url,
    admin: ADMIN,
    env: { LIVE_HOLDS_PER_CLIENT: String(LIVE_HOLDS_PER_ADDRESS), HOLD_LIMIT_PER_HOUR: '100000' },
  });
  try {
    await waitFor(`${base}/api/health`, { child: server });
    const today = todayOnPropertyClock(new Date());
    await prepareCalendar(base, today);
    const alone = await measureWithCpu(base + CALENDAR_PATH, `${CALENDAR_PATH} alone`, server.pid);
    const holds = startHoldLoop(base, holdableStays(today), HOLDS_PER_S);
    const holdsAlone = await measureHoldCost(holds, server.pid);
    const whileWriting = await measureWithCpu(
      base + CALENDAR_PATH,
      `${CALENDAR_PATH} + holds`,
      server.pid,
    ).finally(() => holds.stop());
    return {
      database: benchDatabase ? 'PostgreSQL' : 'embedded database',
      alone,
      whileWriting,
      holdsAlone,
      holds: await holds.stop(),
    };
  } finally {
    await stopProcess(server);
    await rm(dataDir, { recursive: true, force: true });
    await benchDatabase?.drop();
  }
}

function printReadsWhileWriting({ database, alone, whileWriting, holdsAlone, holds }: MixedResult): void {
  console.info(
    `\nbench:api, reads while bookings are written — ${database}, ${CONNECTIONS} connections, ${DURATION_S} s after ${WARMUP_S} s of warm-up, load average ${loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')}\n`,
  );
  console.info(
    'case                                    req/s   p50 ms   p99 ms   errors  non-2xx  server CPU',
  );
  for (const row of [alone, whileWriting]) {
    console.info(
      [
        row.path.padEnd(36),
        row.reqPerSec.toFixed(0).padStart(8),
        String(row.p50).padStart(8),
        String(row.p99).padStart(8),
        String(row.errors).padStart(8),
        String(row.non2xx).padStart(8),
        (row.serverCpu === undefined ? '–' : `${(row.serverCpu * 100).toFixed(0)} %`).padStart(11),
      ].join(' '),
    );
  }
  const statuses = Object.entries(holds.statuses)
    .map(([status, count]) => `${count}× ${status}`)
    .join(', ');
  console.info(
    `holds alone: ${holdsAlone.holds} in ${DURATION_S} s, ${holdsAlone.cpuMsPerHold === undefined ? '–' : holdsAlone.cpuMsPerHold.toFixed(1)} ms of server CPU each`,
  );
  console.info(
    `holds: ${holds.sent} sent (${holds.perSecond.toFixed(1)}/s, ${holds.skipped} skipped with ${MAX_WRITES_IN_FLIGHT} in flight): ${statuses}; p50 ${holds.p50} ms, p99 ${holds.p99} ms`,
  );
}

await main();
