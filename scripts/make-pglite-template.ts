/**
 * `npm run db:template`: makes the embedded database's template for the installed PGlite
 * (src/server/db/pglite-template/pglite-<version>.tar.br), which a new data directory starts from instead of
 * running initdb, and removes the templates of other PGlite versions. Run it after upgrading PGlite and commit the
 * result; src/server/db/pglite-options.test.ts fails until then. See docs/decisions/011-pglite-memory.md.
 */
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { installedPgliteVersion, makePgliteTemplate, templatePath } from '../src/server/db/pglite-options.ts';

const version = await installedPgliteVersion();
const target = templatePath(version);
const folder = path.dirname(target);
await mkdir(folder, { recursive: true });
await writeFile(target, await makePgliteTemplate());
for (const name of await readdir(folder)) {
  if (path.join(folder, name) !== target) await rm(path.join(folder, name));
}
console.info(`Wrote ${path.relative(process.cwd(), target)}`);
