import type { Config } from '@react-router/dev/config';
import { PRERENDERED_PATHS } from './src/domain/site-paths.ts';

// Public pages are pre-rendered to static HTML at build time; the server serves them (no server rendering).
export default {
  appDirectory: 'src/web/app',
  buildDirectory: 'build',
  ssr: false,
  prerender: PRERENDERED_PATHS,
} satisfies Config;
