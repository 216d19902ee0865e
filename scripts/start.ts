/**
 * `npm start`: builds the web app when it is missing or older than its sources, then starts the server.
 * A deployment that ships the built app runs `npm run serve` instead.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildWebApp } from './build-web.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const builtMarker = path.join(root, 'build/client/index.html');
const sources = [
  'src/web',
  'src/domain',
  'public',
  'scripts/build-images.ts',
  'scripts/placeholder-art.ts',
  'react-router.config.ts',
  'vite.config.ts',
  'vite.card.config.ts',
  'package-lock.json',
];

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const builtAt = existsSync(builtMarker) ? statSync(builtMarker).mtimeMs : 0;
const sourcesAt = Math.max(...sources.map((source) => newestMtime(path.join(root, source))));
if (builtAt < sourcesAt) {
  console.info(builtAt ? 'Sources changed: rebuilding the web app…' : 'Building the web app (first start)…');
  buildWebApp(root);
}

const { main } = await import('../src/server/main.ts');
await main();
