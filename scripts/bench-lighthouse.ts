/**
 * `npm run bench:lighthouse`: Lighthouse (mobile emulation, Debian's Chromium) on /, /golf-stays-aberdeen and
 * /contact of the production build. Starts the server itself on a free port with a throwaway data directory,
 * prints the four category scores per page plus the home page's total transfer size and JavaScript size, then
 * stops everything it started. Goal: Performance ≥ 95; Accessibility, Best Practices and SEO 100.
 *
 * Per page it also prints the timing metrics (FCP, LCP, TBT, CLS, Speed Index), every scored audit below 0.9 and
 * why each failing Best Practices audit failed. `LIGHTHOUSE_REPORTS=dir` writes the full JSON reports there (open
 * them in the Lighthouse viewer); `LIGHTHOUSE_RUNS=n` measures each page n times and reports the median run.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './ensure-chromium.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const PAGES = ['/', '/golf-stays-aberdeen', '/contact'];
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

type Result = NonNullable<Awaited<ReturnType<typeof lighthouse>>>;
type Lhr = Result['lhr'];

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

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

async function waitFor(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
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
      ADMIN_PASSWORD: 'lighthouse-bench-password',
      LOG_LEVEL: 'warn',
      SYNC_INTERVAL_MINUTES: '0',
      PAYMENTS: 'demo',
    },
  });
  let chromium: ChildProcess | undefined;
  try {
    await waitFor(`${origin}/api/health`, 60_000);
    const browser = await launchChromium(path.join(work, 'chromium'));
    chromium = browser.process;
    const rows: string[][] = [];
    let homeBytes = '';
    for (const page of PAGES) {
      const runs: Lhr[] = [];
      for (let run = 0; run < RUNS; run++) {
        const result = await lighthouse(`${origin}${page}`, {
          port: browser.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...CATEGORIES],
        });
        if (!result) throw new Error(`Lighthouse returned nothing for ${page}`);
        runs.push(result.lhr);
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
      rows.push([
        page,
        ...CATEGORIES.map((category) => String(Math.round((lhr.categories[category]?.score ?? 0) * 100))),
      ]);
      const metrics = METRICS.map(([name, id]) => `${name} ${lhr.audits[id]?.displayValue ?? '?'}`).join(
        ', ',
      );
      console.info(
        `  ${page}: ${metrics}${RUNS > 1 ? ` (median of ${RUNS}: ${runs.map((r) => Math.round(performance(r) * 100)).join(', ')})` : ''}`,
      );
      const failing = CATEGORIES.flatMap((category) =>
        (lhr.categories[category]?.auditRefs ?? [])
          .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 0.9)
          .map((ref) => `${ref.id} (${lhr.audits[ref.id]?.displayValue ?? lhr.audits[ref.id]?.score})`),
      );
      if (failing.length) console.info(`  ${page}: below 0.9: ${failing.join(', ')}`);
      for (const line of bestPracticesFailures(lhr)) console.info(`  ${page}: best practices: ${line}`);
      if (page === '/') {
        const requests =
          (lhr.audits['network-requests']?.details as { items?: Record<string, unknown>[] })?.items ?? [];
        const total = requests.reduce((sum, item) => sum + Number(item.transferSize ?? 0), 0);
        const scripts = requests.filter((item) => item.resourceType === 'Script');
        const scriptBytes = scripts.reduce((sum, item) => sum + Number(item.transferSize ?? 0), 0);
        homeBytes = `Home page: total transfer ${kb(total)}, JavaScript ${kb(scriptBytes)} in ${scripts.length} files (${requests.length} requests); ${metrics}`;
      }
    }
    console.info('\nLighthouse 13, mobile emulation (simulated throttling), production build:\n');
    const header = ['page', 'performance', 'accessibility', 'best practices', 'seo'];
    const widths = header.map((title, column) =>
      Math.max(title.length, ...rows.map((row) => row[column]!.length)),
    );
    for (const row of [header, ...rows])
      console.info(row.map((cell, column) => cell.padEnd(widths[column]!)).join('  '));
    console.info(`\n${homeBytes}`);
  } finally {
    chromium?.kill();
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
