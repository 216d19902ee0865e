/**
 * What the deployment test (e2e/https-deployment.spec.ts) runs besides the site: Debian's Caddy, and
 * systemd-analyze to check the unit file. `npm test` never installs them (Debian's caddy package starts a web
 * server on port 80 where systemd runs); CI's `.ci/run` does. Missing, the test command stops at once with a
 * sentence saying what to install, rather than passing without the deployment tested.
 */
import { existsSync } from 'node:fs';

export const CADDY_PATH = process.env.CADDY_PATH ?? '/usr/bin/caddy';
export const SYSTEMD_ANALYZE_PATH = '/usr/bin/systemd-analyze';

/** One sentence per missing tool (none: the deployment test can run). */
export function missingDeploymentTools(): string[] {
  const missing: string[] = [];
  if (!existsSync(CADDY_PATH)) {
    missing.push(
      `Caddy is missing at ${CADDY_PATH}: the deployment test needs Debian's caddy package (sudo apt-get install -y caddy), or set CADDY_PATH.`,
    );
  }
  if (!existsSync(SYSTEMD_ANALYZE_PATH)) {
    missing.push(
      `systemd-analyze is missing at ${SYSTEMD_ANALYZE_PATH}: the deployment test checks the service file with it (sudo apt-get install -y systemd).`,
    );
  }
  return missing;
}
