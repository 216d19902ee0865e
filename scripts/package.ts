/**
 * `npm run package`: builds the three archives the download helpers (/download, /files) offer, into
 * dist-packages/ (git-ignored), which the server serves at /downloads/<file> with their real sizes:
 *   - the-tower-website.tar.gz  the built site (build/client), for static hosting of the pages and assets;
 *   - the-tower-source.tar.gz   the full source without dependencies (`npm ci && npm start` runs it);
 *   - the-tower-server.tar.gz   the server alone: API, domain rules and migrations, no web app.
 * Builds the web app first when it is missing. Each archive is written to a temporary name, then renamed, so the
 * server never offers a half-written file.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ARCHIVE_FILES, DOWNLOADS_DIR } from '../src/server/downloads/archives.ts';
import { buildWebApp } from './build-web.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

function run(command: string, args: string[], input?: string): string {
  const result = spawnSync(command, args, {
    cwd: root,
    input,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed: ${result.stderr}`);
  return result.stdout;
}

/** Files of the source tree: what git tracks plus new files it does not ignore; without git, a filtered walk. */
function sourceFiles(): string[] {
  const git = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  });
  if (git.status === 0) {
    return git.stdout
      .split('\0')
      .filter((file) => file && existsSync(path.join(root, file)) && !file.startsWith('node_modules'));
  }
  const skip = new Set([
    'node_modules',
    'build',
    'data',
    'dist-packages',
    '.git',
    '.react-router',
    'test-results',
  ]);
  const files: string[] = [];
  const walk = (relative: string) => {
    for (const entry of run('ls', ['-A', path.join(root, relative)])
      .split('\n')
      .filter(Boolean)) {
      const child = relative ? `${relative}/${entry}` : entry;
      if (skip.has(child) || child === 'public/media' || child === 'public/social' || child === '.env')
        continue;
      if (statSync(path.join(root, child)).isDirectory()) walk(child);
      else files.push(child);
    }
  };
  walk('');
  return files;
}

const SERVER_PATHS = [
  'src/server',
  'src/domain',
  'drizzle',
  'drizzle.config.ts',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  '.env.example',
  'README.md',
];

function tarGz(target: string, files: string[], { cwd = root, exclude = [] as string[] } = {}): void {
  const temporary = `${target}.partial`;
  rmSync(temporary, { force: true });
  const args = [
    '--create',
    '--gzip',
    '--file',
    temporary,
    '--directory',
    cwd,
    ...exclude.map((pattern) => `--exclude=${pattern}`),
    '--null',
    '--files-from=-',
  ];
  run('tar', args, `${files.join('\0')}\0`);
  renameSync(temporary, target);
}

function main(): void {
  if (!existsSync(path.join(root, 'build/client/index.html'))) {
    console.info('Building the web app first…');
    buildWebApp(root);
  }
  mkdirSync(DOWNLOADS_DIR, { recursive: true });
  const archives: [string, () => void][] = [
    [
      ARCHIVE_FILES.website,
      () =>
        tarGz(path.join(DOWNLOADS_DIR, ARCHIVE_FILES.website), ['client'], { cwd: path.join(root, 'build') }),
    ],
    [ARCHIVE_FILES.full, () => tarGz(path.join(DOWNLOADS_DIR, ARCHIVE_FILES.full), sourceFiles())],
    [
      ARCHIVE_FILES.server,
      () =>
        tarGz(
          path.join(DOWNLOADS_DIR, ARCHIVE_FILES.server),
          SERVER_PATHS.filter((p) => existsSync(path.join(root, p))),
          { exclude: ['*.test.ts', 'src/server/test'] },
        ),
    ],
  ];
  for (const [file, make] of archives) {
    make();
    const size = statSync(path.join(DOWNLOADS_DIR, file)).size;
    console.info(`${file}: ${(size / 1024).toFixed(0)} KB`);
  }
  console.info(`Archives written to ${path.relative(root, DOWNLOADS_DIR)}/`);
}

main();
