/**
 * `npm test`: lint, types, unit and integration tests, the production build, then the browser tests (with the
 * deployment's, behind Caddy).
 * CI runs exactly this (and the integration suite again on PostgreSQL, see .ci/run).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { missingDeploymentTools } from './deployment-tools.ts';
import { ensureChromium } from './ensure-chromium.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name: string) => path.join(root, 'node_modules/.bin', name);

const reports = path.join(root, '.cache/test-reports');
const vitestReport = path.join(reports, 'vitest.json');
const playwrightReport = path.join(reports, 'playwright.json');
mkdirSync(reports, { recursive: true });

const steps: [label: string, command: string, args: string[], env?: Record<string, string>][] = [
  ['lint', bin('biome'), ['check', '.']],
  ['types', bin('react-router'), ['typegen']],
  ['types', bin('tsc'), ['--noEmit']],
  [
    'unit and integration',
    bin('vitest'),
    ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`],
  ],
  ['build', 'npm', ['run', 'build', '--silent']],
  [
    'browser',
    bin('playwright'),
    ['test', '--reporter=list,json'],
    { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport },
  ],
];

/** Counts from the runners' JSON reports, for the closing line CI reads. */
function counts(): { passed: number; failed: number } {
  const vitest = JSON.parse(readFileSync(vitestReport, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
  };
  const playwright = JSON.parse(readFileSync(playwrightReport, 'utf8')) as {
    stats: { expected: number; unexpected: number; flaky: number };
  };
  return {
    passed: vitest.numPassedTests + playwright.stats.expected,
    failed: vitest.numFailedTests + playwright.stats.unexpected + playwright.stats.flaky,
  };
}

ensureChromium();
const missingTools = missingDeploymentTools();
if (missingTools.length) {
  for (const sentence of missingTools) console.error(sentence);
  process.exit(1);
}
for (const [label, command, args, env] of steps) {
  console.info(`\n▶ ${label}: ${path.basename(command)} ${args.join(' ')}`);
  const started = performance.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`✗ ${label} failed after ${seconds} s`);
    process.exit(result.status ?? 1);
  }
  console.info(`✓ ${label} (${seconds} s)`);
}

const { passed, failed } = counts();
console.info(`\ntests: ${passed} passed, ${failed} failed`);
if (failed > 0) process.exit(1);
