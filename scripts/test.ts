/**
 * `npm test`: lint, types, unit and integration tests, the production build, then the browser tests.
 * CI runs exactly this (and the integration suite again on PostgreSQL, see .ci/run).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureChromium } from './ensure-chromium.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name: string) => path.join(root, 'node_modules/.bin', name);

const steps: [label: string, command: string, args: string[]][] = [
  ['lint', bin('biome'), ['check', '.']],
  ['types', bin('react-router'), ['typegen']],
  ['types', bin('tsc'), ['--noEmit']],
  ['unit and integration', bin('vitest'), ['run']],
  ['build', process.execPath, [path.join(root, 'scripts/build-images.ts')]],
  ['build', bin('react-router'), ['build']],
  ['browser', bin('playwright'), ['test']],
];

ensureChromium();
for (const [label, command, args] of steps) {
  console.info(`\n▶ ${label}: ${path.basename(command)} ${args.join(' ')}`);
  const started = performance.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`✗ ${label} failed after ${seconds} s`);
    process.exit(result.status ?? 1);
  }
  console.info(`✓ ${label} (${seconds} s)`);
}
