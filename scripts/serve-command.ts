import { readFileSync } from 'node:fs';

/**
 * The arguments `npm run serve` gives Node (its flags, then src/server/main.ts), read from package.json, so a
 * benchmark that starts the server itself measures the process production runs.
 */
export function serveArgs(root: string): string[] {
  const manifest = JSON.parse(readFileSync(`${root}/package.json`, 'utf8')) as { scripts: { serve: string } };
  const [command, ...args] = manifest.scripts.serve.trim().split(/\s+/);
  if (command !== 'node')
    throw new Error(`package.json's serve script does not start with node: ${manifest.scripts.serve}`);
  return args;
}
