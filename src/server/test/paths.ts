import { fileURLToPath } from 'node:url';

/** The migrated template database of the server suite (per checkout, git-ignored). */
export const TEMPLATE_DUMP_PATH = fileURLToPath(
  new URL('../../../.cache/test-template.tar', import.meta.url),
);
