import path from 'node:path';
import type { Config } from '@react-router/dev/config';
import { finishBuild } from './scripts/finish-build.ts';
import { PRERENDERED_PATHS } from './src/domain/site-paths.ts';

// Public pages are pre-rendered to static HTML at build time; the server serves them (no server rendering).
export default {
  appDirectory: 'src/web/app',
  buildDirectory: 'build',
  ssr: false,
  prerender: PRERENDERED_PATHS,
  // After the pages are rendered: scripts after the first paint on the marketing pages, assets pre-compressed.
  buildEnd: async ({ reactRouterConfig }) =>
    finishBuild(
      path.join(reactRouterConfig.buildDirectory, 'client'),
      path.join(reactRouterConfig.buildDirectory, 'server'),
    ),
} satisfies Config;
