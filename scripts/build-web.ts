/**
 * Builds the web app as `npm run build` does: the photo variants first (cached: only new or changed photos are
 * encoded), then the pages. Exits the process with the failing step's status. Used by `npm start` and
 * `npm run package` when the built app is missing or stale.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

export function buildWebApp(root: string): void {
  const steps = [
    [path.join(root, 'scripts/build-images.ts')],
    [path.join(root, 'node_modules/@react-router/dev/bin.cjs'), 'build'],
  ];
  for (const args of steps) {
    const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}
