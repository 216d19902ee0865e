import { fileURLToPath } from 'node:url';

export const TEMPLATE_DUMP_PATH = fileURLToPath(
  new URL('../../../node_modules/.cache/the-tower/template.tar', import.meta.url),
);
