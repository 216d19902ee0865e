import { readFileSync } from 'node:fs';

/**
 * The running release: package.json's version (semver, https://semver.org), shown by /api/health and the admin.
 * CHANGELOG.md says what each one changed for the owner.
 */
export const APP_VERSION: string = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
