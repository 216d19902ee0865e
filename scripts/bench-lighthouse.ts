/**
 * `npm run bench:lighthouse`: Lighthouse (mobile emulation, Debian's Chromium) on /, /golf-stays-aberdeen and
 * /contact of the production build. Starts the server itself on a free port with a throwaway data directory,
 * prints the four category scores per page plus the home page's total transfer size and JavaScript size, then
 * stops everything it started. Goals: Performance ≥ 99; Accessibility, Best Practices and SEO 100; LCP within
 * 1.2× of the page's floor; at most 80 kB of JavaScript requested before the load event.
 *
 * The floor: each page is also measured, in the same run, as static HTML without scripts (the same document
 * with every executable script and module preload removed, served through a small proxy in front of the same
 * server, compressed the same way), and the ratio of the two LCPs is printed. No script can make a page paint
 * sooner than that.
 *
 * Per page it also prints the timing metrics (FCP, LCP, TBT, CLS, Speed Index), the JavaScript requested before
 * the load event, every scored audit below 0.9 and why each failing Best Practices audit failed. Last, the time
 * until the Book Now card is usable (the calendar's days are buttons the card's root handles, as that root marks
 * it) when a phone opens /#booking,
 * when it taps Book Now on / the moment the page has loaded (the load event: the worst moment, as the page's
 * scripts have only just been asked for), and when it taps it after reading the page for READ_S seconds (default
 * 5) after the load event, in Chromium with Lighthouse's mobile throttling
 * applied by DevTools (4× CPU, 562.5 ms per request, 1.47 Mbit/s): the first beside its ratio to the home page's
 * floor LCP of the same run (on a busy machine the ratio is the figure to trust), each with where the time went
 * (docs/decisions/021-book-now-on-a-phone.md). Goals: /#booking ≤ 2.5 s and ≤ 1.5× the floor, a tap ≤ 1.0 s.
 * `LIGHTHOUSE_REPORTS=dir` writes the full JSON reports there (open them in the Lighthouse viewer);
 * `LIGHTHOUSE_RUNS=n` measures each page n times and reports the median run; `LIGHTHOUSE_PAGES=/,/contact`
 * measures only those pages (the Book Now ratio needs `/`); `BENCH_TRACE=dir` writes a Chromium performance
 * trace of every Book Now run there (open it in DevTools' Performance panel); `BENCH_REQUESTS=1` lists, under each
 * Book Now timing, every request of its median run until the card was usable, with Chromium's priority.
 * `BENCH_PHOTOS=1` first uploads the slideshow's 18 pictures through the admin's Photos tab (the build's own
 * 1600 px stand-ins, so the pictures are the same and only the way they reach the page differs), waits until
 * they are processed and the pages rendered again, then measures: the owner's photos against the build's.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer as createHttpServer, request as httpRequest, type Server } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlibConstants } from 'node:zlib';
import { chromium as playwrightChromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import { DEFAULT_GALLERY } from '../src/web/content/site.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './ensure-chromium.ts';
import { freePort, waitFor } from './local-server.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const ALL_PAGES = ['/', '/golf-stays-aberdeen', '/contact'];
const PAGES = process.env.LIGHTHOUSE_PAGES
  ? ALL_PAGES.filter((page) => process.env.LIGHTHOUSE_PAGES!.split(',').includes(page))
  : ALL_PAGES;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const METRICS = [
  ['FCP', 'first-contentful-paint'],
  ['LCP', 'largest-contentful-paint'],
  ['TBT', 'total-blocking-time'],
  ['CLS', 'cumulative-layout-shift'],
  ['SI', 'speed-index'],
] as const;
const REPORTS = process.env.LIGHTHOUSE_REPORTS ? path.resolve(process.env.LIGHTHOUSE_REPORTS) : undefined;
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1) || 1);
const WITH_PHOTOS = process.env.BENCH_PHOTOS === '1';
const TRACES = process.env.BENCH_TRACE ? path.resolve(process.env.BENCH_TRACE) : undefined;
/** `BENCH_REQUESTS=1`: under each Book Now timing, every request of its median run until usable, with priority. */
const LIST_REQUESTS = process.env.BENCH_REQUESTS === '1';
/** The goals of the Book Now timings (docs/decisions/021-book-now-on-a-phone.md). */
const BOOK_NOW_GOALS = { openMs: 2500, openRatio: 1.5, tapMs: 1000 };
/** How long the guest of the third Book Now case reads the home page after its load event before tapping. */
const READ_S = Number(process.env.READ_S ?? 5);
const BOOK_NOW_WAYS = ['open #booking', 'tap after load', 'tap after reading'] as const;
type BookNowWay = (typeof BOOK_NOW_WAYS)[number];
const ADMIN_PASSWORD = 'lighthouse-bench-password';

/**
 * Uploads the build's stand-in of every slideshow picture through the admin (as an owner would upload photos),
 * then waits until all are published and the home page is rendered with them.
 */
async function uploadPhotos(origin: string): Promise<void> {
  const login = await fetch(`${origin}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };
  for (const photo of DEFAULT_GALLERY) {
    const form = new FormData();
    form.append('alt', photo.alt.replace(/^Photo to come: /, ''));
    const file = await readFile(path.join(root, 'build/client/media', `${photo.id}-1600.webp`));
    form.append('file', new Blob([new Uint8Array(file)], { type: 'image/webp' }), `${photo.id}.webp`);
    const response = await fetch(`${origin}/api/admin/photos`, { method: 'POST', headers, body: form });
    if (response.status !== 202)
      throw new Error(`Upload of ${photo.id}: ${response.status} ${await response.text()}`);
  }
  const started = Date.now();
  for (;;) {
    const { photos } = (await (await fetch(`${origin}/api/admin/photos`, { headers })).json()) as {
      photos: { published: boolean }[];
    };
    const home = await (await fetch(`${origin}/`)).text();
    if (photos.every((photo) => photo.published) && home.includes('/media/uploads/')) break;
    if (Date.now() - started > 300_000)
      throw new Error('The uploaded photos were not published within 5 minutes');
    await new Promise((done) => setTimeout(done, 1000));
  }
  console.info(
    `${DEFAULT_GALLERY.length} photos uploaded through the admin and published in ${((Date.now() - started) / 1000).toFixed(0)} s after the last upload`,
  );
}
/** Lighthouse's mobile throttling (its `mobileSlow4G` preset), applied by DevTools for the Book Now timing. */
const MOBILE_THROTTLING = {
  latencyMs: 150 * 3.75,
  downloadKbps: 1638.4 * 0.9,
  uploadKbps: 750 * 0.9,
  cpu: 4,
};

type Result = NonNullable<Awaited<ReturnType<typeof lighthouse>>>;
type Lhr = Result['lhr'];
type NetworkItem = {
  url?: string;
  resourceType?: string;
  transferSize?: number;
  rendererStartTime?: number;
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const lcpMs = (lhr: Lhr) => lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** The scripts the page asked for before its load event, and their transferred bytes. */
function scriptsBeforeLoad(lhr: Lhr): { files: number; bytes: number } {
  const network = lhr.audits['network-requests']?.details as
    | { items?: NetworkItem[]; debugData?: { networkStartTimeTs?: number } }
    | undefined;
  const metrics = lhr.audits.metrics?.details as { items?: { observedLoadTs?: number }[] } | undefined;
  const loadTs = metrics?.items?.[0]?.observedLoadTs;
  const startTs = network?.debugData?.networkStartTimeTs;
  if (loadTs === undefined || startTs === undefined) return { files: Number.NaN, bytes: Number.NaN };
  const loadMs = (loadTs - startTs) / 1000;
  const scripts = (network?.items ?? []).filter(
    (item) => item.resourceType === 'Script' && (item.rendererStartTime ?? Number.POSITIVE_INFINITY) < loadMs,
  );
  return { files: scripts.length, bytes: scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0) };
}

/** The same document without anything that runs: no executable script, no module preload. */
function withoutScripts(html: string): string {
  return html
    .replace(/<script(?![^>]*type="application\/(?:ld\+)?json")[^>]*>[\s\S]*?<\/script>/g, '')
    .replace(/<link rel="modulepreload"[^>]*>/g, '');
}

/**
 * The floor: a proxy in front of the server that answers the measured pages with their scripts removed (brotli,
 * as the server sends them) and passes every other request (styles, photos, fonts) through unchanged.
 */
function startFloorProxy(upstream: string, port: number): Promise<Server> {
  const target = new URL(upstream);
  const server = createHttpServer(async (request, response) => {
    const url = request.url ?? '/';
    if (PAGES.includes(url)) {
      const html = withoutScripts(await (await fetch(`${upstream}${url}`)).text());
      const body = brotliCompressSync(html, {
        params: { [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY },
      });
      response.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'content-encoding': 'br',
        'cache-control': 'no-cache',
        vary: 'accept-encoding',
      });
      response.end(body);
      return;
    }
    const forward = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: url,
        method: request.method,
        headers: { ...request.headers, host: target.host },
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    forward.on('error', () => response.destroy());
    request.pipe(forward);
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

/** Where the time of one Book Now run went, in ms from the navigation (or, for `usable`, from the tap). */
type BookNowRun = {
  usable: number;
  /** When the guest tapped (0 when the page was opened at /#booking). */
  tap: number;
  /** The document's last byte, the load event, the page hydrated, the card's days on screen. */
  html: number;
  load: number;
  hydrated: number;
  card: number;
  /** Scripts and API reads: how many, their bytes, when the first was asked for and the last one ended. */
  scripts: RequestGroup;
  api: RequestGroup;
  /** Main-thread time in tasks over 50 ms (parsing, compiling, running and rendering scripts). */
  longTasks: number;
  /** Every request started before usable: its path, when asked for and ended, bytes, Chromium's priority. */
  requests: { url: string; start: number; end: number; bytes: number; priority: string }[];
};
type RequestGroup = { count: number; bytes: number; start: number; end: number };

/**
 * How long a guest on a phone waits for the Book Now card to be usable (its own root's mark: the calendar's days
 * are buttons its root handles; the page may hydrate later): from navigation when they open /#booking, or from their tap on the hero's Book Now link when
 * they open / and tap it the moment the page has loaded. Chromium with Lighthouse's mobile throttling, a fresh
 * cache each run. Also reads, from the page's own timings, where the time went.
 */
async function bookNowRun(origin: string, way: BookNowWay, run: number) {
  const browser = await playwrightChromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    await page.addInitScript(() => {
      const marks: Record<string, number> = {};
      const longTasks: number[] = [];
      Object.assign(window, { bookNowMarks: marks, bookNowLongTasks: longTasks });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) longTasks.push(entry.duration);
      }).observe({ type: 'longtask', buffered: true });
      // Usable: the card's own root marks its element once the calendar's days are buttons it handles
      // (docs/decisions/034-the-book-now-card-on-its-own.md); the page's hydration is watched for the breakdown.
      const mark = () => {
        if (document.documentElement.dataset.hydrated === 'true') marks.hydrated ??= performance.now();
        if (document.querySelector('#booking table[role="grid"] button[data-day]'))
          marks.card ??= performance.now();
        if (
          document.querySelector('#booking [data-book-now-root][data-ready]') &&
          !('bookNowUsable' in window)
        )
          Object.assign(window, { bookNowUsable: performance.now() });
        if (marks.hydrated !== undefined && 'bookNowUsable' in window) observer.disconnect();
      };
      const observer = new MutationObserver(mark);
      observer.observe(document, { subtree: true, childList: true, attributes: true });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    // Chromium's priority of each request (first asked, and the last it was changed to), by its address.
    const priorities = new Map<string, string>();
    const byRequest = new Map<string, string>();
    cdp.on('Network.requestWillBeSent', (event) => {
      byRequest.set(event.requestId, event.request.url);
      priorities.set(event.request.url, event.request.initialPriority);
    });
    cdp.on('Network.resourceChangedPriority', (event) => {
      const url = byRequest.get(event.requestId);
      if (url) priorities.set(url, `${priorities.get(url)}→${event.newPriority}`);
    });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: MOBILE_THROTTLING.latencyMs,
      downloadThroughput: (MOBILE_THROTTLING.downloadKbps * 1024) / 8,
      uploadThroughput: (MOBILE_THROTTLING.uploadKbps * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: MOBILE_THROTTLING.cpu });
    if (TRACES) {
      mkdirSync(TRACES, { recursive: true });
      const name = `book-now-${way.replaceAll(/[^a-z]+/g, '-')}-${run + 1}.json`;
      await browser.startTracing(page, { path: path.join(TRACES, name) });
    }
    let tappedAt = 0;
    if (way === 'open #booking') await page.goto(`${origin}/#booking`, { waitUntil: 'commit' });
    else {
      await page.goto(`${origin}/`, { waitUntil: 'load' });
      // The guest reads the hero first: a pause in the guest's time, not a test's wait for something to happen.
      if (way === 'tap after reading') await page.waitForTimeout(READ_S * 1000);
      tappedAt = await page.evaluate(() => performance.now());
      await page.getByRole('main').getByRole('link', { name: 'Book Now' }).first().tap();
    }
    // Polled twice a second, not on every animation frame (Playwright's default): a check per frame costs the
    // throttled main thread 10–30 ms a frame, which the guest's phone would not spend. The time itself is the
    // page's own (the observer above), so the polling does not round it.
    await page
      .waitForFunction(
        () => 'bookNowUsable' in window && document.documentElement.dataset.hydrated === 'true',
        undefined,
        { timeout: 60_000, polling: 500 },
      )
      .catch(async (error: unknown) => {
        const state = await page.evaluate(() => ({
          url: location.href,
          hydrated: document.documentElement.dataset.hydrated,
          days: document.querySelectorAll('#booking table[role="grid"] button[data-day]').length,
          ready: document.querySelector('#booking [data-book-now-root][data-ready]') !== null,
          marks: (window as unknown as { bookNowMarks?: unknown }).bookNowMarks,
          card: document.querySelector('#booking aside')?.textContent?.slice(0, 200),
        }));
        throw new Error(`Book Now never usable (${way}): ${JSON.stringify(state)}`, { cause: error });
      });
    // What was still on its way when the card became usable (its data, a script) is part of no timing here.
    const timings = await page.evaluate(() => {
      const view = window as unknown as {
        bookNowUsable: number;
        bookNowMarks: Record<string, number>;
        bookNowLongTasks: number[];
      };
      const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
      const resources = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((entry) => entry.startTime < view.bookNowUsable)
        .map((entry) => ({
          name: entry.name,
          url: new URL(entry.name).pathname,
          start: entry.startTime,
          end: entry.responseEnd,
          bytes: entry.transferSize,
        }));
      return {
        usable: view.bookNowUsable,
        html: navigation?.responseEnd ?? Number.NaN,
        load: navigation?.loadEventStart || Number.NaN,
        hydrated: view.bookNowMarks.hydrated ?? Number.NaN,
        card: view.bookNowMarks.card ?? Number.NaN,
        longTasks: view.bookNowLongTasks.reduce((sum, duration) => sum + duration, 0),
        resources,
      };
    });
    if (TRACES) await browser.stopTracing();
    const group = (test: (url: string) => boolean): RequestGroup => {
      const items = timings.resources.filter((item) => test(item.url));
      return {
        count: items.length,
        bytes: items.reduce((sum, item) => sum + item.bytes, 0),
        start: Math.min(...items.map((item) => item.start)),
        end: Math.max(...items.map((item) => item.end)),
      };
    };
    return {
      // A card ready before the tap is usable at the tap.
      usable: Math.max(timings.usable, tappedAt) - tappedAt,
      tap: tappedAt,
      html: timings.html,
      load: timings.load,
      hydrated: timings.hydrated,
      card: timings.card,
      scripts: group((url) => url.endsWith('.js')),
      api: group((url) => url.startsWith('/api/')),
      longTasks: timings.longTasks,
      requests: timings.resources.map(({ name, url, start, end, bytes }) => ({
        url,
        start,
        end,
        bytes,
        priority: priorities.get(name) ?? '?',
      })),
    } satisfies BookNowRun;
  } finally {
    await browser.close();
  }
}

/** One line saying where the time of a Book Now run went. */
function bookNowBreakdown(run: BookNowRun): string {
  const at = (ms: number) => (Number.isFinite(ms) ? seconds(ms) : '–');
  const requests = (what: string, group: RequestGroup) =>
    group.count
      ? `${group.count} ${what} (${kb(group.bytes)}) asked for ${at(group.start)}–ended ${at(group.end)}`
      : `no ${what}`;
  return [
    `document ${at(run.html)}, load event ${at(run.load)}`,
    run.tap ? `tap ${at(run.tap)}` : undefined,
    requests('scripts', run.scripts),
    requests('API reads', run.api),
    `days on screen ${at(run.card)}`,
    `card usable ${at(run.usable + run.tap)}`,
    `page hydrated ${at(run.hydrated)}`,
    `${(run.longTasks / 1000).toFixed(2)} s of long tasks`,
  ]
    .filter(Boolean)
    .join('; ');
}

/** One line per failing Best Practices audit with what it found (console errors, issues, …). */
function bestPracticesFailures(lhr: Lhr): string[] {
  return (lhr.categories['best-practices']?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
    .map((ref) => {
      const audit = lhr.audits[ref.id];
      const details = audit?.details as { items?: Record<string, unknown>[] } | undefined;
      const items = (details?.items ?? []).map((item) => {
        const sub = (item.subItems as { items?: Record<string, unknown>[] } | undefined)?.items ?? [];
        const what = [item.description, item.issueType, item.source, item.url, ...sub.map((s) => s.url)]
          .filter((value) => typeof value === 'string' && value)
          .join(' ');
        return what.slice(0, 200);
      });
      return `${ref.id}: ${audit?.title ?? ''}${items.length ? ` — ${items.join('; ')}` : ''}`;
    });
}

/** Chromium with the remote debugging port Lighthouse drives; resolves once DevTools is listening. */
function launchChromium(profile: string): Promise<{ process: ChildProcess; port: number }> {
  const child = spawn(
    CHROMIUM_PATH,
    [
      '--headless=new',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      ...CHROMIUM_ARGS,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  return new Promise((resolve, reject) => {
    let output = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/DevTools listening on ws:\/\/[^:]+:(\d+)\//);
      if (match) resolve({ process: child, port: Number(match[1]) });
    });
    child.on('exit', (code) => reject(new Error(`Chromium exited (${code}): ${output}`)));
  });
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

async function main(): Promise<void> {
  if (!existsSync(path.join(root, 'build/client/index.html'))) {
    console.info('Building the web app first…');
    for (const args of [
      [path.join(root, 'scripts/build-images.ts')],
      [path.join(root, 'node_modules/@react-router/dev/bin.cjs'), 'build'],
    ]) {
      const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
      if (result.status !== 0) process.exit(result.status ?? 1);
    }
  }

  const work = mkdtempSync(path.join(tmpdir(), 'tower-lighthouse-'));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [path.join(root, 'src/server/main.ts')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      SITE_URL: origin,
      DATA_DIR: path.join(work, 'data'),
      ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      SYNC_INTERVAL_MINUTES: '0',
      PAYMENTS: 'demo',
    },
  });
  let chromium: ChildProcess | undefined;
  let floorProxy: Server | undefined;
  try {
    await waitFor(`${origin}/api/health`, { timeoutMs: 60_000 });
    if (WITH_PHOTOS) await uploadPhotos(origin);
    const floorOrigin = `http://127.0.0.1:${await freePort()}`;
    floorProxy = await startFloorProxy(origin, Number(new URL(floorOrigin).port));
    const browser = await launchChromium(path.join(work, 'chromium'));
    chromium = browser.process;
    const audit = async (url: string): Promise<Result> => {
      const result = await lighthouse(url, {
        port: browser.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
      return result;
    };
    const rows: string[][] = [];
    let homeBytes = '';
    /** The home page's LCP without scripts, the yardstick of the Book Now timing. */
    let homeFloorLcp: number | undefined;
    for (const page of PAGES) {
      const runs: Lhr[] = [];
      const floorRuns: Lhr[] = [];
      for (let run = 0; run < RUNS; run++) {
        const result = await audit(`${origin}${page}`);
        runs.push(result.lhr);
        floorRuns.push((await audit(`${floorOrigin}${page}`)).lhr);
        if (REPORTS) {
          mkdirSync(REPORTS, { recursive: true });
          const name = page === '/' ? 'home' : page.slice(1).replaceAll('/', '-');
          writeFileSync(
            path.join(REPORTS, `${name}${RUNS > 1 ? `-${run + 1}` : ''}.json`),
            String(result.report),
          );
        }
      }
      const performance = (lhr: Lhr) => lhr.categories.performance?.score ?? 0;
      const lhr = [...runs].sort((a, b) => performance(a) - performance(b))[Math.floor(runs.length / 2)]!;
      const lcp = median(runs.map(lcpMs));
      const floorLcp = median(floorRuns.map(lcpMs));
      if (page === '/') homeFloorLcp = floorLcp;
      const scripts = scriptsBeforeLoad(lhr);
      rows.push([
        page,
        ...CATEGORIES.map((category) => String(Math.round((lhr.categories[category]?.score ?? 0) * 100))),
        seconds(lcp),
        seconds(floorLcp),
        `${(lcp / floorLcp).toFixed(2)}×`,
        `${kb(scripts.bytes)} in ${scripts.files}`,
      ]);
      const metrics = METRICS.map(([name, id]) => `${name} ${lhr.audits[id]?.displayValue ?? '?'}`).join(
        ', ',
      );
      console.info(
        `  ${page}: ${metrics}${RUNS > 1 ? ` (median of ${RUNS}: ${runs.map((r) => Math.round(performance(r) * 100)).join(', ')})` : ''}`,
      );
      console.info(
        `  ${page}: LCP ${runs.map((r) => seconds(lcpMs(r))).join(', ')}; without scripts ${floorRuns.map((r) => seconds(lcpMs(r))).join(', ')}`,
      );
      const failing = CATEGORIES.flatMap((category) =>
        (lhr.categories[category]?.auditRefs ?? [])
          .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 0.9)
          .map((ref) => `${ref.id} (${lhr.audits[ref.id]?.displayValue ?? lhr.audits[ref.id]?.score})`),
      );
      if (failing.length) console.info(`  ${page}: below 0.9: ${failing.join(', ')}`);
      for (const line of bestPracticesFailures(lhr)) console.info(`  ${page}: best practices: ${line}`);
      if (page === '/') {
        const requests = (lhr.audits['network-requests']?.details as { items?: NetworkItem[] })?.items ?? [];
        const total = requests.reduce((sum, item) => sum + Number(item.transferSize ?? 0), 0);
        const scripts = requests.filter((item) => item.resourceType === 'Script');
        const scriptBytes = scripts.reduce((sum, item) => sum + Number(item.transferSize ?? 0), 0);
        homeBytes = `Home page: total transfer ${kb(total)}, JavaScript ${kb(scriptBytes)} in ${scripts.length} files (${requests.length} requests); ${metrics}`;
      }
    }
    chromium.kill();
    chromium = undefined;

    const bookNow = Object.fromEntries(BOOK_NOW_WAYS.map((way) => [way, [] as BookNowRun[]])) as Record<
      BookNowWay,
      BookNowRun[]
    >;
    for (let run = 0; run < RUNS; run++)
      for (const way of BOOK_NOW_WAYS) bookNow[way].push(await bookNowRun(origin, way, run));

    console.info('\nLighthouse 13, mobile emulation (simulated throttling), production build:\n');
    const header = [
      'page',
      'performance',
      'accessibility',
      'best practices',
      'seo',
      'LCP',
      'LCP without scripts',
      'ratio',
      'JS before load',
    ];
    const widths = header.map((title, column) =>
      Math.max(title.length, ...rows.map((row) => row[column]!.length)),
    );
    for (const row of [header, ...rows])
      console.info(row.map((cell, column) => cell.padEnd(widths[column]!)).join('  '));
    console.info(`\n${homeBytes}`);
    console.info(
      "\nBook Now usable (the card's own root says its days are buttons it handles) on a phone, Chromium with the same throttling applied by DevTools, a fresh cache each run:",
    );
    for (const [way, runs] of Object.entries(bookNow)) {
      const times = runs.map((run) => run.usable);
      const usable = median(times);
      const medianRun = runs.find((run) => run.usable === usable)!;
      const of = RUNS > 1 ? ` (median of ${times.map(seconds).join(', ')})` : '';
      if (way === 'open #booking') {
        const ratio = homeFloorLcp
          ? `${(usable / homeFloorLcp).toFixed(2)}× the home page's LCP without scripts (${seconds(homeFloorLcp)})`
          : 'no ratio (/ not measured)';
        console.info(
          `  opening /#booking: ${seconds(usable)}${of}, ${ratio}; goal ≤ ${seconds(BOOK_NOW_GOALS.openMs)} and ≤ ${BOOK_NOW_GOALS.openRatio}×`,
        );
      } else {
        const when =
          way === 'tap after load' ? 'the moment it has loaded' : `${READ_S} s after it has loaded`;
        console.info(
          `  tapping Book Now on / ${when}: ${seconds(usable)} after the tap${of}; goal ≤ ${seconds(BOOK_NOW_GOALS.tapMs)}`,
        );
      }
      console.info(`    where the time went, from the navigation: ${bookNowBreakdown(medianRun)}`);
      if (LIST_REQUESTS)
        for (const item of [...medianRun.requests].sort((a, b) => a.start - b.start))
          console.info(
            `      ${seconds(item.start)}–${seconds(item.end)} ${`${(item.bytes / 1024).toFixed(1)} KB`.padStart(8)} ${item.priority.padEnd(12)} ${item.url}`,
          );
    }
    console.info(
      `Load average while measuring: ${loadavg()
        .map((load) => load.toFixed(2))
        .join(', ')}`,
    );
  } finally {
    chromium?.kill();
    floorProxy?.close();
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
